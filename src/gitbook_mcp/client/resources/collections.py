"""Collections: nested groups of spaces; create, update, delete, list spaces, move, transfer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models.collections import (
    Collection,
    CollectionsQuery,
    CreateCollectionRequest,
    MoveCollectionRequest,
    UpdateCollectionRequest,
    content_pointer,
)
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.spaces import TransferRequest
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import deleting, listing, reading
from gitbook_mcp.client.resources._resource import COLLECTION, ROOT, APIResource, operation

__all__ = ["Collections"]


class Collections(APIResource):
    @operation("listCollectionsInOrganizationById", "GET /orgs/{organizationId}/collections")
    def list(
        self, organization_id: str, **query: Unpack[CollectionsQuery]
    ) -> AsyncPaginator[Collection]:
        """The organization's collections; nested ones too unless ``nested=False``."""
        return self._paginate(Collection)

    @operation("createCollection", "POST /orgs/{organizationId}/collections")
    async def create(
        self, organization_id: str, **body: Unpack[CreateCollectionRequest]
    ) -> Collection:
        """Create a collection (title at most 50 characters), inside ``parent`` if given."""
        return await self._call(Collection)

    get = reading(
        ROOT,
        "/collections/{collectionId}",
        Collection,
        "getCollectionById",
        doc="One collection, with the caller's ``permissions`` on it.",
    )

    @operation("updateCollectionById", "PATCH /collections/{collectionId}")
    async def update(
        self, collection_id: str, **body: Unpack[UpdateCollectionRequest]
    ) -> Collection:
        """Change the title, description (at most 100 characters) or default level passed."""
        return await self._call(Collection)

    delete = deleting(ROOT, "/collections/{collectionId}", "deleteCollectionById")

    list_spaces = listing(COLLECTION, "/spaces", Space, "listSpacesInCollectionById")

    @operation("moveCollection", "POST /collections/{collectionId}/move")
    async def move(
        self,
        collection_id: str,
        *,
        parent: str | NotGiven | None = NOT_GIVEN,
        before: str | Mapping[str, Any] | NotGiven = NOT_GIVEN,
        after: str | Mapping[str, Any] | NotGiven = NOT_GIVEN,
    ) -> Collection:
        """Move under ``parent`` (a collection id, None for the top level) and/or next to a sibling.
        ``before``/``after`` take a space id, or ``{"type": "collection", "collection": id}``.
        At least one of them must be given.
        """
        if all(isinstance(v, NotGiven) for v in (parent, before, after)):
            raise InvalidRequestError("move needs parent, before or after")
        position = {
            key: content_pointer(value)
            for key, value in (("before", before), ("after", after))
            if not isinstance(value, NotGiven)
        }
        body = MoveCollectionRequest.model_validate(
            {"parent": parent, "position": position or NOT_GIVEN}
        )
        return await self._call(Collection, body=body)

    @operation("transferCollection", "POST /collections/{collectionId}/transfer")
    async def transfer(self, collection_id: str, **body: Unpack[TransferRequest]) -> Collection:
        """Move the collection, with its spaces, to another organization (an id)."""
        return await self._call(Collection)
