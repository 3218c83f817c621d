"""The checks of the HTTP edge: the Host on every route, one Authorization, the shared bearer.

The SDK checks the Host header (DNS-rebinding protection) on the MCP path only; probes, metrics
and the OAuth metadata are served beside it, so `HostCheck` applies the same allow-list to every
route (421, as the SDK answers). `OneAuthorization` refuses a request with several
``Authorization`` headers (400): the layers that read it could otherwise disagree on which one
counts (the rate limit, the bearer check and the SDK's verifier each take one).
"""

from __future__ import annotations

import hmac

from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware

__all__ = ["BearerAuth", "HostCheck", "OneAuthorization", "host_allowed", "refuse"]


async def refuse(send: Send, status: int, error: str) -> None:
    """Answer ``status`` with a small JSON error."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": f'{{"error":"{error}"}}'.encode()})


def host_allowed(host: str, allowed: list[str]) -> bool:
    """Whether ``host`` is in ``allowed``, where ``name:*`` allows any port (as the SDK reads it)."""
    if host in allowed:
        return True
    return any(a.endswith(":*") and host.startswith(a[:-1]) for a in allowed)


class HostCheck(HttpMiddleware):
    """Answer 421 to a request whose ``Host`` is not in ``allowed``."""

    def __init__(self, app: ASGIApp, allowed: list[str]) -> None:
        super().__init__(app)
        self.allowed = list(allowed)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        if not host_allowed(host, self.allowed):
            await refuse(send, 421, "invalid Host header")
            return
        await self.app(scope, receive, send)


class OneAuthorization(HttpMiddleware):
    """Answer 400 to a request that carries more than one ``Authorization`` header."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        count = sum(1 for name, _ in scope.get("headers") or [] if name == b"authorization")
        if count > 1:
            await refuse(send, 400, "more than one Authorization header")
            return
        await self.app(scope, receive, send)


class BearerAuth:
    """Refuse HTTP requests without ``Authorization: Bearer <token>`` (constant-time compare)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self._expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b"Bearer"),
                        ],
                    }
                )
                await send(
                    {
                        "type": "http.response.body",
                        "body": b'{"error":"missing or wrong bearer token"}',
                    }
                )
                return
        await self.app(scope, receive, send)
