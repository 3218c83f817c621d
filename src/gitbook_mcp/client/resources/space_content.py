"""Placeholder for the space_content operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["SpaceContent"]


class SpaceContent(APIResource):
    pass
