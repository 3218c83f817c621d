"""Placeholder replaced by the sites domain (HTTP translation)."""

from __future__ import annotations

from gitbook_mcp.local.http.route import RouteSpec

__all__ = ["ROUTES"]

ROUTES: list[RouteSpec] = []
