"""Placeholder for the collections operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Collections"]


class Collections(APIResource):
    pass
