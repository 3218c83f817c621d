"""Legacy streamable-HTTP sessions: a quota per caller, a global cap, and each bound to its opener.

A caller (`caller_of`: a verified token, else an address) may hold `SESSIONS_PER_CALLER`
sessions (``--sessions-per-caller``); opening one more closes its own least recently used one,
so that one tenant can never fill the replica's cap (``--max-sessions``, the backstop, 429) and
lock the others out. The quota counts verified callers only: the callers told apart by address
(the shared ``--mcp-auth-token``, or none) are one tenant acting with one API token, often all
behind one proxy address, and closing their sessions for one another would be a denial of its own.

A session answers only the caller that opened it; any other gets 404, as for an unknown session
(the SDK binds sessions to the credential under ``--auth upstream``; this covers the shared token
and no token). Binding to a peer address is all that can be done beyond the session id: a
client's port changes with each connection, and every process on loopback has the same address.
There, the session id itself is the per-session secret only its opener holds (the SDK draws it
from ``uuid4``, 122 random bits from the system's CSPRNG, and our logs show only its hash); a
machine shared by several users should still set ``--mcp-auth-token`` (see the README).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.http.ops.limits import Trusted, caller_of, too_many
from gitbook_mcp.server.http.ops.metrics import HTTP_REJECTED, OPEN_SESSIONS

if TYPE_CHECKING:
    from gitbook_mcp.config.settings import Settings

__all__ = [
    "SESSIONS_PER_CALLER",
    "SessionCap",
    "SessionRules",
    "SessionTracker",
    "session_not_found",
    "with_session_cap",
]

SESSIONS_PER_CALLER: Final = 20
"""Default of ``--sessions-per-caller``: open sessions one verified caller may hold."""
_SESSION_HEADER: Final = b"mcp-session-id"
_VERSION_HEADER: Final = b"mcp-protocol-version"
_KEPT_HEADERS: Final = (b"host", b"authorization")
_log = get_logger("gitbook_mcp.server")


class SessionTracker:
    """The open streamable-HTTP sessions, as seen in answers: who opened each, when last used."""

    def __init__(self, idle_timeout: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.idle_timeout = idle_timeout
        self._clock = clock
        self._seen: dict[str, tuple[float, str]] = {}

    def open_count(self) -> int:
        """Sessions open now (those idle longer than the SDK keeps them are forgotten)."""
        now = self._clock()
        for sid in [s for s, (at, _) in self._seen.items() if now - at > self.idle_timeout]:
            del self._seen[sid]
        OPEN_SESSIONS.set(len(self._seen))
        return len(self._seen)

    def owner(self, sid: str) -> str | None:
        """The caller who opened ``sid``, if this replica saw it opened."""
        entry = self._seen.get(sid)
        return None if entry is None else entry[1]

    def knows(self, sid: str) -> bool:
        """Whether ``sid`` is an open session this replica saw opened."""
        return sid in self._seen

    def of(self, caller: str) -> list[str]:
        """``caller``'s open sessions, least recently used first."""
        self.open_count()
        mine = [(at, sid) for sid, (at, owner) in self._seen.items() if owner == caller]
        return [sid for _, sid in sorted(mine)]

    def touch(self, sid: str, owner: str | None = None) -> None:
        """The session was used (or opened, by ``owner``) now."""
        known = self.owner(sid)
        self._seen[sid] = (self._clock(), owner or known or "")
        OPEN_SESSIONS.set(len(self._seen))

    def forget(self, sid: str) -> None:
        """The session ended (deleted by its client, or unknown to the SDK)."""
        self._seen.pop(sid, None)
        OPEN_SESSIONS.set(len(self._seen))


@dataclass(frozen=True)
class SessionRules:
    """What both session layers (streamable HTTP, SSE) enforce, and how they tell callers apart."""

    limit: int
    """Open sessions on this replica, every caller together (``--max-sessions``)."""
    per_caller: int = SESSIONS_PER_CALLER
    shared: str | None = None
    """The server's own bearer (``--mcp-auth-token``): its holders are told apart by address."""
    trusted: Trusted | None = None

    @classmethod
    def of(cls, settings: Settings, trusted: Trusted | None) -> SessionRules:
        """The rules ``settings`` set."""
        return cls(
            settings.max_sessions, settings.sessions_per_caller, settings.mcp_auth_token, trusted
        )

    def caller(self, scope: Scope) -> str:
        """Who sent this request (`caller_of`)."""
        return caller_of(scope, self.shared, self.trusted)


class SessionCap(HttpMiddleware):
    """Bind sessions to their openers, hold each caller to its quota and everyone to ``limit``."""

    RETRY_AFTER: Final = 30.0
    """Seconds a refused client waits: sessions free up as clients end them or they expire."""

    def __init__(self, app: ASGIApp, *, rules: SessionRules, tracker: SessionTracker) -> None:
        super().__init__(app)
        self.rules = rules
        self.tracker = tracker

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or [])
        sid = headers.get(_SESSION_HEADER, b"").decode("latin-1")
        version = headers.get(_VERSION_HEADER, b"").decode("latin-1")
        caller = self.rules.caller(scope)
        owner = self.tracker.owner(sid) if sid else None
        if owner is not None and owner != caller:
            await session_not_found(send)
            return
        opens = scope["method"] == "POST" and not sid
        opens = opens and (not version or version in HANDSHAKE_PROTOCOL_VERSIONS)
        if opens and caller.startswith("token:"):
            mine = self.tracker.of(caller)
            for old in mine[: max(0, len(mine) + 1 - self.rules.per_caller)]:
                await self._close(scope, old)
        if opens and self.tracker.open_count() >= self.rules.limit:
            HTTP_REJECTED.labels(reason="session_cap").inc()
            await too_many(send, self.RETRY_AFTER, "too many open sessions")
            return

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                self._observe(scope["method"], sid, caller, message)
            await send(message)

        await self.app(scope, receive, watch)

    async def _close(self, scope: Scope, sid: str) -> None:
        """End ``sid`` as its client would (DELETE, with the opener's own credential)."""
        kept = [(k, v) for k, v in scope.get("headers") or [] if k in _KEPT_HEADERS]
        delete = {**scope, "method": "DELETE", "headers": [*kept, (_SESSION_HEADER, sid.encode())]}
        answered: list[int] = []

        async def no_body() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def sink(message: Message) -> None:
            if message["type"] == "http.response.start":
                answered.append(int(message["status"]))

        await self.app(delete, no_body, sink)
        self.tracker.forget(sid)
        _log.info("session.closed_over_quota", status=answered[0] if answered else None)

    def _observe(self, method: str, sid: str, caller: str, message: Message) -> None:
        status = int(message["status"])
        given = dict(message.get("headers") or []).get(_SESSION_HEADER, b"").decode("latin-1")
        if given and not sid and status < 400:
            self.tracker.touch(given, caller)
        elif sid and (status == 404 or (method == "DELETE" and status < 300)):
            self.tracker.forget(sid)
        elif sid and self.tracker.knows(sid):
            self.tracker.touch(sid)


async def session_not_found(send: Send) -> None:
    """404, as the SDK answers for a session it does not know."""
    await send(
        {
            "type": "http.response.start",
            "status": 404,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": b'{"error":"session not found"}'})


def with_session_cap(app: ASGIApp, settings: Settings, trusted: Trusted | None = None) -> ASGIApp:
    """``app`` behind the session quotas, unless it is stateless (it then opens no session)."""
    if settings.stateless:
        return app
    tracker = SessionTracker(settings.session_idle_timeout)
    return SessionCap(app, rules=SessionRules.of(settings, trusted), tracker=tracker)
