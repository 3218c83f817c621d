"""Placeholder for the permissions operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Permissions"]


class Permissions(APIResource):
    pass
