"""The one place that chooses the API a process talks to: the real service, or the local
workspace embedded in process (``--local``), for ``serve``, ``check-links`` and
``--auth upstream`` alike. The server and the link checker receive a client factory from here
and never import the local workspace themselves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.logs import get_logger

if TYPE_CHECKING:
    import httpx2
    from starlette.types import ASGIApp

    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.local import Store
    from gitbook_mcp.server.app import GitBookServer
    from gitbook_mcp.server.calls.runtime import ClientFactory
    from gitbook_mcp.server.http.auth.upstream import UpstreamBackend

__all__ = [
    "LOCAL_BASE_URL",
    "EmbeddedWorkspace",
    "client_factory",
    "open_local_store",
    "reset_local_db",
    "server_for",
    "upstream_backend",
]

_log = get_logger("gitbook_mcp.server")
LOCAL_BASE_URL = "http://local.gitbook-mcp/v1"
"""The base URL of the embedded workspace (never resolved: its transport is in process)."""


def reset_local_db(path: Path) -> None:
    """Remove the ``--local`` database and its WAL files, so the demo is loaded afresh."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def open_local_store(settings: Settings) -> Store:
    """The ``--local`` workspace: the demo loaded afresh with ``--reset-local``."""
    from gitbook_mcp.local import Store, load_demo

    if settings.reset_local:
        reset_local_db(settings.local_db)
    store = Store(settings.local_db, import_root=settings.import_root, seed=load_demo)
    store.change_requests.batch.refuse_trees = settings.tree_updates == "refuse"
    return store


class EmbeddedWorkspace:
    """The ``--local`` workspace served in process: opened on the first transport asked for,
    shared by every client made after, closed with `close`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self._app: ASGIApp | None = None

    def transport(self) -> httpx2.AsyncBaseTransport:
        """An in-process transport to the workspace (opened now if it is not yet)."""
        from gitbook_mcp.local import LocalTransport, create_app

        if self.store is None or self._app is None:
            self.store = open_local_store(self.settings)
            self._app = create_app(self.store, profile=self.settings.profile)
        transport: httpx2.AsyncBaseTransport = LocalTransport(self._app)
        return transport

    def close(self) -> None:
        """Close the workspace's database, if it was opened."""
        if self.store is not None:
            self.store.close()
            self.store, self._app = None, None


def client_factory(settings: Settings) -> ClientFactory:
    """How a process gets its API client: the embedded local workspace, or the real API."""
    options = {
        "max_concurrency": settings.max_concurrency,
        "requests_per_second": settings.requests_per_second,
        "timeout": settings.timeout,
        "max_tree_bytes": settings.max_tree_mb * 1024 * 1024,
        "profile": settings.profile,
    }

    @asynccontextmanager
    async def local() -> AsyncIterator[GitBookClient]:
        from gitbook_mcp.client import GitBookClient

        workspace = EmbeddedWorkspace(settings)
        try:
            transport = workspace.transport()
            _log.info(
                "local.ready",
                db=str(settings.local_db),
                profile=settings.profile,
                role_token=settings.local_token,
            )
            async with GitBookClient(
                token=settings.local_token,
                base_url=LOCAL_BASE_URL,
                transport=transport,
                **options,
            ) as client:
                yield client
        finally:
            workspace.close()

    @asynccontextmanager
    async def remote() -> AsyncIterator[GitBookClient]:
        from gitbook_mcp.client import GitBookClient

        assert settings.api_token is not None
        async with GitBookClient(
            token=settings.api_token,
            base_url=settings.api_url,
            **options,
        ) as client:
            yield client

    return local if settings.local else remote


def upstream_backend(settings: Settings) -> UpstreamBackend:
    """``--auth upstream``'s clients for callers' tokens: on the real API, or on one embedded
    workspace shared by every caller."""
    # Imported only with --auth upstream: the other servers never need the callers' machinery.
    from gitbook_mcp.server.http.auth.upstream import UpstreamBackend

    if settings.local:
        return UpstreamBackend(
            settings, base_url=LOCAL_BASE_URL, workspace=EmbeddedWorkspace(settings)
        )
    return UpstreamBackend(settings, base_url=settings.api_url)


def server_for(settings: Settings) -> GitBookServer:
    """The server these settings describe, wired to its API (raises `SelectionError` for
    unknown tool or toolset names)."""
    from gitbook_mcp.server.runner import create_server

    if settings.auth == "upstream":
        return create_server(settings, backend=upstream_backend(settings))
    return create_server(settings, factory=client_factory(settings))
