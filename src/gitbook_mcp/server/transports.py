"""Serving the MCP server: stdio, SSE or streamable HTTP.

HTTP binds to loopback by default with DNS-rebinding protection (allowed hosts and origins are
configurable). When a bearer token is configured (required when binding beyond loopback), every
HTTP request must carry it; the check is a small ASGI layer in front of the SDK's app.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING

from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp, Receive, Scope, Send

if TYPE_CHECKING:
    from gitbook_mcp.server.app import GitBookServer
    from gitbook_mcp.settings import Settings

__all__ = ["BearerAuth", "http_app", "run", "security_settings"]


def security_settings(settings: Settings) -> TransportSecuritySettings:
    """Host and Origin checks: loopback names for this port, plus any configured ones."""
    hosts = [f"127.0.0.1:{settings.port}", f"localhost:{settings.port}", f"[::1]:{settings.port}"]
    origins = [f"http://{h}" for h in hosts]
    if settings.host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        hosts.append(f"{settings.host}:{settings.port}")
        origins.append(f"http://{settings.host}:{settings.port}")
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts + list(settings.allowed_hosts),
        allowed_origins=origins + list(settings.allowed_origins),
    )


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


def http_app(server: GitBookServer, settings: Settings) -> ASGIApp:
    """The ASGI app for SSE or streamable HTTP, with host checks and the optional bearer check."""
    security = security_settings(settings)
    if settings.transport == "sse":
        app: ASGIApp = server.sse_app(transport_security=security, host=settings.host)
    else:
        app = server.streamable_http_app(transport_security=security, host=settings.host)
    if settings.mcp_auth_token:
        app = BearerAuth(app, settings.mcp_auth_token)
    return app


async def run(server: GitBookServer, settings: Settings) -> None:
    """Serve until stopped."""
    if settings.transport == "stdio":
        await server.run_stdio_async()
        return
    import uvicorn

    config = uvicorn.Config(
        http_app(server, settings),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        access_log=False,
        lifespan="on",
    )
    await uvicorn.Server(config).serve()
