"""The local API's exposure guard: Host and Origin checks, and the bind rule for demo tokens.

The same rules as the MCP server's HTTP transports (mcp's `TransportSecurityMiddleware`): the
loopback names for the port, the bound address when it is a specific one, and whatever the
operator adds; an entry ending in ``:*`` admits any port. A refused request gets the API's error
JSON (421 for a foreign Host, 403 for a foreign Origin), so that a page served from a DNS-rebound
name cannot reach the workspace through the user's browser. Written out here rather than
imported: the local API is no MCP server, and importing the SDK for one check cost each
``local-api`` process about a second of CPU at start (a test keeps the two in agreement).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.local.http.errors import error_response

__all__ = ["LOOPBACK", "HostGuard", "HostRules", "exposure_problem", "security_for"]

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
_WILDCARDS = frozenset({"0.0.0.0", "::"})


@dataclass(frozen=True)
class HostRules:
    """The Host and Origin values a request may carry (an absent Origin is same-origin)."""

    hosts: tuple[str, ...]
    origins: tuple[str, ...]

    def refusal(self, headers: Headers) -> int | None:
        """421 for a missing or foreign Host, 403 for a foreign Origin, else None."""
        if not _admits(self.hosts, headers.get("host")):
            return 421
        origin = headers.get("origin")
        if origin and not _admits(self.origins, origin):
            return 403
        return None


def _admits(allowed: tuple[str, ...], value: str | None) -> bool:
    if not value:
        return False
    if value in allowed:
        return True
    return any(a.endswith(":*") and value.startswith(a[:-2] + ":") for a in allowed)


def security_for(
    host: str, port: int, allowed_hosts: Iterable[str] = (), allowed_origins: Iterable[str] = ()
) -> HostRules:
    """Host and Origin allow-lists: loopback names for this port, plus the configured ones."""
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"]
    origins = [f"http://{h}" for h in hosts]
    if host not in LOOPBACK | _WILDCARDS:
        hosts.append(f"{host}:{port}")
        origins.append(f"http://{host}:{port}")
    return HostRules((*hosts, *allowed_hosts), (*origins, *allowed_origins))


class HostGuard:
    """Answers requests with a foreign Host or Origin before the app sees them."""

    def __init__(self, app: ASGIApp, security: HostRules) -> None:
        self.app = app
        self.security = security

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refusal = self.security.refusal(Headers(scope=scope))
            if refusal is not None:
                reason = "Host" if refusal == 421 else "Origin"
                answer = error_response(refusal, f"Invalid {reason} header")
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
