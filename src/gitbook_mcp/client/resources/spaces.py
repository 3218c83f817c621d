"""Spaces: read, update, delete and restore, duplicate, move, transfer, list, links."""

from __future__ import annotations

from typing import Literal

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models.common import Role, Space
from gitbook_mcp.client.models.links import LinkUsage
from gitbook_mcp.client.models.spaces import (
    LinkListing,
    MoveSpaceRequest,
    PositionRef,
    TransferSpaceRequest,
    UpdateSpaceRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Spaces"]


class Spaces(APIResource):
    @operation("getSpaceById")
    async def get(self, space_id: str, *, share_key: str | NotGiven = NOT_GIVEN) -> Space:
        """GET /spaces/{spaceId}

        One space, with the caller's ``permissions`` on it.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}",
            ids=(space_id,),
            params={"shareKey": share_key},
            cast_to=Space,
        )

    @operation("updateSpaceById")
    async def update(
        self,
        space_id: str,
        *,
        title: str | NotGiven = NOT_GIVEN,
        edit_mode: Literal["live", "locked"] | NotGiven = NOT_GIVEN,
        default_level: Role | NotGiven = NOT_GIVEN,
        language: str | NotGiven = NOT_GIVEN,
        emoji: str | NotGiven = NOT_GIVEN,
    ) -> Space:
        """PATCH /spaces/{spaceId}

        Only the fields passed are changed.
        """
        body = UpdateSpaceRequest.model_validate(
            {
                "title": title,
                "editMode": edit_mode,
                "defaultLevel": default_level,
                "language": language,
                "emoji": emoji,
            }
        )
        return await self._client.request(
            "PATCH",
            "/spaces/{spaceId}",
            ids=(space_id,),
            body=body,
            cast_to=Space,
        )

    @operation("deleteSpaceById")
    async def delete(self, space_id: str) -> bool:
        """DELETE /spaces/{spaceId}

        Soft delete, restorable for 7 days. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete("/spaces/{spaceId}", ids=(space_id,))

    @operation("duplicateSpace")
    async def duplicate(self, space_id: str) -> Space:
        """POST /spaces/{spaceId}/duplicate"""
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/duplicate",
            ids=(space_id,),
            cast_to=Space,
        )

    @operation("restoreSpace")
    async def restore(self, space_id: str) -> Space:
        """POST /spaces/{spaceId}/restore

        Only spaces deleted in the last 7 days can be restored.
        """
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/restore",
            ids=(space_id,),
            cast_to=Space,
        )

    @operation("moveSpace")
    async def move(
        self,
        space_id: str,
        *,
        parent: str | NotGiven | None = NOT_GIVEN,
        before: str | NotGiven = NOT_GIVEN,
        after: str | NotGiven = NOT_GIVEN,
    ) -> Space:
        """POST /spaces/{spaceId}/move

        ``parent`` is a collection id (None for the top level); ``before``/``after`` are space ids.
        At least one of them must be given.
        """
        if all(isinstance(v, NotGiven) for v in (parent, before, after)):
            raise InvalidRequestError("move needs parent, before or after")
        position = {
            side: PositionRef(type="space", space=ref)
            for side, ref in (("before", before), ("after", after))
            if isinstance(ref, str)
        }
        body = MoveSpaceRequest.model_validate(
            {"parent": parent, "position": position or NOT_GIVEN}
        )
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/move",
            ids=(space_id,),
            body=body,
            cast_to=Space,
        )

    @operation("transferSpace")
    async def transfer(self, space_id: str, *, organization: str) -> Space:
        """POST /spaces/{spaceId}/transfer"""
        body = TransferSpaceRequest(organization=organization)
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/transfer",
            ids=(space_id,),
            body=body,
            cast_to=Space,
        )

    @operation("listSpaceLinks")
    def list_links(
        self,
        space_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[LinkUsage]:
        """GET /spaces/{spaceId}/links

        The links of the space's current revision with their status; pages carry ``stats``.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/links",
            item=LinkUsage,
            page_type=LinkListing,
            ids=(space_id,),
            page=page,
            limit=limit,
        )

    @operation("listSpacesInOrganizationById")
    def list(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Space]:
        """GET /orgs/{organizationId}/spaces

        Await for one page, or ``async for`` over every space of the organization.
        """
        return self._client.paginate(
            "/orgs/{organizationId}/spaces",
            item=Space,
            ids=(organization_id,),
            page=page,
            limit=limit,
        )
