"""Per-caller rate limit and a cap on open sessions, each answered 429 with ``Retry-After``.

A caller is the hash of its bearer token when it sends one (`caller_key` of ``--auth upstream``,
re-exported here), else its client address. Each replica keeps its own buckets: behind N
replicas a caller may reach N times the rate, which the documentation says. Probes and
``/metrics`` are served in front and never limited.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware
from gitbook_mcp.server.auth.keys import caller_key
from gitbook_mcp.server.ops.metrics import HTTP_REJECTED, OPEN_SESSIONS

if TYPE_CHECKING:
    from gitbook_mcp.settings import Settings

__all__ = [
    "MAX_CALLERS",
    "RateLimit",
    "SessionCap",
    "SessionTracker",
    "caller_key",
    "caller_of",
    "too_many",
    "with_rate_limit",
    "with_session_cap",
]

MAX_CALLERS: Final = 10_000
"""Buckets kept at once; the least recently seen caller is forgotten first."""
_SESSION_HEADER: Final = b"mcp-session-id"
_VERSION_HEADER: Final = b"mcp-protocol-version"


def caller_of(scope: Scope, shared: str | None = None) -> str:
    """Who sent this request: ``token:<hash>`` for a bearer, else ``addr:<client address>``.

    The server's own shared bearer (``--mcp-auth-token``) names no one: its holders are told
    apart by address.
    """
    auth = dict(scope.get("headers") or []).get(b"authorization", b"")
    token = auth[7:].strip().decode("latin-1") if auth[:7].lower() == b"bearer " else ""
    if token and token != shared:
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


class RateLimit:
    """A token bucket per caller: ``rate`` requests a second, bursts of ``burst``."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        rate: float,
        burst: int,
        shared: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.shared = shared
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
            wait = self.take(caller_of(scope, self.shared))
            if wait > 0:
                HTTP_REJECTED.labels(reason="rate_limited").inc()
                await too_many(send, wait, "rate limit exceeded for this caller")
                return
        await self.app(scope, receive, send)


class SessionTracker:
    """The open streamable-HTTP sessions, as seen in answers: opened, deleted, expired."""

    def __init__(self, idle_timeout: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.idle_timeout = idle_timeout
        self._clock = clock
        self._seen: dict[str, float] = {}

    def open_count(self) -> int:
        """Sessions open now (those idle longer than the SDK keeps them are forgotten)."""
        now = self._clock()
        for sid in [s for s, at in self._seen.items() if now - at > self.idle_timeout]:
            del self._seen[sid]
        OPEN_SESSIONS.set(len(self._seen))
        return len(self._seen)

    def knows(self, sid: str) -> bool:
        """Whether ``sid`` is an open session this replica saw opened."""
        return sid in self._seen

    def touch(self, sid: str) -> None:
        """The session was used (or opened) now."""
        self._seen[sid] = self._clock()
        OPEN_SESSIONS.set(len(self._seen))

    def forget(self, sid: str) -> None:
        """The session ended (deleted by its client, or unknown to the SDK)."""
        self._seen.pop(sid, None)
        OPEN_SESSIONS.set(len(self._seen))


class SessionCap(HttpMiddleware):
    """Refuse a request that would open a session beyond ``limit`` (429), and track sessions."""

    RETRY_AFTER: Final = 30.0
    """Seconds a refused client waits: sessions free up as clients end them or they expire."""

    def __init__(self, app: ASGIApp, *, limit: int, tracker: SessionTracker) -> None:
        super().__init__(app)
        self.limit = limit
        self.tracker = tracker

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or [])
        sid = headers.get(_SESSION_HEADER, b"").decode("latin-1")
        version = headers.get(_VERSION_HEADER, b"").decode("latin-1")
        opens = scope["method"] == "POST" and not sid
        opens = opens and (not version or version in HANDSHAKE_PROTOCOL_VERSIONS)
        if opens and self.tracker.open_count() >= self.limit:
            HTTP_REJECTED.labels(reason="session_cap").inc()
            await too_many(send, self.RETRY_AFTER, "too many open sessions")
            return

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                self._observe(scope["method"], sid, message)
            await send(message)

        await self.app(scope, receive, watch)

    def _observe(self, method: str, sid: str, message: Message) -> None:
        status = int(message["status"])
        given = dict(message.get("headers") or []).get(_SESSION_HEADER, b"").decode("latin-1")
        if given and not sid and status < 400:
            self.tracker.touch(given)
        elif sid and (status == 404 or (method == "DELETE" and status < 300)):
            self.tracker.forget(sid)
        elif sid and self.tracker.knows(sid):
            self.tracker.touch(sid)


def with_session_cap(app: ASGIApp, settings: Settings) -> ASGIApp:
    """``app`` behind the session cap, unless it is stateless (it then opens no session)."""
    if settings.stateless:
        return app
    tracker = SessionTracker(settings.session_idle_timeout)
    return SessionCap(app, limit=settings.max_sessions, tracker=tracker)


def with_rate_limit(app: ASGIApp, settings: Settings) -> ASGIApp:
    """``app`` behind the per-caller rate limit of ``settings``."""
    shared = settings.mcp_auth_token
    return RateLimit(app, rate=settings.rate_limit, burst=settings.rate_burst, shared=shared)
