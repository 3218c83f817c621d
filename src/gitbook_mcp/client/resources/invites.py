"""Placeholder for the invites operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Invites"]


class Invites(APIResource):
    pass
