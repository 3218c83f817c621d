"""Collections: nested groups of spaces; create, update, delete, list spaces, move, transfer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import Paging
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
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Collections"]


class Collections(APIResource):
    @operation("listCollectionsInOrganizationById")
    def list(
        self, organization_id: str, **query: Unpack[CollectionsQuery]
    ) -> AsyncPaginator[Collection]:
        """The organization's collections; nested ones too unless ``nested=False``."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/collections",
            ids=ids,
            item=Collection,
            query=query_of(CollectionsQuery, query),
        )

    @operation("createCollection")
    async def create(
        self, organization_id: str, **body: Unpack[CreateCollectionRequest]
    ) -> Collection:
        """Create a collection (title at most 50 characters), inside ``parent`` if given."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/collections",
            ids=ids,
            body=body_of(CreateCollectionRequest, body),
            cast_to=Collection,
        )

    @operation("getCollectionById")
    async def get(self, collection_id: str) -> Collection:
        """One collection, with the caller's ``permissions`` on it."""
        ids = {"collectionId": collection_id}
        return await self._get("/collections/{collectionId}", ids=ids, cast_to=Collection)

    @operation("updateCollectionById")
    async def update(
        self, collection_id: str, **body: Unpack[UpdateCollectionRequest]
    ) -> Collection:
        """Change the title, description (at most 100 characters) or default level passed."""
        ids = {"collectionId": collection_id}
        return await self._patch(
            "/collections/{collectionId}",
            ids=ids,
            body=body_of(UpdateCollectionRequest, body),
            cast_to=Collection,
        )

    @operation("deleteCollectionById")
    async def delete(self, collection_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        return await self._delete(
            "/collections/{collectionId}", ids={"collectionId": collection_id}
        )

    @operation("listSpacesInCollectionById")
    def list_spaces(self, collection_id: str, **query: Unpack[Paging]) -> AsyncPaginator[Space]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"collectionId": collection_id}
        return self._list(
            "/collections/{collectionId}/spaces", ids=ids, item=Space, query=query_of(Paging, query)
        )

    @operation("moveCollection")
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
        ids = {"collectionId": collection_id}
        return await self._post(
            "/collections/{collectionId}/move", ids=ids, body=body, cast_to=Collection
        )

    @operation("transferCollection")
    async def transfer(self, collection_id: str, **body: Unpack[TransferRequest]) -> Collection:
        """Move the collection, with its spaces, to another organization (an id)."""
        ids = {"collectionId": collection_id}
        return await self._post(
            "/collections/{collectionId}/transfer",
            ids=ids,
            body=body_of(TransferRequest, body),
            cast_to=Collection,
        )
