"""gitbook-mcp: an MCP server for a hosted documentation workspace, with a local stand-in."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.2.0"
