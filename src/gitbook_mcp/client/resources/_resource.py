"""What every resource shares: its client, the ``@operation`` marker naming the API operation,
and the parent-scoped resources for shapes the API repeats under two parents.

A `ScopedResource` is one implementation bound to a `Parent` (a space, a change request, a
collection): ``client.comments`` and ``client.change_request_comments`` are the same class.
Its methods are declared with `scoped`, which names the operation of each parent; a parent
that lacks the operation refuses the call before anything is sent.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Generic, TypeVar, TypeVarTuple, cast, get_type_hints

from pydantic import BaseModel

from gitbook_mcp.api import OPERATIONS
from gitbook_mcp.client._types import NotGiven
from gitbook_mcp.client.errors import InvalidRequestError, OperationNotInProfile
from gitbook_mcp.client.models._base import RequestModel, body_model, required_keys, wire_name
from gitbook_mcp.client.pagination import AsyncPaginator, ListPage
from gitbook_mcp.client.paths import argument_name, placeholders
from gitbook_mcp.client.resources._options import OperationOptions

if TYPE_CHECKING:
    from gitbook_mcp.client._base import BaseClient

__all__ = [
    "CHANGE_REQUEST",
    "COLLECTION",
    "ORG",
    "ROOT",
    "SITE",
    "SPACE",
    "APIResource",
    "Ids",
    "OperationNotOfferedError",
    "Parent",
    "ScopedResource",
    "body_of",
    "check_options",
    "operation",
    "operation_id_of",
    "query_of",
    "scoped",
]

F = TypeVar("F", bound=Callable[..., Any])
M = TypeVar("M", bound=BaseModel)
Ids = TypeVarTuple("Ids")


class OperationCall:
    """The request an operation method is running: its HTTP method, path template, path ids,
    the body `operation` built from the method's options, if it declares one, and for a GET
    its query and paging, read from the keyword options.

    A GET's keyword options are its query parameters, each named by its camelCase name
    (``target_page`` -> ``targetPage``); a list takes ``page`` and ``limit`` from them.
    """

    def __init__(
        self,
        method: str,
        path: str,
        ids: Mapping[str, object],
        body: RequestModel | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.method = method
        self.path = path
        self.ids = dict(ids)
        self.body = body
        given = (options or {}) if method == "GET" else {}
        self.query = {
            wire_name(name): value
            for name, value in given.items()
            if not isinstance(value, NotGiven)  # a spelled-out option the caller left out
        }


_CALL: ContextVar[OperationCall] = ContextVar("gitbook_mcp_client_call")
"""Set by `operation` and `scoped` while their method runs, read by `APIResource`'s senders."""


@contextmanager
def _running(call: OperationCall) -> Iterator[None]:
    """Make ``call`` the running operation's request for the time of the block."""
    token = _CALL.set(call)
    try:
        yield
    finally:
        _CALL.reset(token)


def operation(
    operation_id: str, route: str | None = None, *, body: type[RequestModel] | None = None
) -> Callable[[F], F]:
    """Mark a method as the client's implementation of one operationId of the API's table
    (`gitbook_mcp.api`): read by the coverage and profile checks, it refuses the call before
    anything is sent when the client's profile lacks the operation, and puts the route first
    in the method's docstring. The method itself names its path and binds each id by name
    (``ids={"siteId": site_id}``); every placeholder of the route must be an argument of its
    name (``{siteId}`` is ``site_id``), checked when the method is defined.
    """
    if route is not None:  # the declaration being replaced, until every module is converted
        return _legacy_operation(operation_id, route, body=body)
    row = OPERATIONS.get(operation_id)
    if row is None:
        raise TypeError(f"the API has no operation {operation_id!r}")

    def mark(fn: F) -> F:
        _check_ids(fn, row.path)
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def offered_async(self: APIResource, *args: Any, **kwargs: Any) -> Any:
                _require(self._client, operation_id)
                return await fn(self, *args, **kwargs)

            offered: Callable[..., Any] = offered_async
        else:

            @functools.wraps(fn)
            def offered_sync(self: APIResource, *args: Any, **kwargs: Any) -> Any:
                _require(self._client, operation_id)
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


def check_route(operation_id: str, method: str, path: str) -> None:
    """Refuse, when a method is defined, a route that is not the API table's for its operation."""
    row = OPERATIONS.get(operation_id)
    if row is None:
        raise TypeError(f"the API has no operation {operation_id!r}")
    if (row.method, row.path) != (method, path):
        raise TypeError(f"{operation_id} is {row.method} {row.path}, not {method} {path}")


def _require(client: BaseClient, operation_id: str) -> None:
    """Raise `OperationNotInProfile` when the client's profile lacks the operation."""
    if not client.has(operation_id):
        raise OperationNotInProfile(operation_id, client.profile)


def operation_id_of(fn: Any) -> str | None:
    """The operationId a method implements, or None for helpers and for operations not offered."""
    value = getattr(fn, "__operation_id__", None)
    return value if isinstance(value, str) else None


class OperationNotOfferedError(InvalidRequestError):
    """The method exists for another parent, but the API has no such operation for this one."""


class APIResource:
    """A group of operations, as the API groups them; holds the shared client and sends the
    running operation's request (see `operation`), so no method repeats its method and path."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client

    async def _get(
        self,
        path: str,
        *,
        ids: Mapping[str, object],
        cast_to: type[M],
        query: Mapping[str, object] | None = None,
    ) -> M:
        """GET ``path`` (its ``{name}`` placeholders filled from ``ids``, by name) as ``cast_to``."""
        return await self._client.request("GET", path, ids=ids, params=query, cast_to=cast_to)

    async def _post(
        self,
        path: str,
        *,
        ids: Mapping[str, object],
        cast_to: type[M],
        body: RequestModel | None = None,
        query: Mapping[str, object] | None = None,
    ) -> M:
        """POST ``body`` to ``path`` and read the answer as ``cast_to``."""
        return await self._client.request(
            "POST", path, ids=ids, params=query, body=body, cast_to=cast_to
        )

    async def _put(
        self, path: str, *, ids: Mapping[str, object], cast_to: type[M], body: RequestModel
    ) -> M:
        """PUT ``body`` at ``path`` and read the answer as ``cast_to``."""
        return await self._client.request("PUT", path, ids=ids, body=body, cast_to=cast_to)

    async def _patch(
        self, path: str, *, ids: Mapping[str, object], cast_to: type[M], body: RequestModel
    ) -> M:
        """PATCH ``path`` with ``body`` and read the answer as ``cast_to``."""
        return await self._client.request("PATCH", path, ids=ids, body=body, cast_to=cast_to)

    async def _send_empty(
        self,
        method: str,
        path: str,
        *,
        ids: Mapping[str, object],
        body: RequestModel | None = None,
        query: Mapping[str, object] | None = None,
    ) -> None:
        """A write whose success has no body (204), such as permission and membership writes."""
        await self._client.request_empty(method, path, ids=ids, params=query, body=body)

    async def _delete(
        self, path: str, *, ids: Mapping[str, object], query: Mapping[str, object] | None = None
    ) -> bool:
        """DELETE ``path``: True when deleted, False when the target did not exist."""
        return await self._client.request_delete(path, ids=ids, params=query)

    def _list(
        self,
        path: str,
        *,
        ids: Mapping[str, object],
        item: type[M],
        query: Mapping[str, object] | None = None,
        page_type: type[ListPage[M]] | None = None,
    ) -> AsyncPaginator[M]:
        """GET the list at ``path`` as a lazy paginator of ``item``, from the page ``query``
        names (its ``page`` and ``limit``, the rest sent as the query)."""
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

    async def _call(
        self,
        cast_to: type[M],
        *,
        body: RequestModel | None = None,
        params: Mapping[str, object] | None = None,
    ) -> M:
        """Send the running operation and read its answer as ``cast_to``; ``params`` replaces
        the query read from a GET's options."""
        call = _CALL.get()
        return await self._client.request(
            call.method,
            call.path,
            ids=call.ids,
            params=call.query if params is None else params,
            body=call.body if body is None else body,
            cast_to=cast_to,
        )

    async def _call_empty(
        self, *, body: RequestModel | None = None, params: Mapping[str, object] | None = None
    ) -> None:
        """Send the running operation, a write whose success has no body."""
        call = _CALL.get()
        await self._client.request_empty(
            call.method,
            call.path,
            ids=call.ids,
            params=params,
            body=call.body if body is None else body,
        )

    async def _delete_running(self, *, params: Mapping[str, object] | None = None) -> bool:
        """Send the running DELETE: True when deleted, False when the target did not exist."""
        call = _CALL.get()
        return await self._client.request_delete(call.path, ids=call.ids, params=params)

    def _paginate(
        self,
        item: type[M],
        *,
        params: Mapping[str, object] | None = None,
        page_type: type[ListPage[M]] | None = None,
    ) -> AsyncPaginator[M]:
        """The running operation's list, as a lazy paginator of ``item``, from the page its
        options name; ``params`` replaces the query read from them."""
        call = _CALL.get()
        query = dict(call.query)
        page, limit = query.pop("page", None), query.pop("limit", None)
        return self._client.paginate(
            call.path,
            item=item,
            ids=call.ids,
            params=query if params is None else params,
            page=cast("str | None", page),
            limit=cast("int | None", limit),
            page_type=page_type,
        )


_PARENTS: dict[str, Parent[*tuple[Any, ...]]] = {}
"""Every parent, by its key (the keyword naming it in `scoped`)."""


class Parent(Generic[*Ids]):
    """Where a repeated shape hangs: a key naming it in `scoped`, and its path prefix.

    The type arguments are the ids the prefix takes (``Parent[str, str]`` for two).
    """

    def __init__(self, key: str, prefix: str, noun: str) -> None:
        self.key = key
        self.prefix = prefix
        self.noun = noun
        self.names = tuple(placeholders(prefix))
        _PARENTS[key] = self

    def __repr__(self) -> str:
        return f"Parent({self.key!r})"


ROOT: Parent[()] = Parent("root", "", "the API")
ORG: Parent[str] = Parent("organization", "/orgs/{organizationId}", "an organization")
SITE: Parent[str, str] = Parent("site", "/orgs/{organizationId}/sites/{siteId}", "a site")
SPACE: Parent[str] = Parent("space", "/spaces/{spaceId}", "a space")
CHANGE_REQUEST: Parent[str, str] = Parent(
    "change_request", "/spaces/{spaceId}/change-requests/{changeRequestId}", "a change request"
)
COLLECTION: Parent[str] = Parent("collection", "/collections/{collectionId}", "a collection")


class ScopedResource(APIResource, Generic[*Ids]):
    """A resource whose paths start with its parent's; ids are given parent's first."""

    def __init__(self, client: BaseClient, parent: Parent[*Ids]) -> None:
        super().__init__(client)
        self.parent = parent

    def _path(self, suffix: str) -> str:
        """The full path template of ``suffix`` under the parent."""
        return self.parent.prefix + suffix


def scoped(method: str, suffix: str, **operation_ids: str) -> Callable[[F], F]:
    """Declare a method of a `ScopedResource`: its HTTP method, its path under the parent, and
    the operationId for each parent that has it (``space="..."``, ``change_request="..."``).

    Read through an instance, it is a `BoundOperation`: its signature names the ids of that
    parent and its docstring starts with the full ``METHOD /path``, as for any other method.
    For the type checker it stays the method it decorates (a descriptor typed through a
    ParamSpec crashes mypy 2.4 on ``**kwargs`` calls), which is how it behaves when called.
    """

    for key, operation_id in operation_ids.items():
        check_route(operation_id, method, _PARENTS[key].prefix + suffix)

    def declare(fn: F) -> F:
        return cast("F", Declared(fn, method, suffix, operation_ids))

    return declare


class Declared:
    """A `scoped` method; binds to each instance once, as a `BoundOperation`."""

    def __init__(
        self,
        fn: Callable[..., Any],
        method: str,
        suffix: str,
        operation_ids: Mapping[str, str],
    ) -> None:
        self.fn = fn
        self.method = method
        self.suffix = suffix
        self.operation_ids = dict(operation_ids)
        self.name = fn.__name__
        self.signature = OperationOptions(fn).signature  # spelled out once, for every parent

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    def __get__(self, obj: ScopedResource[*tuple[Any, ...]] | None, owner: type[Any]) -> Any:
        if obj is None:
            return self
        bound = BoundOperation(self, obj)
        vars(obj)[self.name] = bound  # later reads find it on the instance (a cache)
        return bound


class BoundOperation:
    """One parent's operation: callable like the method, documented for that parent."""

    def __init__(self, declared: Declared, resource: ScopedResource[*tuple[Any, ...]]) -> None:
        parent = resource.parent
        self._fn = declared.fn
        self._resource = resource
        self.__name__ = declared.name
        self.__operation_id__ = declared.operation_ids.get(parent.key)
        path = parent.prefix + declared.suffix
        self.__doc__ = f"{declared.method} {path}\n\n{inspect.getdoc(self._fn)}"
        self.__signature__ = _signature(placeholders(path), declared.signature)
        self._id_names = {name: argument_name(name) for name in placeholders(path)}
        self._refusal = f"{declared.name} is not offered for {parent.noun} by the API"
        self._method = declared.method
        self._full_path = path

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.__operation_id__ is None:
            raise OperationNotOfferedError(self._refusal)
        _require(self._resource._client, self.__operation_id__)
        unknown = sorted(kwargs.keys() - self.__signature__.parameters.keys())
        if unknown:  # a misspelt option fails as it would on a method, before anything is sent
            raise TypeError(f"{self.__name__}() got unexpected keyword arguments: {unknown}")
        if kwargs.keys() & self._id_names.values():  # ids given by name: put them in order
            bound = self.__signature__.bind(*args, **kwargs).arguments
            args = tuple(bound.pop(name) for name in self._id_names.values())
            kwargs = bound
        if len(args) != len(self._id_names):
            n = len(self._id_names)
            raise InvalidRequestError(f"{self._full_path} takes {n} ids, got {len(args)}")
        ids = dict(zip(self._id_names, args, strict=True))
        call = OperationCall(self._method, self._full_path, ids, options=kwargs)
        if inspect.iscoroutinefunction(self._fn):
            return self._run_async(call, args, kwargs)
        with _running(call):
            return self._fn(self._resource, *args, **kwargs)

    async def _run_async(
        self, call: OperationCall, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """Run the coroutine method with ``call`` as the running request."""
        with _running(call):
            return await self._fn(self._resource, *args, **kwargs)

    def __repr__(self) -> str:
        return f"<operation {self.__operation_id__ or self._refusal}>"


def _signature(id_names: list[str], original: inspect.Signature) -> inspect.Signature:
    """A scoped method's ``original`` signature with ``self, *ids`` replaced by one parameter
    per path id of its parent."""
    ids = [
        inspect.Parameter(
            argument_name(name), inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation="str"
        )
        for name in id_names
    ]
    options = [p for p in original.parameters.values() if p.kind is p.KEYWORD_ONLY]
    return original.replace(parameters=[*ids, *options])


def _legacy_operation(
    operation_id: str, route: str, *, body: type[RequestModel] | None = None
) -> Callable[[F], F]:
    """Mark a method as the client's implementation of one operationId of the contract, sent
    as ``route`` (``"METHOD /path"``); each path id is the positional parameter of its name
    (``{siteId}`` is ``site_id``, wherever it stands), checked when the method is defined.

    A method's keyword options may be declared as ``**options: Unpack[SomeTypedDict]``; its
    signature then spells them out, one keyword option per key. For a write, such a TypedDict
    is the request body (see `body_model`). With ``body``, the request body is that model
    instead, filled from the keyword options whose camelCase names are, ignoring case, its
    fields (``default_site_space`` -> ``defaultSiteSpace``, ``sso_url`` -> ``ssoURL``).
    The method refuses to run, before anything is sent, when the client's profile lacks it.
    Its docstring starts with the route; its body sends through `APIResource`'s senders.
    The route is the API table's for that operationId (`gitbook_mcp.api`), checked when the
    method is defined.
    """
    method, path = route.split(" ", 1)
    check_route(operation_id, method, path)

    def mark(fn: F) -> F:
        options = OperationOptions(fn, path=path, body=body, sends_body=method != "GET")

        def call_of(self: APIResource, args: Any, kwargs: Any) -> OperationCall:
            _require(self._client, operation_id)
            ids, given = options.bind(self, *args, **kwargs)
            return OperationCall(method, path, ids, options.body_of(given), given)

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def guarded_async(self: APIResource, *args: Any, **kwargs: Any) -> Any:
                with _running(call_of(self, args, kwargs)):
                    return await fn(self, *args, **kwargs)

            guarded: Callable[..., Any] = guarded_async
        else:

            @functools.wraps(fn)
            def guarded_sync(self: APIResource, *args: Any, **kwargs: Any) -> Any:
                with _running(call_of(self, args, kwargs)):
                    return fn(self, *args, **kwargs)

            guarded = guarded_sync
        guarded.__operation_id__ = operation_id  # type: ignore[attr-defined]
        guarded.__signature__ = options.signature  # type: ignore[attr-defined]
        guarded.__doc__ = f"{route}\n\n{inspect.getdoc(fn)}"
        return cast("F", guarded)

    return mark
