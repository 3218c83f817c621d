"""A request id for every MCP HTTP request: in every log line of the call, and in the answer.

An incoming ``X-Request-Id`` is kept when it is sane (1 to 128 letters, digits or ``._:-``, as a
load balancer or gateway would send); anything else is replaced by a fresh one. The id is bound
with structlog's contextvars for the request, written back into the request's headers (so a tool
handler running in a session's task can bind the same id, see `bind_from_request`) and returned
in the ``X-Request-Id`` response header.
"""

from __future__ import annotations

import re
import uuid
from typing import Any, Final

from starlette.types import Message, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware

__all__ = ["HEADER", "RequestIdMiddleware", "bind_from_request", "request_id_of"]

HEADER: Final = "x-request-id"
_HEADER_BYTES: Final = HEADER.encode()
_SANE: Final = re.compile(r"[A-Za-z0-9._:\-]{1,128}")


def _choose(given: bytes | None) -> str:
    """The incoming id when it is sane, else a new random one."""
    if given is not None:
        text = given.decode("latin-1")
        if _SANE.fullmatch(text):
            return text
    return uuid.uuid4().hex


def request_id_of(headers: Any) -> str | None:
    """The id in a request's headers (a Starlette ``Headers`` or a mapping), if any."""
    value = headers.get(HEADER) if headers is not None else None
    return value if isinstance(value, str) and _SANE.fullmatch(value) else None


def bind_from_request(request: Any) -> None:
    """Bind the id of ``request`` (a Starlette request, or None off HTTP) to this task's logs."""
    rid = request_id_of(getattr(request, "headers", None))
    if rid is not None:
        # Imported here: off HTTP (stdio) there is no id, and start-up need not import structlog.
        import structlog

        structlog.contextvars.bind_contextvars(request_id=rid)


class RequestIdMiddleware(HttpMiddleware):
    """Give each HTTP request an id: bound to the logs, put in its headers and its answer."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = [(k, v) for k, v in scope.get("headers") or [] if k != _HEADER_BYTES]
        given = next((v for k, v in scope.get("headers") or [] if k == _HEADER_BYTES), None)
        rid = _choose(given)
        scope = {**scope, "headers": [*headers, (_HEADER_BYTES, rid.encode())]}

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k != _HEADER_BYTES]
                message = {**message, "headers": [*kept, (_HEADER_BYTES, rid.encode())]}
            await send(message)

        import structlog  # imported here, as in `bind_from_request`

        with structlog.contextvars.bound_contextvars(request_id=rid):
            await self.app(scope, receive, send_with_id)
