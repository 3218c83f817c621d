"""``--auth upstream``: wire a server so that each caller acts with its own API token.

`UpstreamBackend` makes an API client for any token: the real API, or one workspace served in
process (a `Workspace`, which `gitbook_mcp.cli.wiring` supplies for ``--local``) shared by every
caller. `runner.configure_upstream` gives the
server the SDK's bearer layer (`UpstreamVerifier`), the OAuth protected-resource metadata (RFC 9728,
naming ``--auth-server`` and the resource URL), a per-caller cache of runtimes and a readiness
probe that needs no token.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import TYPE_CHECKING, Any, Protocol

import httpx2
from mcp.server.auth.settings import AuthSettings

from gitbook_mcp.api import operations
from gitbook_mcp.client.errors import AuthenticationError
from gitbook_mcp.client.resources import Users, operation_of
from gitbook_mcp.server.http.auth.bus import CallerBus
from gitbook_mcp.server.http.auth.verifier import UpstreamVerifier

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.config.settings import Settings

__all__ = [
    "METADATA_PATH",
    "UpstreamBackend",
    "Workspace",
    "no_server_client",
    "resource_url",
    "upstream_options",
]

METADATA_PATH = "/.well-known/oauth-protected-resource"
"""Where the protected-resource metadata is also served, without the resource's path."""
_PROBE_TOKEN = "readiness-probe"
"""Not a secret: a made-up token the API must refuse (its refusal shows the API answers)."""


class Workspace(Protocol):
    """An API served in process (``--local``), shared by every caller's client."""

    def transport(self) -> httpx2.AsyncBaseTransport:
        """A transport to it (the workspace opens on the first one)."""
        ...

    def close(self) -> None:
        """Close it, if it was opened."""
        ...


class UpstreamBackend:
    """API clients for callers' tokens (see the module's docstring)."""

    def __init__(
        self, settings: Settings, *, base_url: str, workspace: Workspace | None = None
    ) -> None:
        self.settings = settings
        self.base_url = base_url
        self.workspace = workspace
        """The in-process API (``--local``), else None: the API at ``base_url``."""
        self._pool: httpx2.AsyncHTTPTransport | None = None

    @asynccontextmanager
    async def client(self, token: str) -> AsyncIterator[GitBookClient]:
        """A client acting with ``token``."""
        from gitbook_mcp.client import GitBookClient

        s = self.settings
        async with GitBookClient(
            token=token,
            base_url=self.base_url,
            transport=self._shared_pool() if self.workspace is None else self.workspace.transport(),
            max_concurrency=s.max_concurrency,
            requests_per_second=s.requests_per_second,
            timeout=s.timeout,
            profile=s.profile,
        ) as client:
            yield client

    async def ping(self) -> None:
        """Raise unless the API answers (a refusal of a made-up token counts as an answer)."""
        try:
            async with self.client(_PROBE_TOKEN) as client:
                await client.orgs.list(limit=1).to_list(max_items=1)
        except AuthenticationError:
            return

    async def aclose(self) -> None:
        """Close the shared connection pool and the embedded local workspace, if opened."""
        if self._pool is not None:
            await self._pool.aclose()
            self._pool = None
        if self.workspace is not None:
            self.workspace.close()

    def _shared_pool(self) -> httpx2.AsyncBaseTransport:
        # Each httpx client would load its own TLS context (about 0.8 MB): callers' clients
        # share one connection pool instead. Requests carry their own Authorization header;
        # a pooled connection carries no credential. Proxies from the environment are not
        # applied to this pool.
        if self._pool is None:
            self._pool = httpx2.AsyncHTTPTransport()
        return _Shared(self._pool)


class _Shared(httpx2.AsyncBaseTransport):
    """A transport that a closing client leaves open (the backend closes it at shutdown)."""

    def __init__(self, inner: httpx2.AsyncBaseTransport) -> None:
        self.inner = inner

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        return None


def resource_url(settings: Settings) -> str:
    """The OAuth resource: ``--resource-url``, else this server's MCP endpoint on loopback."""
    if settings.resource_url:
        return settings.resource_url
    path = "/sse" if settings.transport == "sse" else "/mcp"
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    return f"http://{host}:{settings.port}{path}"


def upstream_options(settings: Settings, backend: UpstreamBackend) -> dict[str, Any]:
    """`MCPServer` options: the SDK's bearer layer with our verifier, the metadata, and a
    subscription bus that keeps each caller's list-changed events to that caller."""
    assert settings.auth_server is not None  # settings.problems() requires it
    # Validated from text, so that the URLs keep their exact spelling (an issuer is compared
    # as a string, RFC 8414): no trailing slash is added to a path-less URL.
    auth = AuthSettings.model_validate(
        {
            "issuer_url": settings.auth_server,
            "resource_server_url": resource_url(settings),
            # Personal tokens carry no audience: the API itself says whether a token is good.
            "validate_token_resource": False,
        }
    )
    verifier = UpstreamVerifier(
        backend.client,
        has_user_endpoint=operation_of(Users.me) in operations(settings.profile),
        ttl=settings.auth_cache_ttl,
        max_size=settings.callers_max,
    )
    return {"auth": auth, "token_verifier": verifier, "subscriptions": CallerBus()}


def no_server_client() -> AbstractAsyncContextManager[GitBookClient]:
    """The server's own client factory under ``--auth upstream``: there is none."""
    raise RuntimeError("--auth upstream: this request carries no caller token")
