"""The ASGI app: one route per operation, each behind the faults, busy-database, authentication
and rate-limit middleware; the endpoint purges expired spaces once, reads the body, checks it
against the profile's contract and calls the handler, mapping domain errors to the API's error
JSON.

Handlers only translate between HTTP and the store; every rule lives in the store.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from anyio import to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from gitbook_mcp.api import Profile, operations
from gitbook_mcp.local.errors import DomainError
from gitbook_mcp.local.faults import FaultConfig, FaultPlan, RateLimitConfig, RateLimiter
from gitbook_mcp.local.http.body import BodyRefused, read_json
from gitbook_mcp.local.http.call import Call, Shaped
from gitbook_mcp.local.http.contract_bodies import check_body
from gitbook_mcp.local.http.errors import error_response, status_for
from gitbook_mcp.local.http.guard import HostGuard, HostRules
from gitbook_mcp.local.http.middleware import (
    Authenticate,
    DatabaseBusy,
    DropConnections,
    Faults,
    RateLimit,
    RouteOnRawPath,
    actor_of,
)
from gitbook_mcp.local.http.route import RouteSpec
from gitbook_mcp.local.http.shapes import reshape
from gitbook_mcp.local.routes import ROUTES, starlette_path

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["create_app", "served_routes"]


def _in_profile(profile: Profile, spec: RouteSpec, response: Response) -> Response:
    """A success's JSON in the profile's shape (the store renders the seed shapes)."""
    if profile == "seed" or not isinstance(response, JSONResponse) or response.status_code >= 300:
        return response
    if isinstance(response, Shaped):  # reshaped before it was rendered (`Call.fresh`)
        return response
    headers = {k: v for k, v in response.headers.items() if k not in _RECOMPUTED}
    body = reshape(profile, json.loads(bytes(response.body)), spec.live_shape)
    return JSONResponse(body, status_code=response.status_code, headers=headers)


_RECOMPUTED = frozenset({"content-length", "content-type"})


def _endpoint(
    spec: RouteSpec, store: Store, profile: Profile
) -> Callable[[Request], Awaitable[Response]]:
    handler = spec.handler

    def shape(data: object) -> object:
        return reshape(profile, data, spec.live_shape)

    async def endpoint(request: Request) -> Response:
        try:
            store.spaces.purge_expired()
            body = await read_json(request)
            await _checked(request, profile, spec.operation_id, body)
            call = Call(request, store, actor_of(request.scope), body, shape=shape)
            response = await handler(call)
            response = _in_profile(profile, spec, response)
        except DomainError as exc:
            response = error_response(status_for(exc), exc.message)
        except BodyRefused as exc:
            response = error_response(exc.status, exc.message)
        if request.method == "HEAD":
            response.body = b""  # the headers (content-length included) stay those of the GET
        return response

    return endpoint


OFF_LOOP_BODY_BYTES = 64 * 1024
"""A body larger than this (a page's document) is checked against the contract off the loop."""


async def _checked(request: Request, profile: Profile, operation_id: str, body: object) -> None:
    """`Invalid` (a 400 naming the field) when the contract does not allow ``body``."""
    size = request.headers.get("content-length", "")
    if size.isdigit() and int(size) > OFF_LOOP_BODY_BYTES:
        await to_thread.run_sync(check_body, profile, operation_id, body)
    else:
        check_body(profile, operation_id, body)


async def _http_error(request: Request, exc: Exception) -> Response:  # noqa: ARG001 - Starlette's exception handler signature
    assert isinstance(exc, HTTPException)
    message = "No such endpoint" if exc.status_code == 404 else str(exc.detail)
    return error_response(exc.status_code, message)


def served_routes(profile: Profile, routes: list[RouteSpec] = ROUTES) -> list[RouteSpec]:
    """The rows a profile serves, chosen by operationId: a row the profile lacks answers 404."""
    wanted = operations(profile)
    return [spec for spec in routes if spec.operation_id in wanted]


def create_app(
    store: Store,
    *,
    profile: Profile = "seed",
    faults: FaultConfig | None = None,
    rate_limit: RateLimitConfig | None = None,
    routes: list[RouteSpec] | None = None,
    security: HostRules | None = None,
) -> ASGIApp:
    """The local workspace API of ``profile``, under ``/v1`` (Host/Origin-checked given ``security``).

    ``seed`` by default so that a bare call serves every route the suite was written against;
    ``local-api`` and ``serve --local`` default to ``live``. In a profile, only the rows whose
    operationId it has are served; any other path answers 404 in the API's error shape, as the
    real service answers an operation it no longer has. ``routes`` (tests) replaces the table
    and is served as given.
    """
    plan = FaultPlan(faults) if faults is not None and faults.active else None
    layers = [
        Middleware(Faults, plan, faults.retry_after_s if faults is not None else 1.0),
        Middleware(DatabaseBusy),
        Middleware(Authenticate, store.identity),
        Middleware(RateLimit, RateLimiter(rate_limit) if rate_limit is not None else None),
    ]
    table = [
        Route(
            "/v1" + starlette_path(spec.path),
            _endpoint(spec, store, profile),
            methods=[spec.method],
            middleware=layers,
        )
        for spec in (served_routes(profile) if routes is None else routes)
    ]
    app = Starlette(routes=table, exception_handlers={HTTPException: _http_error})
    app.state.store = store
    app.state.profile = profile
    outer: ASGIApp = DropConnections(RouteOnRawPath(app))
    return HostGuard(outer, security) if security is not None else outer
