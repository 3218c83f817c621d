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

_SPECS = "/orgs/{organizationId}/openapi"
_SPEC = "/orgs/{organizationId}/openapi/{specSlug}"


class OpenAPISpecs(APIResource):
    """A ``source`` is ``{"url": "https://..."}`` or ``{"text": "<the spec>"}``."""

    @operation("listOpenAPISpecs")
    def list(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[OpenAPISpec]:
        """GET /orgs/{organizationId}/openapi

        The organization's OpenAPI specs.
        """
        return self._client.paginate(
            _SPECS,
            item=OpenAPISpec,
            ids=(organization_id,),
            page=page,
            limit=limit,
        )

    @operation("createOpenAPISpec")
    async def create(
        self, organization_id: str, *, slug: str, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """POST /orgs/{organizationId}/openapi

        Create a spec under ``slug`` (lowercase words joined by hyphens) from ``source``.
        """
        body = CreateOpenAPISpecRequest.model_validate({"slug": slug, "source": dict(source)})
        return await self._client.request(
            "POST",
            _SPECS,
            ids=(organization_id,),
            body=body,
            cast_to=OpenAPISpec,
        )

    @operation("getOpenAPISpecBySlug")
    async def get(self, organization_id: str, spec_slug: str) -> OpenAPISpec:
        """GET /orgs/{organizationId}/openapi/{specSlug}

        One OpenAPI spec, by slug.
        """
        return await self._client.request(
            "GET",
            _SPEC,
            ids=(organization_id, spec_slug),
            cast_to=OpenAPISpec,
        )

    @operation("createOrUpdateOpenAPISpecBySlug")
    async def create_or_update(
        self, organization_id: str, spec_slug: str, *, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """PUT /orgs/{organizationId}/openapi/{specSlug}

        Create the spec with this slug, or give it a new source (a new version).
        """
        body = PutOpenAPISpecRequest.model_validate({"source": dict(source)})
        return await self._client.request(
            "PUT",
            _SPEC,
            ids=(organization_id, spec_slug),
            body=body,
            cast_to=OpenAPISpec,
        )

    @operation("updateOpenAPISpecBySlug")
    async def update(
        self,
        organization_id: str,
        spec_slug: str,
        *,
        visibility: Literal["private", "public"],
    ) -> OpenAPISpec:
        """PATCH /orgs/{organizationId}/openapi/{specSlug}

        Make the spec ``private`` or ``public`` (anyone with its public link).
        """
        body = UpdateOpenAPISpecRequest.model_validate({"visibility": visibility})
        return await self._client.request(
            "PATCH",
            _SPEC,
            ids=(organization_id, spec_slug),
            body=body,
            cast_to=OpenAPISpec,
        )

    @operation("deleteOpenAPISpecBySlug")
    async def delete(self, organization_id: str, spec_slug: str) -> bool:
        """DELETE /orgs/{organizationId}/openapi/{specSlug}

        Delete a spec. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete(_SPEC, ids=(organization_id, spec_slug))
