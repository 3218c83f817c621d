"""Placeholder for the openapi_specs operations (being written)."""

from __future__ import annotations

from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["OpenAPISpecs"]


class OpenAPISpecs(APIResource):
    pass
