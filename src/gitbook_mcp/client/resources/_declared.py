"""Operations declared in one line: a read, a paginated list or a delete that takes only path ids.

Most resources have such operations; as methods they differ only in their operationId, route,
model and one line of documentation. Declared with `read_op`, `list_op` or `delete_op`, each is
a method like any other (``@operation``-guarded, its docstring starting with the route, its
path ids positional parameters named after the path) and is typed by the attribute's
annotation: ``get: ReadOp[Team, str, str] = read_op(...)`` takes two ids and answers a ``Team``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar, TypeVarTuple

from pydantic import BaseModel

from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation, path_id_names

__all__ = ["DeleteOp", "ListOp", "ReadOp", "delete_op", "list_op", "read_op"]

M = TypeVar("M", bound=BaseModel)
M_co = TypeVar("M_co", bound=BaseModel, covariant=True)
Ids = TypeVarTuple("Ids")


class ReadOp(Protocol[M_co, *Ids]):
    """A read declared with `read_op`: the path ids in, the model out."""

    def __call__(self, *ids: *Ids) -> Coroutine[Any, Any, M_co]: ...


class ListOp(Protocol[M, *Ids]):
    """A list declared with `list_op`: the path ids in, a lazy paginator of the model out."""

    def __call__(
        self, *ids: *Ids, page: str | None = None, limit: int | None = None
    ) -> AsyncPaginator[M]: ...


class DeleteOp(Protocol[*Ids]):
    """A delete declared with `delete_op`: True when deleted, False when it did not exist."""

    def __call__(self, *ids: *Ids) -> Coroutine[Any, Any, bool]: ...


# The factories answer Any: the attribute's annotation (a `ReadOp`, `ListOp` or `DeleteOp` with
# the path's ids) is the type callers see, and no return type could carry the path's arity.


def read_op(operation_id: str, route: str, model: type[BaseModel], doc: str) -> Any:
    """A method that sends ``route`` and reads the answer as ``model``."""

    async def read(self: APIResource, *_ids: object, **_named: object) -> BaseModel:
        return await self._call(model)  # the ids reach the request through `operation`

    return _declare(read, operation_id, route, doc, paged=False)


def list_op(operation_id: str, route: str, item: type[BaseModel], doc: str) -> Any:
    """A method that lists ``route``'s items as ``item``, one page at a time."""

    def listing(
        self: APIResource,
        *_ids: object,
        page: str | None = None,
        limit: int | None = None,
        **_named: object,
    ) -> AsyncPaginator[BaseModel]:
        return self._paginate(item, page=page, limit=limit)

    return _declare(listing, operation_id, route, doc, paged=True)


def delete_op(operation_id: str, route: str, doc: str) -> Any:
    """A method that sends the DELETE ``route``."""

    async def delete(self: APIResource, *_ids: object, **_named: object) -> bool:
        return await self._delete()

    return _declare(delete, operation_id, route, doc, paged=False)


def _declare(
    fn: Callable[..., Any], operation_id: str, route: str, doc: str, *, paged: bool
) -> Any:
    """``fn`` with the signature its route names (and ``page``/``limit`` when ``paged``), its
    documentation, and `operation`'s guard."""
    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter("self", positional)]
    params += [
        inspect.Parameter(name, positional, annotation="str")
        for name in path_id_names(route.split(" ", 1)[1])
    ]
    if paged:
        params += [
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind)
            for name, kind in (("page", "str | None"), ("limit", "int | None"))
        ]
    fn.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    fn.__doc__ = doc
    return operation(operation_id, route)(fn)
