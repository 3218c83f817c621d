"""Placeholder for the saml operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Saml"]


class Saml(APIResource):
    pass
