"""Assemble a server from settings and a way to get its API client: the selected tools,
resources and prompts. Which API the client talks to is the caller's choice
(`gitbook_mcp.cli.wiring`): the server never imports the local workspace."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.server.app import GitBookServer, build_server
from gitbook_mcp.server.calls.availability import unregistered
from gitbook_mcp.server.calls.runtime import ClientFactory, Runtime
from gitbook_mcp.server.guide import instructions_for
from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import (
    Selection,
    all_tools,
    build_tool_list,
    check_selection,
    expand_toolsets,
)

if TYPE_CHECKING:
    from gitbook_mcp.server.http.auth.upstream import UpstreamBackend
    from gitbook_mcp.server.http.auth.verifier import UpstreamVerifier

__all__ = ["MIB", "configure_upstream", "create_server"]

MIB = 1024 * 1024


def create_server(
    settings: Settings,
    *,
    factory: ClientFactory | None = None,
    backend: UpstreamBackend | None = None,
) -> GitBookServer:
    """The server these settings describe (raises `SelectionError` for unknown names), its
    client made by ``factory``; under ``--auth upstream``, each caller's by ``backend``."""
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
    options: dict[str, Any] = {}
    if upstream:  # the server has no client of its own: each caller's token has one
        if backend is None:
            raise ValueError("--auth upstream: the server needs a backend for callers' tokens")
        options, factory = _upstream(settings, backend)
    if factory is None:
        raise ValueError("the server needs a client factory")
    every = replace(selection, toolsets=("all",))
    chosen = set(expand_toolsets(selection.toolsets))
    server = build_server(
        lambda: _tools(every, settings),
        factory,
        refresh_interval=settings.permissions_refresh,
        secrets=()
        if upstream
        else tuple(t for t in (settings.api_token, settings.local_token) if t),
        withheld=lambda: unregistered(selection, all_tools()),
        active=lambda tool: tool.toolset in chosen or tool.name in selection.include,
        instructions=instructions_for(selection),
        output_schemas=settings.output_schemas == "full",
        **options,
    )
    # Registered now, not on first use: the capabilities of the first handshake list them.
    register_resources(server)
    register_prompts(server)
    if upstream and backend is not None:
        configure_upstream(server, settings, backend, options["token_verifier"])
    return server


def _tools(selection: Selection, settings: Settings) -> list[ToolDef]:
    """Every tool, built on first use, and the link checks' page cache sized as the settings
    say (the link checker is loaded with the tools, never on the way to ``initialize``)."""
    tools = build_tool_list(selection)
    from gitbook_mcp.linkcheck.page_cache import page_cache

    page_cache().max_bytes = int(settings.page_cache_mb * MIB)
    return tools


def _upstream(settings: Settings, backend: UpstreamBackend) -> tuple[dict[str, Any], ClientFactory]:
    """``--auth upstream``'s `MCPServer` options and the server's own client factory (which
    refuses: there is no server client)."""
    # Imported only with --auth upstream: the other servers never need the callers' machinery.
    from gitbook_mcp.server.http.auth.upstream import no_server_client, upstream_options

    return upstream_options(settings, backend), no_server_client


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
