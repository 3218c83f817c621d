"""Base classes for wire models: responses accept unknown fields, requests reject typos.

The one rule for request bodies: an argument left at ``NOT_GIVEN`` (or not passed) is omitted;
``None`` is sent as JSON ``null``, and only for the fields the contract declares nullable
(``nullable_fields``); anywhere else ``None`` is refused before sending.

Most bodies are declared once, as a `TypedDict` of a method's keyword options
(``**body: Unpack[UpdateSpaceRequest]``); `body_model` derives the model that checks and sends
them, so an option is never written twice.
"""

from __future__ import annotations

import functools
import json
import types
from collections.abc import Mapping
from typing import (
    Annotated,
    Any,
    ClassVar,
    NotRequired,
    Required,
    Self,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator
from pydantic.fields import FieldInfo

from gitbook_mcp.client._types import NotGiven

__all__ = [
    "APIModel",
    "Paging",
    "Pointer",
    "RequestModel",
    "body_model",
    "required_keys",
    "wire_name",
]


class APIModel(BaseModel):
    """A response object. Unknown fields are kept, so a new server field never breaks parsing.

    Field names are the API's own (``createdAt``, ``photoURL``): agents, docs and the contract
    all speak them, and a translation layer would be one more thing to get wrong.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, frozen=False)


class RequestModel(BaseModel):
    """A request body. Unknown fields are refused, so a misspelt option fails before sending.

    Fields in ``always_sent`` (constant discriminators such as ``type``) are sent even when
    the caller left them to their default.
    """

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    nullable_fields: ClassVar[frozenset[str]] = frozenset()
    always_sent: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="before")
    @classmethod
    def _omit_not_given(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            return {k: v for k, v in data.items() if not isinstance(v, NotGiven)}
        return data

    @model_validator(mode="after")
    def _null_only_where_allowed(self) -> Self:
        for name in sorted(self.model_fields_set):
            if getattr(self, name) is None and name not in self.nullable_fields:
                raise ValueError(f"{name} cannot be null; leave it out instead")
        self.model_fields_set.update(self.always_sent)
        return self

    def to_body(self) -> dict[str, Any]:
        """The JSON body: only the fields that were set, with explicit ``None`` kept as null."""
        return self.model_dump(mode="json", exclude_unset=True, by_alias=True)

    def to_json(self) -> bytes:
        """`to_body` as compact JSON bytes, as the request loop sends it."""
        return json.dumps(self.to_body(), separators=(",", ":")).encode()


class Pointer(RequestModel):
    """A reference to another object in a body, ``{"type": <kind>, <kind>: <id>}``; its
    constant ``type`` is always sent."""

    always_sent: ClassVar[frozenset[str]] = frozenset({"type"})


class Paging(TypedDict, total=False):
    """The options of every paginated list: the page to start from and its size (1 to 1000)."""

    page: str | None
    limit: int | None


def wire_name(option: str) -> str:
    """The API's name of a keyword option: ``default_site_space`` -> ``defaultSiteSpace``."""
    head, *rest = option.split("_")
    return head + "".join(part.title() for part in rest)


@functools.cache
def body_model(shape: type) -> type[RequestModel]:
    """The `RequestModel` of a body declared as a `TypedDict`: each key a field sent under its
    `wire_name` (or the alias an ``Annotated`` `Field` gives), nullable where its type admits
    None, required where the TypedDict requires it."""
    if not is_typeddict(shape):
        raise TypeError(f"{shape!r} is not a TypedDict")
    fields: dict[str, Any] = {}
    nullable = set()
    required = required_keys(shape)
    for key, hint in get_type_hints(shape, include_extras=True).items():
        hint = _unwrap_required(hint)
        if _admits_none(hint):
            nullable.add(key)
        alias = _alias(hint) or wire_name(key)
        hint = _wired(hint)
        if key in required:
            fields[key] = (hint, Field(alias=alias))
        else:  # optional: None passes the type so that the null rule explains the refusal
            fields[key] = (_or_none(hint), Field(default=None, alias=alias))
    model = create_model(
        shape.__name__, __base__=RequestModel, __module__=shape.__module__, **fields
    )
    model.nullable_fields = frozenset(nullable)
    model.__doc__ = shape.__doc__
    return model


@functools.cache
def required_keys(shape: type) -> frozenset[str]:
    """The keys a TypedDict requires. Read from the resolved hints: under
    ``from __future__ import annotations`` its own ``__required_keys__`` misses ``Required``."""
    hints = get_type_hints(shape, include_extras=True)
    declared = shape.__required_keys__  # type: ignore[attr-defined]
    return frozenset(
        key
        for key, hint in hints.items()
        if get_origin(hint) is Required or (key in declared and get_origin(hint) is not NotRequired)
    )


def _unwrap_required(hint: Any) -> Any:
    """``NotRequired[X]`` and ``Required[X]`` -> ``X``."""
    return get_args(hint)[0] if get_origin(hint) in (NotRequired, Required) else hint


def _or_none(hint: Any) -> Any:
    """``X | None``, keeping ``Annotated`` constraints outside the union."""
    if get_origin(hint) is Annotated:
        inner, *metadata = get_args(hint)
        return Annotated[inner | None, *metadata]
    return hint | None


def _admits_none(hint: Any) -> bool:
    """Whether ``hint`` (through ``Annotated``) is a union with None."""
    if get_origin(hint) is Annotated:
        return _admits_none(get_args(hint)[0])
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


class Wire:
    """``Annotated[Mapping[str, Any], Wire(Model)]``: a key callers give as plain data (a
    mapping, a list), checked and sent as ``Model``."""

    def __init__(self, model: Any) -> None:
        self.model = model


def _wired(hint: Any) -> Any:
    """The type a key is checked as: its `Wire` model if it names one, else its own."""
    if get_origin(hint) is Annotated:
        wires = [m.model for m in get_args(hint)[1:] if isinstance(m, Wire)]
        if wires:
            return wires[0]
    return hint


def _alias(hint: Any) -> str | None:
    """The alias an ``Annotated[X, Field(alias=...)]`` gives, if any."""
    if get_origin(hint) is not Annotated:
        return None
    aliases = [m.alias for m in get_args(hint)[1:] if isinstance(m, FieldInfo) and m.alias]
    return aliases[0] if aliases else None
