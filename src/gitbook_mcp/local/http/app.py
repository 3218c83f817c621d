"""The ASGI app: authenticate, apply rate limits and faults, dispatch, map domain errors.

Handlers only translate between HTTP and the store; every rule lives in the store.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gitbook_mcp.local.errors import DomainError, Unauthenticated
from gitbook_mcp.local.faults import (
    ConnectionDropped,
    FaultConfig,
    FaultPlan,
    RateLimitConfig,
    RateLimiter,
)
from gitbook_mcp.local.http.body import BodyRefused, read_json
from gitbook_mcp.local.http.call import Call
from gitbook_mcp.local.http.errors import busy_response, error_response, status_for
from gitbook_mcp.local.http.guard import HostGuard
from gitbook_mcp.local.http.route import Handler
from gitbook_mcp.logs import get_logger

if TYPE_CHECKING:
    from mcp.server.transport_security import TransportSecuritySettings

    from gitbook_mcp.local.routes import RouteSpec
    from gitbook_mcp.local.store import Store

__all__ = ["create_app"]

_FAULT_KEY = "gitbook.fault"
_log = get_logger("gitbook_mcp.local")


class _Runtime:
    def __init__(
        self, store: Store, faults: FaultConfig | None, rate_limit: RateLimitConfig | None
    ) -> None:
        self.store = store
        self.plan = FaultPlan(faults) if faults is not None and faults.active else None
        self.retry_after_s = faults.retry_after_s if faults is not None else 1.0
        self.limiter = RateLimiter(rate_limit) if rate_limit is not None else None


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def _endpoint(handler: Handler, runtime: _Runtime) -> Callable[[Request], Awaitable[Response]]:
    inner = _handle(handler, runtime)

    async def endpoint(request: Request) -> Response:
        try:
            return await inner(request)
        except sqlite3.OperationalError as exc:
            busy = busy_response(exc)
            if busy is None:
                raise
            return busy

    return endpoint


def _handle(handler: Handler, runtime: _Runtime) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        decision = runtime.plan.decide() if runtime.plan is not None else None
        if decision is not None and decision.delay_s:
            await anyio.sleep(decision.delay_s)
        token = _token(request)
        try:
            if token is None:
                raise Unauthenticated("Missing or malformed Authorization: Bearer header")
            actor = runtime.store.identity.authenticate(token)
        except DomainError as exc:
            return error_response(status_for(exc), exc.message)
        extra: dict[str, str] = {}
        if runtime.limiter is not None:
            allowed, extra = runtime.limiter.hit(token)
            if not allowed:
                return error_response(429, "Rate limit exceeded, retry later", extra)
        if decision is not None:
            if decision.rate_limited:
                wait = f"{runtime.retry_after_s:g}"
                return error_response(
                    429, "Rate limit exceeded, retry later", {"Retry-After": wait}
                )
            if decision.status is not None:
                return error_response(decision.status, "The service is temporarily unavailable")
            if decision.drop == "before":
                request.scope[_FAULT_KEY]["drop"] = True
                return Response(status_code=500)
        try:
            body = await read_json(request)
            response = await handler(Call(request, runtime.store, actor, body))
        except DomainError as exc:
            response = error_response(status_for(exc), exc.message)
        except BodyRefused as exc:
            response = error_response(exc.status, exc.message)
        if decision is not None and decision.drop == "after":
            request.scope[_FAULT_KEY]["drop"] = True
        for key, value in extra.items():
            response.headers[key] = value
        return response

    return endpoint


class _DropConnections:
    """Outermost layer: turns a request marked for dropping into a broken connection.

    It starts an answer and breaks it off mid-body, which a server such as uvicorn turns into
    a closed socket, and raises `ConnectionDropped`, which `LocalTransport` turns into the
    network error a real dropped connection gives an in-process client.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        marker: dict[str, Any] = {}
        scope[_FAULT_KEY] = marker

        async def guarded_send(message: Message) -> None:
            if marker.get("drop"):
                return
            await send(message)

        await self.app(scope, receive, guarded_send)
        if marker.get("drop"):
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-length", b"64")],
                }
            )
            await send({"type": "http.response.body", "body": b"{", "more_body": True})
            raise ConnectionDropped(processed=True)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = "No such endpoint" if exc.status_code == 404 else str(exc.detail)
    return error_response(exc.status_code, message)


def create_app(
    store: Store,
    *,
    faults: FaultConfig | None = None,
    rate_limit: RateLimitConfig | None = None,
    routes: list[RouteSpec] | None = None,
    security: TransportSecuritySettings | None = None,
) -> ASGIApp:
    """The local workspace API, served under ``/v1`` (Host/Origin-checked given ``security``)."""
    from gitbook_mcp.local.routes import ROUTES, starlette_path

    runtime = _Runtime(store, faults, rate_limit)
    table = routes if routes is not None else ROUTES
    by_path: dict[str, dict[str, Handler]] = {}
    for spec in table:
        by_path.setdefault(spec.path, {})[spec.method] = spec.handler
    starlette_routes = [
        Route(
            "/v1" + starlette_path(path),
            _dispatch({m: _endpoint(h, runtime) for m, h in handlers.items()}),
            methods=list(handlers),
        )
        for path, handlers in by_path.items()
    ]
    app = Starlette(routes=starlette_routes, exception_handlers={HTTPException: _http_error})
    app.state.store = store
    outer: ASGIApp = _DropConnections(app)
    return HostGuard(outer, security) if security is not None else outer


def _dispatch(
    by_method: dict[str, Callable[[Request], Awaitable[Response]]],
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        # Starlette adds HEAD wherever GET is allowed; HEAD is answered as GET without a body.
        if request.method != "HEAD":
            return await by_method[request.method](request)
        response = await by_method["GET"](request)
        response.body = b""  # the headers (content-length included) stay those of the GET
        return response

    return endpoint
