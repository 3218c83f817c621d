"""Placeholder for the organizations operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Organizations"]


class Organizations(APIResource):
    pass
