"""`Call`: one parsed request, with validators that name the offending field in a 400.

Handlers only translate: they read path, query and body through these helpers, call the
store, and turn its result into a response with `ok`, `created` or `deleted`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gitbook_mcp.api import Profile
from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid, an_object, one_of
from gitbook_mcp.local.http.answer_json import answer_json
from gitbook_mcp.local.http.patterns import ContractPattern
from gitbook_mcp.local.store.access import ROLES, Actor
from gitbook_mcp.local.store.paging import MAX_LIMIT, PageWindow

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["Body", "Call", "Query", "Shaped", "created", "deleted", "no_content", "ok"]

URL_RE = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^\s]+$")


def ok(data: Any, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status)


class Shaped(JSONResponse):
    """An answer already in the served profile's shape (`Call.fresh`): the app sends it as is,
    the `RawJSON` texts it holds (pages' documents) written in unparsed."""

    def render(self, content: Any) -> bytes:
        return answer_json(content).encode("utf-8")


def created(data: Any) -> Response:
    return JSONResponse(data, status_code=201)


def deleted(existed: bool) -> Response:
    """205 when the target was deleted, 204 when it did not exist."""
    return Response(status_code=205 if existed else 204)


def no_content() -> Response:
    return Response(status_code=204)


class _Fields:
    """Typed readers over a mapping of raw values; each raises `Invalid` naming the field."""

    where = "body"

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.values = values

    def has(self, name: str) -> bool:
        return name in self.values

    def _raw(self, name: str, required: bool) -> Any:
        if name not in self.values:
            if required:
                raise Invalid(name, f"is required in the {self.where}")
            return ABSENT
        return self.values[name]

    def string(
        self,
        name: str,
        *,
        required: bool = False,
        min_len: int = 0,
        max_len: int | None = None,
        pattern: re.Pattern[str] | ContractPattern | None = None,
        nullable: bool = False,
        choices: tuple[str, ...] | None = None,
        default: Any = None,
    ) -> Any:
        value = self._raw(name, required)
        if value is ABSENT:
            return default
        if value is None:
            if nullable:
                return None
            raise Invalid(name, "must not be null")
        value = self._coerce_str(name, value)
        if len(value) < min_len:
            raise Invalid(name, f"must be at least {min_len} characters")
        if max_len is not None and len(value) > max_len:
            raise Invalid(name, f"must be at most {max_len} characters")
        if pattern is not None and not _matches(pattern, value):
            raise Invalid(name, f"must match the pattern {pattern.pattern}")
        return value if choices is None else one_of(name, value, choices)

    def _coerce_str(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise Invalid(name, "must be a string")
        return value

    def url(
        self, name: str, *, required: bool = False, max_len: int = 2048, nullable: bool = False
    ) -> Any:
        value = self.string(name, required=required, max_len=max_len, nullable=nullable)
        if isinstance(value, str) and not URL_RE.match(value):
            raise Invalid(name, "must be an absolute URL")
        return value

    def role(self, name: str, *, required: bool = False, nullable: bool = True) -> Any:
        return self.string(
            name, required=required, nullable=nullable, choices=ROLES, default=ABSENT
        )

    def boolean(self, name: str, *, required: bool = False, default: Any = None) -> Any:
        value = self._raw(name, required)
        if value is ABSENT:
            return default
        return self._coerce_bool(name, value)

    def _coerce_bool(self, name: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise Invalid(name, "must be a boolean")
        return value

    def integer(
        self,
        name: str,
        *,
        required: bool = False,
        minimum: int | None = None,
        maximum: int | None = None,
        default: Any = None,
    ) -> Any:
        value = self._raw(name, required)
        if value is ABSENT:
            return default
        number = self._coerce_int(name, value)
        if minimum is not None and number < minimum:
            raise Invalid(name, f"must be at least {minimum}")
        if maximum is not None and number > maximum:
            raise Invalid(name, f"must be at most {maximum}")
        return number

    def _coerce_int(self, name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid(name, "must be an integer")
        if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
            raise Invalid(name, "must be an integer")
        return int(value)

    def strings(self, name: str, *, required: bool = False, max_items: int | None = None) -> Any:
        value = self._raw(name, required)
        if value is ABSENT:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise Invalid(name, "must be an array of strings")
        if max_items is not None and len(value) > max_items:
            raise Invalid(name, f"must have at most {max_items} items")
        return value

    def object(self, name: str, *, required: bool = False, nullable: bool = False) -> Any:
        value = self._raw(name, required)
        if value is ABSENT:
            return None
        if value is None and nullable:
            return None
        return an_object(name, value)

    def raw(self, name: str, *, required: bool = False) -> Any:
        """The value as sent, or `ABSENT` when it was not."""
        return self._raw(name, required)


class Body(_Fields):
    """The JSON body. `ABSENT` tells "not sent" apart from an explicit null."""

    where = "body"


class Query(_Fields):
    """Query parameters; numbers and booleans arrive as text and are parsed here."""

    where = "query"

    def __init__(self, values: Mapping[str, Any], multi: Mapping[str, list[str]]) -> None:
        super().__init__(values)
        self._multi = multi

    def _coerce_bool(self, name: str, value: Any) -> bool:
        if value in ("true", "1", True):
            return True
        if value in ("false", "0", False):
            return False
        raise Invalid(name, "must be true or false")

    def _coerce_int(self, name: str, value: Any) -> int:
        number = _finite(name, value)
        if not number.is_integer():
            raise Invalid(name, "must be an integer")
        return int(number)

    def strings(self, name: str, *, required: bool = False, max_items: int | None = None) -> Any:  # noqa: ARG002 - the body getter's signature; the query's lists are not capped yet
        values = self._multi.get(name)
        if not values:
            if required:
                raise Invalid(name, "is required in the query")
            return None
        out: list[str] = []
        for v in values:
            out.extend(part for part in v.split(",") if part)
        return out

    def limit(self) -> int | None:
        """``limit``: 1 to 1000 when given."""
        value = self.values.get("limit")
        if value is None:
            return None
        number = _finite("limit", value)
        if not number.is_integer() or not 1 <= number <= MAX_LIMIT:
            raise Invalid("limit", f"must be an integer between 1 and {MAX_LIMIT}")
        return int(number)

    def page(self) -> str | None:
        value = self.values.get("page")
        return value if value else None

    def paging(self) -> PageWindow:
        """``page`` and ``limit``: which page of a list the caller asks for."""
        return PageWindow(self.page(), self.limit())


def _matches(pattern: re.Pattern[str] | ContractPattern, value: str) -> bool:
    """A contract's pattern is searched (JSON Schema); our own regexes match the whole value."""
    if isinstance(pattern, ContractPattern):
        return pattern.accepts(value)
    return pattern.fullmatch(value) is not None


def _finite(name: str, value: Any) -> float:
    """A query value as a finite number (``nan`` and ``inf`` parse as floats but are refused)."""
    try:
        number = float(value)
    except (TypeError, ValueError) as exc:
        raise Invalid(name, "must be a number") from exc
    if not math.isfinite(number):
        raise Invalid(name, "must be a finite number")
    return number


class Call:
    """A request on its way to the store: the caller, path ids, query and body."""

    def __init__(
        self,
        request: Request,
        store: Store,
        actor: Actor,
        body: Any,
        shape: Callable[[Any], Any] | None = None,
    ) -> None:
        self.request = request
        self.store = store
        self.actor = actor
        self._body = body
        self._shape = shape
        multi: dict[str, list[str]] = {}
        for key, value in request.query_params.multi_items():
            multi.setdefault(key, []).append(value)
        self.query = Query(dict(request.query_params), multi)

    def fresh(self, data: Any) -> Response:
        """``ok`` for an answer built for this request alone (no part of it held by the store or
        by another answer): put in the profile's shape in place (``shape``), then rendered once.
        Any other answer is rendered, parsed back and reshaped by the app: three passes over a
        page read, which holds every page below it with its document."""
        return Shaped(data if self._shape is None else self._shape(data))

    @property
    def profile(self) -> Profile:
        """The API profile the app serves (`create_app`'s ``profile``), for per-profile rules."""
        profile: Profile = getattr(self.request.app.state, "profile", "seed")
        return profile

    def path(self, name: str) -> str:
        """A path parameter, percent-decoded (the app matches routes on the raw path)."""
        value = self.path_or_none(name)
        if value is None:
            raise KeyError(name)
        return value

    def path_or_none(self, name: str) -> str | None:
        """A path parameter the route may not have (None then), percent-decoded."""
        value = self.request.path_params.get(name)
        return None if value is None else unquote(value)

    def in_space(self) -> tuple[Actor, str, str | None]:
        """The caller, the space, and the change request when the route names one (the same
        handler serves a space's content or comments and a change request's)."""
        return self.actor, self.path("spaceId"), self.path_or_none("changeRequestId")

    def in_change_request(self) -> tuple[Actor, str, str]:
        """The caller, the space and the change request of a route under a change request."""
        return self.actor, self.path("spaceId"), self.path("changeRequestId")

    @property
    def body(self) -> Body:
        if self._body is None:
            return Body({})
        if not isinstance(self._body, dict):
            raise Invalid("body", "must be a JSON object")
        return Body(self._body)

    @property
    def raw_body(self) -> Any:
        return self._body
