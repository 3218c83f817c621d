"""Placeholder for the redirects operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["SiteRedirects"]


class SiteRedirects(APIResource):
    pass
