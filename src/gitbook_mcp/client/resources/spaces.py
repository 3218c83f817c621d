"""Spaces: read, update, delete and restore, duplicate, move, transfer, list, links."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.links import LinkUsage
from gitbook_mcp.client.models.sites import ShareKeyQuery
from gitbook_mcp.client.models.spaces import (
    LinkListing,
    MoveSpaceRequest,
    PositionRef,
    TransferRequest,
    UpdateSpaceRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Spaces"]


class Spaces(APIResource):
    @operation("getSpaceById")
    async def get(self, space_id: str, **query: Unpack[ShareKeyQuery]) -> Space:
        """One space, with the caller's ``permissions`` on it."""
        ids = {"spaceId": space_id}
        return await self._get(
            "/spaces/{spaceId}", ids=ids, cast_to=Space, query=query_of(ShareKeyQuery, query)
        )

    @operation("updateSpaceById")
    async def update(self, space_id: str, **body: Unpack[UpdateSpaceRequest]) -> Space:
        """Only the fields passed are changed."""
        ids = {"spaceId": space_id}
        return await self._patch(
            "/spaces/{spaceId}", ids=ids, body=body_of(UpdateSpaceRequest, body), cast_to=Space
        )

    @operation("deleteSpaceById")
    async def delete(self, space_id: str) -> bool:
        """Soft delete, restorable for 7 days. True if deleted, False if it did not exist."""
        return await self._delete("/spaces/{spaceId}", ids={"spaceId": space_id})

    @operation("duplicateSpace")
    async def duplicate(self, space_id: str) -> Space:
        """A copy of the space; the answer is the new space."""
        return await self._post(
            "/spaces/{spaceId}/duplicate", ids={"spaceId": space_id}, cast_to=Space
        )

    @operation("restoreSpace")
    async def restore(self, space_id: str) -> Space:
        """Only spaces deleted in the last 7 days can be restored."""
        return await self._post(
            "/spaces/{spaceId}/restore", ids={"spaceId": space_id}, cast_to=Space
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
        """``parent`` is a collection id (None for the top level); ``before``/``after`` are space ids.
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
        return await self._post(
            "/spaces/{spaceId}/move", ids={"spaceId": space_id}, body=body, cast_to=Space
        )

    @operation("transferSpace")
    async def transfer(self, space_id: str, **body: Unpack[TransferRequest]) -> Space:
        """Move the space to another ``organization`` (seed profile)."""
        ids = {"spaceId": space_id}
        return await self._post(
            "/spaces/{spaceId}/transfer",
            ids=ids,
            body=body_of(TransferRequest, body),
            cast_to=Space,
        )

    @operation("listSpaceLinks")
    def list_links(self, space_id: str, **query: Unpack[Paging]) -> AsyncPaginator[LinkUsage]:
        """The links of the space's current revision with their status; pages carry ``stats``."""
        ids = {"spaceId": space_id}
        return self._list(
            "/spaces/{spaceId}/links",
            ids=ids,
            item=LinkUsage,
            query=query_of(Paging, query),
            page_type=LinkListing,
        )

    @operation("listSpacesInOrganizationById")
    def list(self, organization_id: str, **query: Unpack[Paging]) -> AsyncPaginator[Space]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/spaces", ids=ids, item=Space, query=query_of(Paging, query)
        )
