"""What every resource shares: its client, the senders its methods call, and the
``@operation`` marker naming the API operation a method implements.

A method names its route and binds each path id by name, in openai-python's style::

    @operation("getSiteById")
    async def get(self, organization_id: str, site_id: str) -> Site:
        '''One Site.'''
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._get("/orgs/{organizationId}/sites/{siteId}", ids=ids, cast_to=Site)

Keyword options declared as ``**options: Unpack[SomeTypedDict]`` are checked by an explicit
call: `body_of` for a write's body, `query_of` for a GET's query, `check_options` where a
method builds its body itself.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast, get_type_hints

from pydantic import BaseModel

from gitbook_mcp.api import OPERATIONS
from gitbook_mcp.client._types import NotGiven
from gitbook_mcp.client.models._base import RequestModel, body_model, required_keys, wire_name
from gitbook_mcp.client.pagination import AsyncPaginator, ListPage
from gitbook_mcp.client.paths import argument_name, placeholders

if TYPE_CHECKING:
    from gitbook_mcp.client._base import BaseClient

__all__ = [
    "APIResource",
    "body_of",
    "check_options",
    "operation",
    "operation_id_of",
    "operation_of",
    "query_of",
]

F = TypeVar("F", bound=Callable[..., Any])
M = TypeVar("M", bound=BaseModel)


def operation(operation_id: str) -> Callable[[F], F]:
    """Mark a method as the client's implementation of one operationId of the API's table
    (`gitbook_mcp.api`): read by the coverage and profile checks, it refuses the call before
    anything is sent when the client's profile lacks the operation, and puts the route first
    in the method's docstring. Every placeholder of the route must be a positional argument of
    its name (``{siteId}`` is ``site_id``), checked when the method is defined.
    """
    row = OPERATIONS.get(operation_id)
    if row is None:
        raise TypeError(f"the API has no operation {operation_id!r}")

    def mark(fn: F) -> F:
        _check_ids(fn, row.path)
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def offered_async(self: APIResource, *args: Any, **kwargs: Any) -> Any:
                self._client.require(operation_id)
                return await fn(self, *args, **kwargs)

            offered: Callable[..., Any] = offered_async
        else:

            @functools.wraps(fn)
            def offered_sync(self: APIResource, *args: Any, **kwargs: Any) -> Any:
                self._client.require(operation_id)
                return fn(self, *args, **kwargs)

            offered = offered_sync
        offered.__operation_id__ = operation_id  # type: ignore[attr-defined]
        offered.__doc__ = f"{row.method} {row.path}\n\n{inspect.getdoc(fn)}"
        return cast("F", offered)

    return mark


def _check_ids(fn: Callable[..., Any], path: str) -> None:
    """Refuse a method whose positional arguments (after ``self``) are not exactly its path's
    ids, each named after its placeholder (``{siteId}`` is ``site_id``)."""
    params = inspect.signature(fn).parameters.values()
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD][1:]
    needed = [argument_name(name) for name in placeholders(path)]
    if sorted(positional) != sorted(needed):
        raise TypeError(f"{fn.__qualname__} takes {positional}; {path} needs the ids {needed}")


def operation_id_of(fn: Any) -> str | None:
    """The operationId a method implements, or None for anything else."""
    value = getattr(fn, "__operation_id__", None)
    return value if isinstance(value, str) else None


def operation_of(fn: Any) -> str:
    """The operationId a client method implements; anything else is refused."""
    operation_id = operation_id_of(fn)
    if operation_id is None:
        raise TypeError(f"{fn!r} implements no API operation")
    return operation_id


def check_options(shape: type, given: Mapping[str, object]) -> Mapping[str, object]:
    """``given``, once every key is one of the TypedDict ``shape``'s and every key it requires
    is there: a misspelt or missing keyword option fails with a `TypeError` before anything is
    sent, as it would for a spelled-out keyword."""
    unknown = sorted(given.keys() - _keys(shape))
    if unknown:
        raise TypeError(f"unexpected keyword options: {', '.join(unknown)}")
    missing = sorted(required_keys(shape) - given.keys())
    if missing:
        raise TypeError(f"missing required keyword options: {', '.join(missing)}")
    return given


def body_of(shape: type, given: Mapping[str, object]) -> RequestModel:
    """The request body a write's keyword options fill, checked against its TypedDict
    ``shape`` (`check_options`, then the model `body_model` derives from it)."""
    return body_model(shape).model_validate(check_options(shape, given))


def query_of(shape: type, given: Mapping[str, object]) -> dict[str, object]:
    """The query a GET's keyword options fill, checked against its TypedDict ``shape``, each
    under its camelCase name (``target_page`` -> ``targetPage``)."""
    check_options(shape, given)
    return {wire_name(k): v for k, v in given.items() if not isinstance(v, NotGiven)}


@functools.cache
def _keys(shape: type) -> frozenset[str]:
    """Every key of a TypedDict, its bases' included."""
    return frozenset(get_type_hints(shape))


Ids = Mapping[str, object]
"""A request's path ids, by placeholder name (``{"siteId": site_id}``)."""


class APIResource:
    """A group of operations, as the API groups them: holds the shared client and sends
    through its one request loop."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client

    async def _get(
        self, path: str, *, ids: Ids, cast_to: type[M], query: Ids | None = None, tree: bool = False
    ) -> M:
        """GET ``path`` (its ``{name}`` placeholders filled from ``ids``, by name) as ``cast_to``
        (``tree``: a revision's page tree, read under the client's ``max_tree_bytes``)."""
        cap = self._client.max_tree_bytes if tree else None
        return await self._client.request(
            "GET", path, ids=ids, params=query, cast_to=cast_to, max_bytes=cap
        )

    async def _post(
        self,
        path: str,
        *,
        ids: Ids,
        cast_to: type[M],
        body: RequestModel | None = None,
        query: Ids | None = None,
    ) -> M:
        """POST ``body`` to ``path`` and read the answer as ``cast_to``."""
        return await self._client.request(
            "POST", path, ids=ids, params=query, body=body, cast_to=cast_to
        )

    async def _put(self, path: str, *, ids: Ids, cast_to: type[M], body: RequestModel) -> M:
        """PUT ``body`` at ``path`` and read the answer as ``cast_to``."""
        return await self._client.request("PUT", path, ids=ids, body=body, cast_to=cast_to)

    async def _patch(self, path: str, *, ids: Ids, cast_to: type[M], body: RequestModel) -> M:
        """PATCH ``path`` with ``body`` and read the answer as ``cast_to``."""
        return await self._client.request("PATCH", path, ids=ids, body=body, cast_to=cast_to)

    async def _send_empty(self, method: str, path: str, *, ids: Ids, body: RequestModel) -> None:
        """A write whose success has no body (204), such as permission and membership writes."""
        await self._client.request_empty(method, path, ids=ids, body=body)

    async def _delete(self, path: str, *, ids: Ids) -> bool:
        """DELETE ``path``: True when deleted, False when the target did not exist."""
        return await self._client.request_delete(path, ids=ids)

    def _list(
        self,
        path: str,
        *,
        ids: Ids,
        item: type[M],
        query: Ids | None = None,
        page_type: type[ListPage[M]] | None = None,
    ) -> AsyncPaginator[M]:
        """GET the list at ``path`` as a lazy paginator of ``item``, from the page ``query``
        names (its ``page`` and ``limit``; the rest is sent as the query)."""
        rest = dict(query or {})
        page, limit = rest.pop("page", None), rest.pop("limit", None)
        return self._client.paginate(
            path,
            item=item,
            ids=ids,
            params=rest,
            page=cast("str | None", page),
            limit=cast("int | None", limit),
            page_type=page_type,
        )
