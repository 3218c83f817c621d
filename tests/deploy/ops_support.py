"""Helpers of the operations tests: serve an ASGI app on loopback in process, speak MCP JSON-RPC."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import uvicorn
from starlette.types import ASGIApp

__all__ = [
    "ACCEPT",
    "LEGACY_INITIALIZE",
    "MODERN",
    "free_port",
    "modern_headers",
    "rpc",
    "serve_app",
]

MODERN = "2026-07-28"
LEGACY_INITIALIZE: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "ops-test", "version": "1"},
    },
}
"""The handshake of a client of the 2025-06-18 protocol (it opens a session)."""
ACCEPT = {"accept": "application/json, text/event-stream"}
"""What a streamable-HTTP client accepts."""
_META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": {"name": "ops-test", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def rpc(method: str, params: dict[str, Any] | None = None, ident: int = 1) -> dict[str, Any]:
    """One self-contained 2026-07-28 JSON-RPC request."""
    return {
        "jsonrpc": "2.0",
        "id": ident,
        "method": method,
        "params": {**(params or {}), "_meta": _META},
    }


def modern_headers(method: str, name: str | None = None) -> dict[str, str]:
    """The headers a 2026-07-28 client sends with ``method`` (and a tool's ``name``)."""
    headers = {
        "accept": "application/json, text/event-stream",
        "mcp-protocol-version": MODERN,
        "mcp-method": method,
    }
    if name is not None:
        headers["mcp-name"] = name
    return headers


@asynccontextmanager
async def serve_app(make_app: Callable[[int], ASGIApp]) -> AsyncIterator[str]:
    """Serve ``make_app(port)`` with uvicorn on a loopback port (lifespan on); yield its URL."""
    port = free_port()
    config = uvicorn.Config(
        make_app(port), host="127.0.0.1", port=port, lifespan="on", log_level="warning"
    )
    server = uvicorn.Server(config)
    async with anyio.create_task_group() as group:
        group.start_soon(server.serve)
        with anyio.fail_after(10):
            while not server.started:  # noqa: ASYNC110 - uvicorn offers a flag, not an event
                await anyio.sleep(0.01)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.should_exit = True
