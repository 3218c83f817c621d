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
from gitbook_mcp.client.resources._plain import deleting, listing, posting
from gitbook_mcp.client.resources._resource import ORG, ROOT, APIResource, operation

__all__ = ["Spaces"]


class Spaces(APIResource):
    @operation("getSpaceById", "GET /spaces/{spaceId}")
    async def get(self, space_id: str, **query: Unpack[ShareKeyQuery]) -> Space:
        """One space, with the caller's ``permissions`` on it."""
        return await self._call(Space)

    @operation("updateSpaceById", "PATCH /spaces/{spaceId}")
    async def update(self, space_id: str, **body: Unpack[UpdateSpaceRequest]) -> Space:
        """Only the fields passed are changed."""
        return await self._call(Space)

    delete = deleting(
        ROOT,
        "/spaces/{spaceId}",
        "deleteSpaceById",
        doc="Soft delete, restorable for 7 days. True if deleted, False if it did not exist.",
    )

    duplicate = posting(
        ROOT,
        "/spaces/{spaceId}/duplicate",
        Space,
        "duplicateSpace",
        doc="A copy of the space; the answer is the new space.",
    )

    restore = posting(
        ROOT,
        "/spaces/{spaceId}/restore",
        Space,
        "restoreSpace",
        doc="Only spaces deleted in the last 7 days can be restored.",
    )

    @operation("moveSpace", "POST /spaces/{spaceId}/move")
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
        return await self._call(Space, body=body)

    @operation("transferSpace", "POST /spaces/{spaceId}/transfer")
    async def transfer(self, space_id: str, **body: Unpack[TransferRequest]) -> Space:
        """Move the space to another ``organization`` (seed profile)."""
        return await self._call(Space)

    @operation("listSpaceLinks", "GET /spaces/{spaceId}/links")
    def list_links(self, space_id: str, **query: Unpack[Paging]) -> AsyncPaginator[LinkUsage]:
        """The links of the space's current revision with their status; pages carry ``stats``."""
        return self._paginate(LinkUsage, page_type=LinkListing)

    list = listing(ORG, "/spaces", Space, "listSpacesInOrganizationById")
