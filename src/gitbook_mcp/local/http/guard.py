"""The local API's exposure guard: Host and Origin checks, and the bind rule for demo tokens.

The same rules as the MCP server's HTTP transports (mcp's `TransportSecurityMiddleware`, whose
public ``validate_request`` is reused here): the loopback names for the port, the bound address
when it is a specific one, and whatever the operator adds. A refused request gets the API's
error JSON (421 for a foreign Host, 403 for a foreign Origin), so that a page served from a
DNS-rebound name cannot reach the workspace through the user's browser.
"""

from __future__ import annotations

from collections.abc import Iterable

from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.local.http.errors import error_response

__all__ = ["LOOPBACK", "HostGuard", "exposure_problem", "security_for"]

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
_WILDCARDS = frozenset({"0.0.0.0", "::"})


def security_for(
    host: str, port: int, allowed_hosts: Iterable[str] = (), allowed_origins: Iterable[str] = ()
) -> TransportSecuritySettings:
    """Host and Origin allow-lists: loopback names for this port, plus the configured ones."""
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"]
    origins = [f"http://{h}" for h in hosts]
    if host not in LOOPBACK | _WILDCARDS:
        hosts.append(f"{host}:{port}")
        origins.append(f"http://{host}:{port}")
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts + list(allowed_hosts),
        allowed_origins=origins + list(allowed_origins),
    )


class HostGuard:
    """Answers requests with a foreign Host or Origin before the app sees them."""

    def __init__(self, app: ASGIApp, security: TransportSecuritySettings) -> None:
        self.app = app
        self._checker = TransportSecurityMiddleware(security)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refusal = await self._checker.validate_request(Request(scope), is_post=False)
            if refusal is not None:
                reason = "Host" if refusal.status_code == 421 else "Origin"
                answer = error_response(refusal.status_code, f"Invalid {reason} header")
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


def exposure_problem(host: str, demo_tokens_present: bool, *, expose: bool) -> str | None:
    """Why binding ``host`` is refused, or None: demo tokens are public, so only loopback."""
    if host in LOOPBACK or not demo_tokens_present or expose:
        return None
    return (
        f"Binding to {host} would let anyone who can reach it use the public demo tokens "
        "(gb_local_*) of this database. Bind to 127.0.0.1, or pass --expose-demo-tokens if "
        "that exposure is intended."
    )
