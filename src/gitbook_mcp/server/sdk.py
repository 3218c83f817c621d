"""The adapter to the `mcp` SDK's private names: every one this server touches is used here
and only here, each with why, so that an SDK release that moves one breaks one module.

Tested with ``mcp`` 2.3 (``pyproject.toml`` allows the 2.3 minors only);
`tests/unit/server/test_sdk.py` fails by name when a name below is gone or changed its shape.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, BinaryIO

from mcp.server import stdio as sdk_stdio
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp.types import ServerCapabilities

__all__ = ["PRIVATE_NAMES", "AdaptedServer", "claim_stdout", "replace_capabilities"]

PRIVATE_NAMES: tuple[tuple[str, str], ...] = (
    ("mcp.server.stdio", "_claim_fd"),
    ("mcp.server.stdio", "_open_stdout_diversion"),
    ("mcp.server.mcpserver.MCPServer", "_tool_input_schema"),
    ("mcp.server.mcpserver.MCPServer()", "_lowlevel_server"),
    ("mcp.server.lowlevel.Server()", "get_capabilities"),
)
"""Each private name (or private use of a public one) as (where, name); ``()`` marks an
attribute of an instance."""


def claim_stdout() -> tuple[BinaryIO, Callable[[], None] | None]:
    """The stdio wire (a duplicate of fd 1) and how to give fd 1 back; while serving, fd 1
    points at stderr, so that stray output misses the protocol."""
    # `mcp.server.stdio._claim_fd` and `_open_stdout_diversion`: how the SDK's own stdio
    # transport claims stdout. Its public `stdio_server` owns its reader and writer tasks, which
    # our transport (`server/stdio.py`) replaces; the claim itself must be the SDK's exactly.
    return sdk_stdio._claim_fd(1, sys.stdout, "wb", sdk_stdio._open_stdout_diversion)


def replace_capabilities(low: Server[Any], capabilities: Callable[..., ServerCapabilities]) -> None:
    """Make ``capabilities`` what ``low`` advertises, in the handshake and in
    ``server/discover``."""
    # `Server.get_capabilities` is public, but replacing it on the instance relies on the SDK
    # calling `self.get_capabilities` for both answers (there is no option for capabilities).
    low.get_capabilities = capabilities  # type: ignore[method-assign]


class AdaptedServer(MCPServer[Any]):
    """`MCPServer` with the private hooks this project needs made public: `lowlevel` and
    `tool_input_schema`."""

    @property
    def lowlevel(self) -> Server[Any]:
        """The low-level server under this one."""
        # `MCPServer._lowlevel_server`: the public `run_stdio_async` takes no streams, so our
        # stdio transport runs the low-level server itself; the capabilities are set on it too.
        return self._lowlevel_server

    def tool_input_schema(self, name: str) -> dict[str, Any] | None:
        """A tool's input schema by name (None: no such tool); the SDK's tool manager's unless
        overridden."""
        return super()._tool_input_schema(name)

    def _tool_input_schema(self, name: str) -> dict[str, Any] | None:
        # `MCPServer._tool_input_schema`: the low-level server asks it for a tool's schema to
        # check Mcp-Param-* headers (2026-07-28 HTTP); the SDK's answer reads its tool manager,
        # which this server does not use.
        return self.tool_input_schema(name)
