"""The layers around every operation, as ASGI middleware (outermost first).

`DropConnections` wraps the whole app; the others wrap each route, so that only requests for
a known operation draw a fault or count against a rate limit:
`Faults` (latency, injected 429/5xx, dropped connections, drawn in arrival order from a seed),
`DatabaseBusy` (a locked SQLite database answers 503 with ``Retry-After``), `Authenticate`
(the bearer token becomes the caller, or 401) and `RateLimit` (per token, 429 past the rate).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import anyio
from starlette.datastructures import MutableHeaders
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware
from gitbook_mcp.local.errors import DomainError, Unauthenticated
from gitbook_mcp.local.faults import ConnectionDropped, FaultPlan, RateLimiter
from gitbook_mcp.local.http.errors import busy_response, error_response, status_for

if TYPE_CHECKING:
    from gitbook_mcp.local.store.access import Actor
    from gitbook_mcp.local.store.identity.identity import IdentityStore

__all__ = [
    "ACTOR_KEY",
    "Authenticate",
    "DatabaseBusy",
    "DropConnections",
    "Faults",
    "RateLimit",
    "RouteOnRawPath",
    "actor_of",
]

ACTOR_KEY = "gitbook.actor"
_TOKEN_KEY = "gitbook.token"
_DROP_KEY = "gitbook.fault"
_RATE_LIMITED = "Rate limit exceeded, retry later"
"""The message of a 429, injected by `Faults` or given by `RateLimit`."""


def actor_of(scope: Scope) -> Actor:
    """The caller `Authenticate` put in the request's scope."""
    actor: Actor = scope[ACTOR_KEY]
    return actor


def _bearer(scope: Scope) -> str | None:
    raw: bytes = dict(scope.get("headers") or []).get(b"authorization", b"")
    header = raw.decode("latin-1")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


class RouteOnRawPath(HttpMiddleware):
    """Route on the path as sent: ``%2F`` inside an id stays in its segment (the id is then
    unknown, a 404), instead of being decoded into a ``/`` that reaches a deeper route.
    `Call.path` percent-decodes each parameter once it is matched."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw = scope.get("raw_path")
        if isinstance(raw, bytes):
            scope = {**scope, "path": raw.partition(b"?")[0].decode("latin-1")}
        await self.app(scope, receive, send)


class DropConnections(HttpMiddleware):
    """Outermost layer: turns a request marked for dropping into a broken connection.

    It starts an answer and breaks it off mid-body, which a server such as uvicorn turns into
    a closed socket, and raises `ConnectionDropped`, which `LocalTransport` turns into the
    network error a real dropped connection gives an in-process client.
    """

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        marker: dict[str, Any] = {}
        scope[_DROP_KEY] = marker

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


@dataclass(eq=False, repr=False)
class Faults:
    """Injected latency, 429s, 5xx and dropped connections (before or after the operation)."""

    app: ASGIApp
    plan: FaultPlan | None
    retry_after_s: float

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.plan is None:
            await self.app(scope, receive, send)
            return
        decision = self.plan.decide()
        if decision.delay_s:
            await anyio.sleep(decision.delay_s)
        answer: Response | None = None
        if decision.rate_limited:
            wait = {"Retry-After": f"{self.retry_after_s:g}"}
            answer = error_response(429, _RATE_LIMITED, wait)
        elif decision.status is not None:
            answer = error_response(decision.status, "The service is temporarily unavailable")
        elif decision.drop == "before":
            scope[_DROP_KEY]["drop"] = True
            answer = Response(status_code=500)
        if answer is not None:
            await answer(scope, receive, send)
            return
        if decision.drop != "after":
            await self.app(scope, receive, send)
            return

        async def drop_the_answer(message: Message) -> None:
            scope[_DROP_KEY]["drop"] = True  # processed, but the answer never leaves
            await send(message)

        await self.app(scope, receive, drop_the_answer)


@dataclass(eq=False, repr=False)
class DatabaseBusy:
    """Another process holding the database answers 503 with ``Retry-After``, never 500."""

    app: ASGIApp

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.app(scope, receive, send)
        except sqlite3.OperationalError as exc:
            busy = busy_response(exc)
            if busy is None:
                raise
            await busy(scope, receive, send)


@dataclass(eq=False, repr=False)
class Authenticate:
    """The bearer token's user becomes the request's caller; 401 without a valid token."""

    app: ASGIApp
    identity: IdentityStore

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _bearer(scope)
        try:
            if token is None:
                raise Unauthenticated("Missing or malformed Authorization: Bearer header")
            scope[ACTOR_KEY] = self.identity.authenticate(token)
        except DomainError as exc:
            await error_response(status_for(exc), exc.message)(scope, receive, send)
            return
        scope[_TOKEN_KEY] = token
        await self.app(scope, receive, send)


@dataclass(eq=False, repr=False)
class RateLimit:
    """At most the configured requests per token and window; ``X-RateLimit-*`` on answers."""

    app: ASGIApp
    limiter: RateLimiter | None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.limiter is None:
            await self.app(scope, receive, send)
            return
        allowed, extra = self.limiter.hit(scope[_TOKEN_KEY])
        if not allowed:
            await error_response(429, _RATE_LIMITED, extra)(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in extra.items():
                    headers[key] = value
            await send(message)

        await self.app(scope, receive, with_headers)
