"""Placeholder for the site_spaces operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["SiteSpaces"]


class SiteSpaces(APIResource):
    pass
