"""Placeholder for the sections operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["SiteSectionGroups", "SiteSections"]


class SiteSections(APIResource):
    pass


class SiteSectionGroups(APIResource):
    pass
