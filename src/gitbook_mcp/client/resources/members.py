"""Placeholder for the members operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Members"]


class Members(APIResource):
    pass
