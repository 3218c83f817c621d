"""Custom fonts of an organization: a family with one uploaded file per weight."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.fonts import (
    CreateCustomFontRequest,
    CustomFont,
    UpdateCustomFontRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import deleting, reading
from gitbook_mcp.client.resources._resource import ORG, APIResource, operation

__all__ = ["Fonts"]


class Fonts(APIResource):
    @operation("listCustomFonts", "GET /orgs/{organizationId}/fonts")
    def list(self, organization_id: str) -> AsyncPaginator[CustomFont]:
        """The organization's custom fonts (the operation takes no page or limit)."""
        return self._paginate(CustomFont)

    @operation("createCustomFont", "PUT /orgs/{organizationId}/fonts")
    async def create(
        self, organization_id: str, **body: Unpack[CreateCustomFontRequest]
    ) -> CustomFont:
        """Create a font: a family and one face per weight."""
        return await self._call(CustomFont)

    get = reading(ORG, "/fonts/{fontId}", CustomFont, "getCustomFont")

    @operation("updateCustomFont", "POST /orgs/{organizationId}/fonts/{fontId}")
    async def update(
        self,
        organization_id: str,
        font_id: str,
        **body: Unpack[UpdateCustomFontRequest],
    ) -> CustomFont:
        """Rename the family and/or change faces (``storageKey`` None: no file for that weight)."""
        return await self._call(CustomFont)

    delete = deleting(ORG, "/fonts/{fontId}", "deleteCustomFont")
