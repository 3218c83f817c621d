"""Placeholder for the sites operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Sites"]


class Sites(APIResource):
    pass
