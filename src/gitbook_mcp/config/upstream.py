"""The options of ``--auth upstream``: each HTTP caller's own API token, verified by an OAuth
authorization server (one group of `gitbook_mcp.config.settings.Settings`; whether they fit together is
its ``problems()``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gitbook_mcp.config.options import TEXT, choice, integer, number, option, optional

__all__ = ["MAX_AUTH_CACHE_TTL", "AuthMode", "UpstreamAuthOptions"]

AuthMode = Literal["server", "upstream"]
MAX_AUTH_CACHE_TTL = 300.0
"""Longest ``--auth-cache-ttl``: how long a revoked token may still be served from cache."""


@dataclass(frozen=True)
class UpstreamAuthOptions:
    """Whose API token serves a request over HTTP, and how callers' tokens are checked."""

    auth: AuthMode = option(
        "server",
        choice("server", "upstream"),
        "Whose API token over HTTP: `server` (the one `--token`) or `upstream` (each request's "
        "own `Authorization: Bearer`; the server keeps no token)",
    )
    auth_server: str | None = option(
        None,
        optional(TEXT),
        "With `--auth upstream`: the OAuth authorization server that issues callers' tokens "
        "(published in the protected-resource metadata)",
    )
    resource_url: str | None = option(
        None,
        optional(TEXT),
        "With `--auth upstream`: the public URL of the MCP endpoint (the OAuth resource)",
        shown="http://HOST:PORT/mcp (/sse for SSE)",
    )
    auth_cache_ttl: float = option(
        30.0,
        number(0.0, MAX_AUTH_CACHE_TTL),
        "With `--auth upstream`: seconds a token's verdict, and so a revoked token's cached "
        f"tools and resources, is reused (at most {MAX_AUTH_CACHE_TTL:.0f})",
    )
    callers_max: int = option(
        1000, integer(1), "With `--auth upstream`: callers (client, permissions) kept at once"
    )
    callers_ttl: float = option(
        900.0, number(0.0), "With `--auth upstream`: seconds an idle caller is kept"
    )
