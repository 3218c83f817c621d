"""Placeholder for the mcp_servers operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["SiteMcpServers"]


class SiteMcpServers(APIResource):
    pass
