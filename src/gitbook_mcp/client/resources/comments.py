"""Placeholder for the comments operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Comments"]


class Comments(APIResource):
    pass
