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
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Fonts"]

_FONTS = "/orgs/{organizationId}/fonts"
_FONT = "/orgs/{organizationId}/fonts/{fontId}"


class Fonts(APIResource):
    @operation("listCustomFonts")
    def list(self, organization_id: str) -> AsyncPaginator[CustomFont]:
        """GET /orgs/{organizationId}/fonts

        The organization's custom fonts (the operation takes no page or limit).
        """
        return self._client.paginate(_FONTS, item=CustomFont, ids=(organization_id,))

    @operation("createCustomFont")
    async def create(
        self,
        organization_id: str,
        *,
        font_family: str,
        font_faces: builtins.list[Mapping[str, Any]],
    ) -> CustomFont:
        """PUT /orgs/{organizationId}/fonts

        Create a font: ``font_faces`` is ``[{"weight": 400, "storageKey": key}, ...]``.
        """
        body = CreateCustomFontRequest.model_validate(
            {"fontFamily": font_family, "fontFaces": [dict(face) for face in font_faces]}
        )
        return await self._client.request(
            "PUT",
            _FONTS,
            ids=(organization_id,),
            body=body,
            cast_to=CustomFont,
        )

    @operation("getCustomFont")
    async def get(self, organization_id: str, font_id: str) -> CustomFont:
        """GET /orgs/{organizationId}/fonts/{fontId}

        One custom font.
        """
        return await self._client.request(
            "GET",
            _FONT,
            ids=(organization_id, font_id),
            cast_to=CustomFont,
        )

    @operation("updateCustomFont")
    async def update(
        self,
        organization_id: str,
        font_id: str,
        *,
        font_family: str | NotGiven = NOT_GIVEN,
        font_faces: builtins.list[Mapping[str, Any]] | NotGiven = NOT_GIVEN,
    ) -> CustomFont:
        """POST /orgs/{organizationId}/fonts/{fontId}

        Rename the family and/or change faces (``storageKey`` None: no file for that weight).
        """
        faces = (
            [dict(face) for face in font_faces]
            if not isinstance(font_faces, NotGiven)
            else font_faces
        )
        body = UpdateCustomFontRequest.model_validate(
            {"fontFamily": font_family, "fontFaces": faces}
        )
        return await self._client.request(
            "POST",
            _FONT,
            ids=(organization_id, font_id),
            body=body,
            cast_to=CustomFont,
        )

    @operation("deleteCustomFont")
    async def delete(self, organization_id: str, font_id: str) -> bool:
        """DELETE /orgs/{organizationId}/fonts/{fontId}

        Delete a custom font. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete(_FONT, ids=(organization_id, font_id))
