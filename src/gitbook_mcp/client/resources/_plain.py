"""Plain operations, declared in one line each: a list, a read, a body-less action or a delete
that takes nothing but its path ids.

Most of the API's operations are of these three shapes. Declared as class attributes, they
state their route once (a `Parent`'s prefix plus a suffix) and are typed by what they are
given: ``listing(SITE, "/sections", SiteSection, ...)`` takes the site's two ids, and
``reading(ORG, "/saml/{samlProviderId}", SAMLProvider, ...)`` the organization's id and one
more. The suffix's placeholders are checked against that rule, and the route against the API's
table (`gitbook_mcp.api`), when the class is defined.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, TypeVarTuple, overload

from pydantic import BaseModel

from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.paths import argument_name, placeholders
from gitbook_mcp.client.resources._resource import APIResource, Parent, _require, check_route

if TYPE_CHECKING:
    from gitbook_mcp.client._base import BaseClient
    from gitbook_mcp.client.pagination import AsyncPaginator

__all__ = ["Deleting", "Fetching", "Listing", "deleting", "listing", "posting", "reading"]

M = TypeVar("M", bound=BaseModel)
Ids = TypeVarTuple("Ids")


class _Bound:
    """What a declared operation is on an instance: called with the path ids, each named after
    its placeholder (``{siteId}`` is ``site_id``) in its signature."""

    __name__: str
    __operation_id__: str
    __signature__: inspect.Signature

    def __init__(self, resource: APIResource, declared: _Plain[Any]) -> None:
        self._resource = resource
        self._method = declared.method
        self._path = declared.path
        self._placeholders = placeholders(declared.path)

    def _ids(self, values: tuple[object, ...]) -> dict[str, object]:
        """The ids given, by placeholder name (refused, before sending, when one is missing)."""
        if len(values) != len(self._placeholders):
            n = len(self._placeholders)
            raise InvalidRequestError(f"{self._path} takes {n} ids, got {len(values)}")
        return dict(zip(self._placeholders, values, strict=True))

    def options(self) -> list[inspect.Parameter]:
        """The keyword options after the ids (none, but for a list)."""
        return []

    def _client(self) -> BaseClient:
        """The resource's client, once it is known to offer the operation."""
        client = self._resource._client
        _require(client, self.__operation_id__)
        return client

    def __repr__(self) -> str:
        return f"<operation {self.__operation_id__}>"


B = TypeVar("B", bound=_Bound)


class _Plain(Generic[B]):
    """One declared operation: its route and operationId; read through an instance, it is
    the bound ``B``, tied to that resource's client, named and documented like a method."""

    def __init__(self, method: str, path: str, operation_id: str, doc: str) -> None:
        self.method = method
        self.path = path
        self.operation_id = operation_id
        self.ids = [argument_name(name) for name in placeholders(path)]
        self.doc = f"{method} {path}\n\n{doc}"
        self.name = operation_id

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    def _bind(self, resource: APIResource) -> B:
        """The operation bound to ``resource`` (each kind of operation says how)."""
        raise NotImplementedError

    @overload
    def __get__(self, obj: None, owner: type[Any]) -> Self: ...
    @overload
    def __get__(self, obj: APIResource, owner: type[Any]) -> B: ...
    def __get__(self, obj: APIResource | None, owner: type[Any]) -> Self | B:
        if obj is None:
            return self
        bound = self._bind(obj)
        bound.__name__ = self.name
        bound.__doc__ = self.doc
        bound.__operation_id__ = self.operation_id
        only = inspect.Parameter.POSITIONAL_ONLY
        ids = [inspect.Parameter(name, only, annotation="str") for name in self.ids]
        bound.__signature__ = inspect.Signature([*ids, *bound.options()])
        vars(obj)[self.name] = bound  # later reads find it on the instance (a cache)
        return bound


def _checked(
    parent: Parent[*tuple[Any, ...]], suffix: str, extra: int, what: str, route: tuple[str, str]
) -> str:
    """The full path of ``suffix`` under ``parent``, when the suffix adds ``extra`` ids and
    ``route`` (method, operationId) is the API table's."""
    added = len(placeholders(suffix))
    if added != extra:
        raise TypeError(f"{what} {suffix!r} adds {added} path ids; it must add {extra}")
    method, operation_id = route
    check_route(operation_id, method, parent.prefix + suffix)
    return parent.prefix + suffix


class BoundListing(_Bound, Generic[M, *Ids]):
    def __init__(self, resource: APIResource, declared: Listing[M, *Ids]) -> None:
        super().__init__(resource, declared)
        self._item = declared.item

    def options(self) -> list[inspect.Parameter]:
        keyword = inspect.Parameter.KEYWORD_ONLY
        return [
            inspect.Parameter("page", keyword, default=None, annotation="str | None"),
            inspect.Parameter("limit", keyword, default=None, annotation="int | None"),
        ]

    def __call__(
        self, *ids: *Ids, page: str | None = None, limit: int | None = None
    ) -> AsyncPaginator[M]:
        ids_ = self._ids(ids)
        return self._client().paginate(
            self._path, item=self._item, ids=ids_, page=page, limit=limit
        )


class Listing(_Plain[BoundListing[M, *Ids]], Generic[M, *Ids]):
    """A paginated list under a parent: called with the parent's ids, ``page`` and ``limit``."""

    def __init__(self, path: str, item: type[M], operation_id: str, doc: str) -> None:
        super().__init__("GET", path, operation_id, doc)
        self.item = item

    def _bind(self, resource: APIResource) -> BoundListing[M, *Ids]:
        return BoundListing(resource, self)


class BoundFetching(_Bound, Generic[M, *Ids]):
    def __init__(self, resource: APIResource, declared: Fetching[M, *Ids]) -> None:
        super().__init__(resource, declared)
        self._cast_to = declared.cast_to

    async def __call__(self, *ids: *Ids) -> M:
        client = self._client()
        return await client.request(
            self._method, self._path, ids=self._ids(ids), cast_to=self._cast_to
        )


class Fetching(_Plain[BoundFetching[M, *Ids]], Generic[M, *Ids]):
    """One call that answers one object: called with every id of its path."""

    def __init__(
        self, method: str, path: str, cast_to: type[M], operation_id: str, doc: str
    ) -> None:
        super().__init__(method, path, operation_id, doc)
        self.cast_to = cast_to

    def _bind(self, resource: APIResource) -> BoundFetching[M, *Ids]:
        return BoundFetching(resource, self)


class BoundDeleting(_Bound, Generic[*Ids]):
    async def __call__(self, *ids: *Ids) -> bool:
        return await self._client().request_delete(self._path, ids=self._ids(ids))


class Deleting(_Plain[BoundDeleting[*Ids]], Generic[*Ids]):
    """A delete: called with every id of its path; True if deleted, False if it did not exist."""

    def _bind(self, resource: APIResource) -> BoundDeleting[*Ids]:
        return BoundDeleting(resource, self)


def listing(
    parent: Parent[*Ids], suffix: str, item: type[M], operation_id: str, *, doc: str = ""
) -> Listing[M, *Ids]:
    """A list of ``item`` at ``suffix`` under ``parent`` (the suffix adds no id)."""
    path = _checked(parent, suffix, 0, "a list", ("GET", operation_id))
    doc = doc or "Await it for one page, or ``async for`` over every item."
    return Listing(path, item, operation_id, doc)


def reading(
    parent: Parent[*Ids], suffix: str, cast_to: type[M], operation_id: str, *, doc: str = ""
) -> Fetching[M, *Ids, str]:
    """A GET answering one ``cast_to`` at ``suffix`` under ``parent`` (the suffix adds one id)."""
    path = _checked(parent, suffix, 1, "a read", ("GET", operation_id))
    return Fetching("GET", path, cast_to, operation_id, doc or f"One {cast_to.__name__}.")


def posting(
    parent: Parent[*Ids], suffix: str, cast_to: type[M], operation_id: str, *, doc: str
) -> Fetching[M, *Ids, str]:
    """A POST without a body, answering one ``cast_to`` (the suffix adds one id)."""
    path = _checked(parent, suffix, 1, "an action", ("POST", operation_id))
    return Fetching("POST", path, cast_to, operation_id, doc)


def deleting(
    parent: Parent[*Ids], suffix: str, operation_id: str, *, doc: str = ""
) -> Deleting[*Ids, str]:
    """A delete at ``suffix`` under ``parent`` (the suffix adds one id)."""
    path = _checked(parent, suffix, 1, "a delete", ("DELETE", operation_id))
    doc = doc or "True if deleted, False if it did not exist."
    return Deleting("DELETE", path, operation_id, doc)
