"""Placeholder for the change_requests operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["ChangeRequests"]


class ChangeRequests(APIResource):
    pass
