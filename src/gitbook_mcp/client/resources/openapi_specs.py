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
from gitbook_mcp.client.resources._declared import (
    DeleteOp,
    ListOp,
    ReadOp,
    delete_op,
    list_op,
    read_op,
)
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["OpenAPISpecs"]


class OpenAPISpecs(APIResource):
    """A ``source`` is ``{"url": "https://..."}`` or ``{"text": "<the spec>"}``."""

    list: ListOp[OpenAPISpec, str] = list_op(
        "listOpenAPISpecs",
        "GET /orgs/{organizationId}/openapi",
        OpenAPISpec,
        "The organization's OpenAPI specs.",
    )

    @operation("createOpenAPISpec", "POST /orgs/{organizationId}/openapi")
    async def create(
        self, organization_id: str, *, slug: str, source: Mapping[str, str]
    ) -> OpenAPISpec:
        """Create a spec under ``slug`` (lowercase words joined by hyphens) from ``source``."""
        body = CreateOpenAPISpecRequest.model_validate({"slug": slug, "source": dict(source)})
        return await self._call(OpenAPISpec, body=body)

    get: ReadOp[OpenAPISpec, str, str] = read_op(
        "getOpenAPISpecBySlug",
        "GET /orgs/{organizationId}/openapi/{specSlug}",
        OpenAPISpec,
        "One OpenAPI spec, by slug.",
    )

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

    delete: DeleteOp[str, str] = delete_op(
        "deleteOpenAPISpecBySlug",
        "DELETE /orgs/{organizationId}/openapi/{specSlug}",
        "Delete a spec. True if deleted, False if it did not exist.",
    )
