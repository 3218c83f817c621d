"""OpenAPI specs of an organization, by slug: list, create, read, put, change visibility, delete."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from gitbook_mcp.client.models.openapi_specs import (
    CreateOpenAPISpecRequest,
    OpenAPISpec,
    PutOpenAPISpecRequest,
    UpdateOpenAPISpecRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["OpenAPISpecs"]


class OpenAPISpecs(APIResource):
    """A ``source`` is ``{"url": "https://..."}`` or ``{"text": "<the spec>"}``."""

    @operation("listOpenAPISpecs", "GET /orgs/{organizationId}/openapi")
    def list(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[OpenAPISpec]:
        """The organization's OpenAPI specs."""
        return self._paginate(OpenAPISpec, page=page, limit=limit)

    @operation("createOpenAPISpec", "POST /orgs/{organizationId}/openapi")
    async def create(
        self, organization_id: str, *, slug: str, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create a spec under ``slug`` (lowercase words joined by hyphens) from ``source``."""
        body = CreateOpenAPISpecRequest.model_validate({"slug": slug, "source": dict(source)})
        return await self._call(OpenAPISpec, body=body)

    @operation("getOpenAPISpecBySlug", "GET /orgs/{organizationId}/openapi/{specSlug}")
    async def get(self, organization_id: str, spec_slug: str) -> OpenAPISpec:
        """One OpenAPI spec, by slug."""
        return await self._call(OpenAPISpec)

    @operation("createOrUpdateOpenAPISpecBySlug", "PUT /orgs/{organizationId}/openapi/{specSlug}")
    async def create_or_update(
        self, organization_id: str, spec_slug: str, *, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create the spec with this slug, or give it a new source (a new version)."""
        body = PutOpenAPISpecRequest.model_validate({"source": dict(source)})
        return await self._call(OpenAPISpec, body=body)

    @operation(
        "updateOpenAPISpecBySlug",
        "PATCH /orgs/{organizationId}/openapi/{specSlug}",
        body=UpdateOpenAPISpecRequest,
    )
    async def update(
        self,
        organization_id: str,
        spec_slug: str,
        *,
        visibility: Literal["private", "public"],
    ) -> OpenAPISpec:
        """Make the spec ``private`` or ``public`` (anyone with its public link)."""
        return await self._call(OpenAPISpec)

    @operation("deleteOpenAPISpecBySlug", "DELETE /orgs/{organizationId}/openapi/{specSlug}")
    async def delete(self, organization_id: str, spec_slug: str) -> bool:
        """Delete a spec. True if deleted, False if it did not exist."""
        return await self._delete()
