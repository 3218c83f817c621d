"""Assemble a server from settings: the client (remote or the embedded local workspace),
the selected tools, resources and prompts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.app import GitBookServer, build_server
from gitbook_mcp.server.calls.availability import unregistered
from gitbook_mcp.server.calls.runtime import ClientFactory, Runtime
from gitbook_mcp.server.guide import instructions_for
from gitbook_mcp.server.tooling import ToolOptions
from gitbook_mcp.server.toolsets import (
    Selection,
    all_tools,
    build_tool_list,
    check_selection,
    expand_toolsets,
)
from gitbook_mcp.settings import Settings

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.local import Store
    from gitbook_mcp.server.http.auth.upstream import UpstreamBackend
    from gitbook_mcp.server.http.auth.verifier import UpstreamVerifier

__all__ = ["client_factory", "create_server", "open_local_store", "reset_local_db"]

_log = get_logger("gitbook_mcp.server")
LOCAL_BASE_URL = "http://local.gitbook-mcp/v1"


def reset_local_db(path: Path) -> None:
    """Remove the ``--local`` database and its WAL files, so the demo is loaded afresh."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def open_local_store(settings: Settings) -> Store:
    """The ``--local`` workspace: the demo loaded afresh with ``--reset-local``."""
    from gitbook_mcp.local import Store, load_demo

    if settings.reset_local:
        reset_local_db(settings.local_db)
    return Store(settings.local_db, import_root=settings.import_root, seed=load_demo)


def client_factory(settings: Settings) -> ClientFactory:
    """How the server gets its API client: the embedded local workspace, or the real API."""
    options = {
        "max_concurrency": settings.max_concurrency,
        "requests_per_second": settings.requests_per_second,
        "timeout": settings.timeout,
        "profile": settings.profile,
    }

    @asynccontextmanager
    async def local() -> AsyncIterator[GitBookClient]:
        from gitbook_mcp.client import GitBookClient
        from gitbook_mcp.local import LocalTransport, create_app

        store = open_local_store(settings)
        store.change_requests.batch.refuse_trees = settings.tree_updates == "refuse"
        try:
            _log.info(
                "local.ready",
                db=str(settings.local_db),
                profile=settings.profile,
                role_token=settings.local_token,
            )
            async with GitBookClient(
                token=settings.local_token,
                base_url=LOCAL_BASE_URL,
                transport=LocalTransport(create_app(store, profile=settings.profile)),
                **options,
            ) as client:
                yield client
        finally:
            store.close()

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


def create_server(settings: Settings, *, factory: ClientFactory | None = None) -> GitBookServer:
    """The server these settings describe (raises `SelectionError` for unknown names)."""
    from gitbook_mcp.server.prompts import register_prompts
    from gitbook_mcp.server.resources import register_resources

    selection = Selection(
        toolsets=settings.toolsets,
        include=settings.tools,
        exclude=settings.exclude_tools,
        read_only=settings.read_only,
        profile=settings.profile,
    )
    check_selection(selection)

    upstream = settings.auth == "upstream"
    backend: UpstreamBackend | None = None
    options: dict[str, Any] = {}
    if upstream:  # the server has no client of its own: each caller's token has one
        backend, options, factory = _upstream(settings)
    every = replace(selection, toolsets=("all",))
    chosen = set(expand_toolsets(selection.toolsets))
    server = build_server(
        lambda: build_tool_list(every),
        factory or client_factory(settings),
        refresh_interval=settings.permissions_refresh,
        secrets=()
        if upstream
        else tuple(t for t in (settings.api_token, settings.local_token) if t),
        withheld=lambda: unregistered(selection, all_tools()),
        active=lambda tool: tool.toolset in chosen or tool.name in selection.include,
        instructions=instructions_for(selection),
        output_schemas=settings.output_schemas == "full",
        # Pages are read as JSON documents, in process as over HTTP (the local workspace stores
        # the API's documents), so the shortcut reads exactly what the real path reads.
        tool_options=ToolOptions(content_format="document"),
        **options,
    )
    # Registered now, not on first use: the capabilities of the first handshake list them.
    register_resources(server)
    register_prompts(server)
    if backend is not None:
        configure_upstream(server, settings, backend, options["token_verifier"])
    return server


def _upstream(settings: Settings) -> tuple[UpstreamBackend, dict[str, Any], ClientFactory]:
    """``--auth upstream``'s shared backend, `MCPServer` options and the server's own client
    factory (which refuses: there is no server client)."""
    # Imported only with --auth upstream: the other servers never need the callers' machinery.
    from gitbook_mcp.server.http.auth.upstream import (
        UpstreamBackend,
        no_server_client,
        upstream_options,
    )

    backend = UpstreamBackend(
        settings,
        base_url=LOCAL_BASE_URL if settings.local else settings.api_url,
        open_store=lambda: open_local_store(settings),
    )
    return backend, upstream_options(settings, backend), no_server_client


def configure_upstream(
    server: GitBookServer, settings: Settings, backend: UpstreamBackend, verifier: UpstreamVerifier
) -> None:
    """Give ``server`` its verifier, callers' cache, readiness probe and metadata alias."""
    # Imported here: only --auth upstream needs them (not on the other servers' start-up path).
    from mcp.server.auth.routes import create_protected_resource_routes

    from gitbook_mcp.server.http.auth.callers import Callers
    from gitbook_mcp.server.http.auth.upstream import METADATA_PATH

    base = server.base_runtime
    server.verifier = verifier

    def caller_runtime(token: str) -> Runtime:
        runtime = Runtime(
            list(base.tools.values()),
            lambda: backend.client(token),
            refresh_interval=base.refresh_interval,
            secrets=(*base.secrets, token),
            tool_options=base.tool_options,
            active=base.active_source,
        )
        # A token revoked upstream is noticed by its first refused call, not a TTL later.
        runtime.on_refused = lambda: verifier.forget(token)
        return runtime

    server.callers = Callers(
        caller_runtime, max_size=settings.callers_max, ttl=settings.callers_ttl
    )
    server.ready_probe = backend.ping
    server.on_close.append(backend.aclose)
    # The SDK serves the metadata under the resource's path (RFC 9728 section 3.1); clients
    # that look at the bare well-known path find the same document there.
    auth = server.settings.auth
    assert auth is not None
    assert auth.resource_server_url is not None
    route = create_protected_resource_routes(auth.resource_server_url, [auth.issuer_url])[0]
    if route.path != METADATA_PATH:
        server.custom_route(METADATA_PATH, methods=["GET", "OPTIONS"])(route.endpoint)
