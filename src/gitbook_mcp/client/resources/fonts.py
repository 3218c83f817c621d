"""Custom fonts of an organization: a family with one uploaded file per weight."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.fonts import (
    CreateCustomFontRequest,
    CustomFont,
    UpdateCustomFontRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation

__all__ = ["Fonts"]


class Fonts(APIResource):
    @operation("listCustomFonts")
    def list(self, organization_id: str) -> AsyncPaginator[CustomFont]:
        """The organization's custom fonts (the operation takes no page or limit)."""
        ids = {"organizationId": organization_id}
        return self._list("/orgs/{organizationId}/fonts", ids=ids, item=CustomFont)

    @operation("createCustomFont")
    async def create(
        self, organization_id: str, **body: Unpack[CreateCustomFontRequest]
    ) -> CustomFont:
        """Create a font: a family and one face per weight."""
        ids = {"organizationId": organization_id}
        return await self._put(
            "/orgs/{organizationId}/fonts",
            ids=ids,
            body=body_of(CreateCustomFontRequest, body),
            cast_to=CustomFont,
        )

    @operation("getCustomFont")
    async def get(self, organization_id: str, font_id: str) -> CustomFont:
        """One CustomFont."""
        ids = {"organizationId": organization_id, "fontId": font_id}
        return await self._get("/orgs/{organizationId}/fonts/{fontId}", ids=ids, cast_to=CustomFont)

    @operation("updateCustomFont")
    async def update(
        self,
        organization_id: str,
        font_id: str,
        **body: Unpack[UpdateCustomFontRequest],
    ) -> CustomFont:
        """Rename the family and/or change faces (``storageKey`` None: no file for that weight)."""
        ids = {"organizationId": organization_id, "fontId": font_id}
        return await self._post(
            "/orgs/{organizationId}/fonts/{fontId}",
            ids=ids,
            body=body_of(UpdateCustomFontRequest, body),
            cast_to=CustomFont,
        )

    @operation("deleteCustomFont")
    async def delete(self, organization_id: str, font_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "fontId": font_id}
        return await self._delete("/orgs/{organizationId}/fonts/{fontId}", ids=ids)
