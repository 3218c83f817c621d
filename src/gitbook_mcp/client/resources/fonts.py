"""Placeholder for the fonts operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Fonts"]


class Fonts(APIResource):
    pass
