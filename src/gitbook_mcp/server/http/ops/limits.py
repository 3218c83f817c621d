"""Per-caller rate limit and cap on requests in flight, answered 429 with ``Retry-After``; and
who a request's caller is.

A caller is the hash of its bearer token (`caller_key`, re-exported here) once that token is
known valid (``--auth upstream``: the verifier vouches for it), else its client address: an unverified
bearer names no one, or a flood of random tokens would each get a fresh bucket (and a fresh
verification). Each replica keeps its own buckets: behind N replicas a caller may reach N times
the rate, which the documentation says. Probes are served in front and never limited.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import anyio
from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.server.calls.fairness import IN_FLIGHT, WAITING
from gitbook_mcp.server.http.auth.keys import caller_key
from gitbook_mcp.server.http.ops.metrics import HTTP_REJECTED

if TYPE_CHECKING:
    from gitbook_mcp.config.settings import Settings

__all__ = [
    "IN_FLIGHT_REQUESTS",
    "MAX_CALLERS",
    "WAITING_REQUESTS",
    "WAIT_SECONDS",
    "CallerInFlight",
    "CallerRateLimit",
    "Trusted",
    "bearer_of",
    "caller_key",
    "caller_of",
    "too_many",
    "with_rate_limit",
]

MAX_CALLERS: Final = 10_000
"""Buckets kept at once; the least recently seen caller is forgotten first."""
IN_FLIGHT_REQUESTS: Final = IN_FLIGHT + WAITING
"""MCP requests (POST) of one caller the SDK reads at once; more wait at the edge, unread: a
burst of a caller's requests costs the others that many at most."""
WAITING_REQUESTS: Final = 16
"""MCP requests of one caller waiting at the edge; more are answered 429 at once."""
WAIT_SECONDS: Final = 10.0
"""Seconds a request waits at the edge before it is answered 429 instead."""
Trusted = Callable[[str], bool]
"""Whether a bearer token is known valid now (``--auth upstream``: a cached valid verdict)."""


def bearer_of(scope: Scope) -> str:
    """The request's bearer token, or "" (only one ``Authorization`` header ever gets here)."""
    auth = dict(scope.get("headers") or []).get(b"authorization", b"")
    return auth[7:].strip().decode("latin-1") if auth[:7].lower() == b"bearer " else ""


def caller_of(scope: Scope, shared: str | None = None, trusted: Trusted | None = None) -> str:
    """Who sent this request: ``token:<hash>`` for a bearer ``trusted`` knows valid, else
    ``addr:<client address>``.

    The server's own shared bearer (``--mcp-auth-token``) names no one: its holders are told
    apart by address. Nor does a bearer not yet known valid, which costs nothing to invent.
    """
    token = bearer_of(scope)
    if token and token != shared and trusted is not None and trusted(token):
        return "token:" + caller_key(token)
    client = scope.get("client")
    return f"addr:{client[0]}" if client else "addr:unknown"


async def too_many(send: Send, retry_after: float, error: str) -> None:
    """Answer 429 with a whole number of seconds in ``Retry-After``."""
    seconds = str(max(1, math.ceil(retry_after))).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [(b"content-type", b"application/json"), (b"retry-after", seconds)],
        }
    )
    await send({"type": "http.response.body", "body": f'{{"error":"{error}"}}'.encode()})


class CallerRateLimit:
    """A token bucket per caller: ``rate`` requests a second, bursts of ``burst``."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        rate: float,
        burst: int,
        shared: str | None = None,
        trusted: Trusted | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.shared = shared
        self.trusted = trusted
        self.rate = rate
        self.burst = max(1, burst)
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, caller: str) -> float:
        """Spend one request of ``caller``: 0 when allowed, else seconds until one is."""
        now = self._clock()
        tokens, at = self._buckets.pop(caller, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        wait = 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate
        self._buckets[caller] = (tokens - 1.0 if wait == 0.0 else tokens, now)
        while len(self._buckets) > MAX_CALLERS:
            self._buckets.popitem(last=False)
        return wait

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.rate > 0:
            wait = self.take(caller_of(scope, self.shared, self.trusted))
            if wait > 0:
                HTTP_REJECTED.labels(reason="rate_limited").inc()
                await too_many(send, wait, "rate limit exceeded for this caller")
                return
        await self.app(scope, receive, send)


class CallerInFlight:
    """At most ``limit`` POST requests per caller in flight (a tool call's request is in flight
    until its answer is sent); ``waiting`` more wait for a slot, before anything reads them,
    for up to ``wait_seconds``; the rest are answered 429 with ``Retry-After``. A caller is the
    verified tenant, else the MCP session, else the address."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        limit: int = IN_FLIGHT_REQUESTS,
        waiting: int = WAITING_REQUESTS,
        wait_seconds: float = WAIT_SECONDS,
        shared: str | None = None,
        trusted: Trusted | None = None,
    ) -> None:
        self.app = app
        self.limit = limit
        self.waiting = waiting
        self.wait_seconds = wait_seconds
        self.shared = shared
        self.trusted = trusted
        self.slots: dict[str, tuple[anyio.Semaphore, list[int]]] = {}

    def _caller(self, scope: Scope) -> str:
        caller = caller_of(scope, self.shared, self.trusted)
        session = dict(scope.get("headers") or []).get(b"mcp-session-id")
        if caller.startswith("addr:") and session:
            # Not a verified tenant: each session is capped (clients behind one address, a
            # desktop's several agents on loopback, are not one caller; sessions per caller
            # are capped by --sessions-per-caller).
            caller = "session:" + session[:128].decode("latin-1")
        return caller

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        caller = self._caller(scope)
        if caller not in self.slots:
            self.slots[caller] = (anyio.Semaphore(self.limit), [0])
        semaphore, holders = self.slots[caller]
        if holders[0] >= self.limit + self.waiting:
            HTTP_REJECTED.labels(reason="in_flight").inc()
            await too_many(send, 1, "too many requests in flight for this caller")
            return
        holders[0] += 1
        try:
            acquired = False
            with anyio.move_on_after(self.wait_seconds):  # the wait only, never the request
                await semaphore.acquire()
                acquired = True
            if not acquired:
                HTTP_REJECTED.labels(reason="in_flight").inc()
                await too_many(send, 1, "too many requests in flight for this caller")
                return
            try:
                await self.app(scope, receive, send)
            finally:
                semaphore.release()
        finally:
            holders[0] -= 1
            if not holders[0]:
                del self.slots[caller]


def with_rate_limit(app: ASGIApp, settings: Settings, trusted: Trusted | None = None) -> ASGIApp:
    """``app`` behind the per-caller rate limit of ``settings`` and the cap on requests in
    flight (by address until a bearer is known valid by ``trusted``)."""
    app = CallerInFlight(app, shared=settings.mcp_auth_token, trusted=trusted)
    return CallerRateLimit(
        app,
        rate=settings.rate_limit,
        burst=settings.rate_burst,
        shared=settings.mcp_auth_token,
        trusted=trusted,
    )
