"""OpenAPI specs of an organization, by slug: list, create, read, put, change visibility, delete."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.openapi_specs import (
    CreateOpenAPISpecRequest,
    OpenAPISpec,
    PutOpenAPISpecRequest,
    UpdateOpenAPISpecRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["OpenAPISpecs"]


class OpenAPISpecs(APIResource):
    """A ``source`` is ``{"url": "https://..."}`` or ``{"text": "<the spec>"}``."""

    @operation("listOpenAPISpecs")
    def list(self, organization_id: str, **query: Unpack[Paging]) -> AsyncPaginator[OpenAPISpec]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/openapi",
            ids=ids,
            item=OpenAPISpec,
            query=query_of(Paging, query),
        )

    @operation("createOpenAPISpec")
    async def create(
        self, organization_id: str, *, slug: str, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create a spec under ``slug`` (lowercase words joined by hyphens) from ``source``."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/openapi",
            ids=ids,
            body=CreateOpenAPISpecRequest.model_validate({"slug": slug, "source": dict(source)}),
            cast_to=OpenAPISpec,
        )

    @operation("getOpenAPISpecBySlug")
    async def get(self, organization_id: str, spec_slug: str) -> OpenAPISpec:
        """One OpenAPISpec."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._get(
            "/orgs/{organizationId}/openapi/{specSlug}", ids=ids, cast_to=OpenAPISpec
        )

    @operation("createOrUpdateOpenAPISpecBySlug")
    async def create_or_update(
        self, organization_id: str, spec_slug: str, *, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create the spec with this slug, or give it a new source (a new version)."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._put(
            "/orgs/{organizationId}/openapi/{specSlug}",
            ids=ids,
            body=PutOpenAPISpecRequest.model_validate({"source": dict(source)}),
            cast_to=OpenAPISpec,
        )

    @operation("updateOpenAPISpecBySlug")
    async def update(
        self, organization_id: str, spec_slug: str, **body: Unpack[UpdateOpenAPISpecRequest]
    ) -> OpenAPISpec:
        """Make the spec ``private`` or ``public`` (anyone with its public link)."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._patch(
            "/orgs/{organizationId}/openapi/{specSlug}",
            ids=ids,
            body=body_of(UpdateOpenAPISpecRequest, body),
            cast_to=OpenAPISpec,
        )

    @operation("deleteOpenAPISpecBySlug")
    async def delete(self, organization_id: str, spec_slug: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "specSlug": spec_slug}
        return await self._delete("/orgs/{organizationId}/openapi/{specSlug}", ids=ids)
