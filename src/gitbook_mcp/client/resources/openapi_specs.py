"""OpenAPI specs of an organization, by slug: list, create, read, put, change visibility, delete."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Unpack

from gitbook_mcp.client.models.openapi_specs import (
    CreateOpenAPISpecRequest,
    OpenAPISpec,
    PutOpenAPISpecRequest,
    UpdateOpenAPISpecRequest,
)
from gitbook_mcp.client.resources._plain import deleting, listing, reading
from gitbook_mcp.client.resources._resource import ORG, APIResource, operation

__all__ = ["OpenAPISpecs"]


class OpenAPISpecs(APIResource):
    """A ``source`` is ``{"url": "https://..."}`` or ``{"text": "<the spec>"}``."""

    list = listing(ORG, "/openapi", OpenAPISpec, "listOpenAPISpecs")

    @operation("createOpenAPISpec", "POST /orgs/{organizationId}/openapi")
    async def create(
        self, organization_id: str, *, slug: str, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create a spec under ``slug`` (lowercase words joined by hyphens) from ``source``."""
        body = CreateOpenAPISpecRequest.model_validate({"slug": slug, "source": dict(source)})
        return await self._call(OpenAPISpec, body=body)

    get = reading(ORG, "/openapi/{specSlug}", OpenAPISpec, "getOpenAPISpecBySlug")

    @operation("createOrUpdateOpenAPISpecBySlug", "PUT /orgs/{organizationId}/openapi/{specSlug}")
    async def create_or_update(
        self, organization_id: str, spec_slug: str, *, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create the spec with this slug, or give it a new source (a new version)."""
        body = PutOpenAPISpecRequest.model_validate({"source": dict(source)})
        return await self._call(OpenAPISpec, body=body)

    @operation("updateOpenAPISpecBySlug", "PATCH /orgs/{organizationId}/openapi/{specSlug}")
    async def update(
        self, organization_id: str, spec_slug: str, **body: Unpack[UpdateOpenAPISpecRequest]
    ) -> OpenAPISpec:
        """Make the spec ``private`` or ``public`` (anyone with its public link)."""
        return await self._call(OpenAPISpec)

    delete = deleting(ORG, "/openapi/{specSlug}", "deleteOpenAPISpecBySlug")
