"""Collections: nested groups of spaces; create, update, delete, list spaces, move, transfer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models.collections import (
    Collection,
    CreateCollectionRequest,
    MoveCollectionRequest,
    TransferCollectionRequest,
    UpdateCollectionRequest,
    content_pointer,
)
from gitbook_mcp.client.models.common import Role, Space
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Collections"]

_COLLECTION = "/collections/{collectionId}"


class Collections(APIResource):
    @operation("listCollectionsInOrganizationById")
    def list(
        self,
        organization_id: str,
        *,
        nested: bool | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Collection]:
        """GET /orgs/{organizationId}/collections

        The organization's collections; nested ones too unless ``nested=False``.
        """
        return self._client.paginate(
            "/orgs/{organizationId}/collections",
            item=Collection,
            ids=(organization_id,),
            params={"nested": nested},
            page=page,
            limit=limit,
        )

    @operation("createCollection")
    async def create(
        self,
        organization_id: str,
        *,
        title: str | NotGiven = NOT_GIVEN,
        parent: str | NotGiven = NOT_GIVEN,
    ) -> Collection:
        """POST /orgs/{organizationId}/collections

        Create a collection (title at most 50 characters), inside ``parent`` if given.
        """
        body = CreateCollectionRequest.model_validate({"title": title, "parent": parent})
        return await self._client.request(
            "POST",
            "/orgs/{organizationId}/collections",
            ids=(organization_id,),
            body=body,
            cast_to=Collection,
        )

    @operation("getCollectionById")
    async def get(self, collection_id: str) -> Collection:
        """GET /collections/{collectionId}

        One collection, with the caller's ``permissions`` on it.
        """
        return await self._client.request(
            "GET",
            _COLLECTION,
            ids=(collection_id,),
            cast_to=Collection,
        )

    @operation("updateCollectionById")
    async def update(
        self,
        collection_id: str,
        *,
        title: str | NotGiven = NOT_GIVEN,
        description: str | NotGiven = NOT_GIVEN,
        default_level: Role | Literal["inherit"] | NotGiven | None = NOT_GIVEN,
    ) -> Collection:
        """PATCH /collections/{collectionId}

        Change the title, description (at most 100 characters) or default level passed.
        """
        body = UpdateCollectionRequest.model_validate(
            {"title": title, "description": description, "defaultLevel": default_level}
        )
        return await self._client.request(
            "PATCH",
            _COLLECTION,
            ids=(collection_id,),
            body=body,
            cast_to=Collection,
        )

    @operation("deleteCollectionById")
    async def delete(self, collection_id: str) -> bool:
        """DELETE /collections/{collectionId}

        Delete a collection. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete(_COLLECTION, ids=(collection_id,))

    @operation("listSpacesInCollectionById")
    def list_spaces(
        self,
        collection_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Space]:
        """GET /collections/{collectionId}/spaces

        The spaces in a collection.
        """
        return self._client.paginate(
            _COLLECTION + "/spaces",
            item=Space,
            ids=(collection_id,),
            page=page,
            limit=limit,
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
        """POST /collections/{collectionId}/move

        Move under ``parent`` (a collection id, None for the top level) and/or next to a sibling.
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
        return await self._client.request(
            "POST",
            _COLLECTION + "/move",
            ids=(collection_id,),
            body=body,
            cast_to=Collection,
        )

    @operation("transferCollection")
    async def transfer(self, collection_id: str, *, organization: str) -> Collection:
        """POST /collections/{collectionId}/transfer

        Move the collection, with its spaces, to another organization (an id).
        """
        body = TransferCollectionRequest(organization=organization)
        return await self._client.request(
            "POST",
            _COLLECTION + "/transfer",
            ids=(collection_id,),
            body=body,
            cast_to=Collection,
        )
