"""Toolset ``change_requests`` (opt-in, live profile): open a change request, edit its pages in
one atomic batch, and read what it changed (semantic changes and per-page diffs).

Importing the modules here, in this order, registers the tools in the order of ``tools/list``.
"""

from __future__ import annotations

# isort: off
from gitbook_mcp.server.tools.change_requests import authoring
from gitbook_mcp.server.tools.change_requests import changes

# isort: on

__all__ = ["authoring", "changes"]
