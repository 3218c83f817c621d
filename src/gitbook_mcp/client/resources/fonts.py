"""Custom fonts of an organization: a family with one uploaded file per weight."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
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
        self,
        organization_id: str,
        *,
        font_family: str,
        font_faces: builtins.list[Mapping[str, Any]],
    ) -> CustomFont:
        """Create a font: ``font_faces`` is ``[{"weight": 400, "storageKey": key}, ...]``."""
        body = CreateCustomFontRequest.model_validate(
            {"fontFamily": font_family, "fontFaces": [dict(face) for face in font_faces]}
        )
        return await self._call(CustomFont, body=body)

    get = reading(ORG, "/fonts/{fontId}", CustomFont, "getCustomFont")

    @operation("updateCustomFont", "POST /orgs/{organizationId}/fonts/{fontId}")
    async def update(
        self,
        organization_id: str,
        font_id: str,
        *,
        font_family: str | NotGiven = NOT_GIVEN,
        font_faces: builtins.list[Mapping[str, Any]] | NotGiven = NOT_GIVEN,
    ) -> CustomFont:
        """Rename the family and/or change faces (``storageKey`` None: no file for that weight)."""
        faces = (
            [dict(face) for face in font_faces]
            if not isinstance(font_faces, NotGiven)
            else font_faces
        )
        body = UpdateCustomFontRequest.model_validate(
            {"fontFamily": font_family, "fontFaces": faces}
        )
        return await self._call(CustomFont, body=body)

    delete = deleting(ORG, "/fonts/{fontId}", "deleteCustomFont")
