"""Legacy SSE sessions under the same rules as streamable-HTTP ones: quotas, and bound to openers.

An SSE session is one long ``GET`` stream plus the ``POST``s its client sends to the message
path with ``?session_id=``. A verified caller may hold ``--sessions-per-caller`` streams; opening
one more ends its own oldest (its stream is closed, as a DELETE ends a streamable session),
and every caller together at most ``--max-sessions`` (429 past it). A message for a session is
answered only for the caller that opened it; any other gets 404, as for an unknown session.
The rules, and why only verified callers have a quota, are those of `gitbook_mcp.server.http.ops.sessions`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final
from urllib.parse import parse_qs

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.http.ops.limits import Trusted, too_many
from gitbook_mcp.server.http.ops.metrics import HTTP_REJECTED, OPEN_SESSIONS
from gitbook_mcp.server.http.ops.sessions import SessionRules, session_not_found

if TYPE_CHECKING:
    from gitbook_mcp.config.settings import Settings

__all__ = ["SseSessionCap", "session_in", "with_sse_session_cap"]

_MARK: Final = b"session_id="
_ID_LENGTH: Final = 32
"""The SDK's session ids are ``uuid4().hex``: 32 hexadecimal digits."""
_HEX: Final = frozenset(b"0123456789abcdef")
_log = get_logger("gitbook_mcp.server")


@dataclass(eq=False)
class _Stream:
    """One open SSE stream: who opened it, the session it announced, how to end it."""

    caller: str
    ended: anyio.Event = field(default_factory=anyio.Event)
    session: str | None = None


def session_in(chunk: bytes) -> str | None:
    """The session id the SDK's ``endpoint`` event announces in ``chunk``, if it is there."""
    at = chunk.find(_MARK)
    if at < 0:
        return None
    value = chunk[at + len(_MARK) : at + len(_MARK) + _ID_LENGTH]
    if len(value) != _ID_LENGTH or not set(value) <= _HEX:
        return None
    return value.decode("ascii")


class SseSessionCap(HttpMiddleware):
    """Hold SSE streams to a quota per caller and a global cap; bind sessions to openers."""

    RETRY_AFTER: Final = 30.0

    def __init__(
        self,
        app: ASGIApp,
        *,
        rules: SessionRules,
        sse_path: str = "/sse",
        message_path: str = "/messages/",
    ) -> None:
        super().__init__(app)
        self.rules = rules
        self.sse_path = sse_path
        self.message_path = message_path
        self._streams: dict[_Stream, None] = {}
        """Open streams, oldest first (an ordered set)."""
        self._sessions: dict[str, _Stream] = {}
        """Open streams by the session they announced."""

    def owner(self, session: str) -> str | None:
        """The caller whose stream announced ``session``, while that stream is open."""
        stream = self._sessions.get(session)
        return None if stream is None else stream.caller

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        caller = self.rules.caller(scope)
        path, method = scope["path"], scope["method"]
        if method == "GET" and path == self.sse_path:
            await self._stream(scope, receive, send, caller)
            return
        if method == "POST" and path == self.message_path:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            owner = self.owner((query.get("session_id") or [""])[0])
            if owner is not None and owner != caller:
                await session_not_found(send)
                return
        await self.app(scope, receive, send)

    async def _stream(self, scope: Scope, receive: Receive, send: Send, caller: str) -> None:
        if caller.startswith("token:"):
            mine = [s for s in self._streams if s.caller == caller]
            for old in mine[: max(0, len(mine) + 1 - self.rules.per_caller)]:
                self._end(old)
                _log.info("session.closed_over_quota", transport="sse")
        if len(self._streams) >= self.rules.limit:
            HTTP_REJECTED.labels(reason="session_cap").inc()
            await too_many(send, self.RETRY_AFTER, "too many open sessions")
            return
        stream = _Stream(caller)
        self._streams[stream] = None
        OPEN_SESSIONS.set(len(self._streams))

        started = finished = False

        async def watch(message: Message) -> None:
            nonlocal started, finished
            started = started or message["type"] == "http.response.start"
            if message["type"] == "http.response.body":
                finished = not message.get("more_body", False)
                if stream.session is None:
                    stream.session = session_in(message.get("body", b""))
                    if stream.session is not None and not stream.ended.is_set():
                        self._sessions[stream.session] = stream
            await send(message)

        async def listen() -> Message:
            """The client's next message, or a disconnect once the stream is ended."""
            heard: list[Message] = []
            async with anyio.create_task_group() as group:

                async def client() -> None:
                    heard.append(await receive())
                    group.cancel_scope.cancel()

                async def quota() -> None:
                    await stream.ended.wait()
                    heard.append({"type": "http.disconnect"})
                    group.cancel_scope.cancel()

                group.start_soon(client)
                group.start_soon(quota)
            return heard[0]

        try:
            # Ended over quota, the stream is told its client left, as the SDK expects of a
            # stream whose client went away; it then stops, and we finish the response.
            await self.app(scope, listen, watch)
            if started and not finished:
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            self._end(stream)

    def _end(self, stream: _Stream) -> None:
        """End ``stream`` and forget it: its session answers 404 from now on."""
        stream.ended.set()
        self._streams.pop(stream, None)
        if stream.session is not None and self._sessions.get(stream.session) is stream:
            del self._sessions[stream.session]
        OPEN_SESSIONS.set(len(self._streams))


def with_sse_session_cap(app: ASGIApp, settings: Settings, trusted: Trusted | None) -> ASGIApp:
    """The SSE ``app`` behind the session quotas of `SseSessionCap`."""
    return SseSessionCap(app, rules=SessionRules.of(settings, trusted))
