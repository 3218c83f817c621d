"""The local workspace: the workspace API served from SQLite, for offline use and every test."""

from __future__ import annotations

from gitbook_mcp.local.app import create_app
from gitbook_mcp.local.faults import FaultConfig, RateLimitConfig
from gitbook_mcp.local.seed import load_demo
from gitbook_mcp.local.store import Store
from gitbook_mcp.local.transport import LocalTransport

__all__ = ["FaultConfig", "LocalTransport", "RateLimitConfig", "Store", "create_app", "load_demo"]
