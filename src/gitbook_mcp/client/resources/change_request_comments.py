"""Placeholder for the change_request_comments operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["ChangeRequestComments"]


class ChangeRequestComments(APIResource):
    pass
