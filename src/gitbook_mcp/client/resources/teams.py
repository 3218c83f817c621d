"""Placeholder for the teams operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Teams"]


class Teams(APIResource):
    pass
