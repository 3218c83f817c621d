"""``gitbook-mcp serve``: build the server these settings describe and serve it on stdio or
HTTP (SSE or streamable), until stopped, with the interpreter shared in short turns between the
event loop and the worker threads parsing callers' text (`SWITCH_SECONDS`)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Final

import anyio

from gitbook_mcp.cli.collector import freeze_start_up
from gitbook_mcp.logs import configure_logging, get_logger

if TYPE_CHECKING:
    from gitbook_mcp.config.settings import Settings
    from gitbook_mcp.server.app import GitBookServer

__all__ = ["SWITCH_SECONDS", "serve", "serve_http", "share_interpreter"]

SWITCH_SECONDS: Final = 0.0005
"""How long a thread keeps the interpreter once another asks for it (CPython's default: 5 ms).
A worker thread parsing one caller's markdown holds the interpreter; the event loop asks for it
back after each of the dozens of system calls one other caller's call makes (its HTTP request,
the upstream call, worker hand-offs), and waited up to 5 ms each time: issue 36's victim of a
flood of hostile parses. At 0.5 ms the loop's waits are a tenth; one thread alone never switches,
and two parsing the cheqd corpus at once took as long (docs/benchmarks.md)."""


def share_interpreter() -> None:
    """Let the event loop take the interpreter back from CPU-bound workers within
    `SWITCH_SECONDS` (set once, for the whole process, before it serves)."""
    sys.setswitchinterval(SWITCH_SECONDS)


def serve(settings: Settings) -> int:
    """Serve until stopped: 0, or 2 when the tool selection names unknown tools."""
    from gitbook_mcp.cli.wiring import server_for
    from gitbook_mcp.server.toolsets import SelectionError

    configure_logging(level=settings.log_level, json=settings.log_json)
    log = get_logger("gitbook_mcp")
    try:
        server = server_for(settings)
    except SelectionError as exc:
        sys.stderr.write(f"gitbook-mcp: {exc}\n")
        return 2
    freeze_start_up()
    share_interpreter()
    log.info(
        "server.start",
        transport=settings.transport,
        auth=settings.auth,
        local=settings.local,
        toolsets=",".join(settings.toolsets),
        read_only=settings.read_only,
    )
    try:
        if settings.transport == "stdio":
            # Imported apart from the HTTP transports: stdio needs none of their modules.
            from gitbook_mcp.server.stdio import serve_stdio

            anyio.run(serve_stdio, server)
        else:
            anyio.run(serve_http, server, settings)
    except KeyboardInterrupt:
        return 0
    return 0


async def serve_http(server: GitBookServer, settings: Settings) -> None:
    """Serve SSE or streamable HTTP until stopped (drained on SIGTERM), with ``/metrics`` on its
    own listener when ``--metrics-port`` is set."""
    from uvicorn import Config

    from gitbook_mcp.server.http.ops.drain import Drain
    from gitbook_mcp.server.http.ops.metrics import metrics_app
    from gitbook_mcp.server.http.ops.shutdown import DrainingServer, QuietServer
    from gitbook_mcp.server.http.transports import http_app, uvicorn_config

    drain = Drain()
    app = http_app(server, settings, drain)
    port = settings.metrics_port
    side = QuietServer(
        Config(metrics_app(), host=settings.host, port=port or 0, lifespan="off", log_config=None)
    )
    try:
        async with anyio.create_task_group() as group:
            if port:
                group.start_soon(side.serve)
            await DrainingServer(uvicorn_config(app, settings), drain).serve()
            side.should_exit = True
    finally:
        await server.aclose()
