"""Spaces (read, update, delete and restore, duplicate, move, transfer, list, links), and the user
and team permissions on a space or a collection.
"""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.common import Role, Space
from gitbook_mcp.client.models.links import LinkUsage
from gitbook_mcp.client.models.permissions import (
    AggregateQuery,
    InviteUsersAndTeamsRequest,
    UpdateUserPermissionRequest,
    UserPermission,
)
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

__all__ = ["CollectionAccess", "SpaceAccess", "Spaces"]


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


def _invite_body(
    role: Role | None, users: list[str] | NotGiven, teams: list[str] | NotGiven
) -> InviteUsersAndTeamsRequest:
    """The body of an invite: ``role`` for the users and/or teams named."""
    return InviteUsersAndTeamsRequest.model_validate({"role": role, "users": users, "teams": teams})


def _role_body(role: Role | NotGiven | None) -> UpdateUserPermissionRequest:
    """The body of a change of one user's role."""
    return UpdateUserPermissionRequest.model_validate({"role": role})


class SpaceAccess(APIResource):
    """Who may do what on a space."""

    @operation("inviteToSpace")
    async def invite(
        self,
        space_id: str,
        *,
        role: Role | None,
        users: list[str] | NotGiven = NOT_GIVEN,
        teams: list[str] | NotGiven = NOT_GIVEN,
    ) -> None:
        """Give ``role`` (None: guest) to users and/or teams (ids)."""
        ids = {"spaceId": space_id}
        await self._send_empty(
            "POST", "/spaces/{spaceId}/permissions", ids=ids, body=_invite_body(role, users, teams)
        )

    @operation("listUserPermissionsInSpace")
    def list_users(self, space_id: str, **query: Unpack[Paging]) -> AsyncPaginator[UserPermission]:
        """The users invited, with their role."""
        ids = {"spaceId": space_id}
        return self._list(
            "/spaces/{spaceId}/permissions/users",
            ids=ids,
            item=UserPermission,
            query=query_of(Paging, query),
        )

    @operation("updateUserPermissionInSpace")
    async def update_user(
        self, space_id: str, user_id: str, *, role: Role | NotGiven | None = NOT_GIVEN
    ) -> None:
        """Change a user's role (None: guest)."""
        ids = {"spaceId": space_id, "userId": user_id}
        await self._send_empty(
            "PATCH", "/spaces/{spaceId}/permissions/users/{userId}", ids=ids, body=_role_body(role)
        )

    @operation("removeUserFromSpace")
    async def remove_user(self, space_id: str, user_id: str) -> bool:
        """Remove a user's access. True if removed, False if they had none."""
        ids = {"spaceId": space_id, "userId": user_id}
        return await self._delete("/spaces/{spaceId}/permissions/users/{userId}", ids=ids)

    @operation("listPermissionsAggregateInSpace")
    def list_aggregate(
        self, space_id: str, **query: Unpack[AggregateQuery]
    ) -> AsyncPaginator[UserPermission]:
        """Every user with access, however granted; ``role`` filters."""
        ids = {"spaceId": space_id}
        return self._list(
            "/spaces/{spaceId}/permissions/aggregate",
            ids=ids,
            item=UserPermission,
            query=query_of(AggregateQuery, query),
        )


class CollectionAccess(APIResource):
    """Who may do what on a collection."""

    @operation("inviteToCollection")
    async def invite(
        self,
        collection_id: str,
        *,
        role: Role | None,
        users: list[str] | NotGiven = NOT_GIVEN,
        teams: list[str] | NotGiven = NOT_GIVEN,
    ) -> None:
        """Give ``role`` (None: guest) to users and/or teams (ids)."""
        ids = {"collectionId": collection_id}
        await self._send_empty(
            "POST",
            "/collections/{collectionId}/permissions",
            ids=ids,
            body=_invite_body(role, users, teams),
        )

    @operation("listUserPermissionsInCollection")
    def list_users(
        self, collection_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[UserPermission]:
        """The users invited, with their role."""
        ids = {"collectionId": collection_id}
        return self._list(
            "/collections/{collectionId}/permissions/users",
            ids=ids,
            item=UserPermission,
            query=query_of(Paging, query),
        )

    @operation("updateUserPermissionInCollection")
    async def update_user(
        self, collection_id: str, user_id: str, *, role: Role | NotGiven | None = NOT_GIVEN
    ) -> None:
        """Change a user's role (None: guest)."""
        ids = {"collectionId": collection_id, "userId": user_id}
        await self._send_empty(
            "PATCH",
            "/collections/{collectionId}/permissions/users/{userId}",
            ids=ids,
            body=_role_body(role),
        )

    @operation("removeUserFromCollection")
    async def remove_user(self, collection_id: str, user_id: str) -> bool:
        """Remove a user's access. True if removed, False if they had none."""
        ids = {"collectionId": collection_id, "userId": user_id}
        return await self._delete("/collections/{collectionId}/permissions/users/{userId}", ids=ids)

    @operation("listPermissionsAggregateInCollection")
    def list_aggregate(
        self, collection_id: str, **query: Unpack[AggregateQuery]
    ) -> AsyncPaginator[UserPermission]:
        """Every user with access, however granted; ``role`` filters."""
        ids = {"collectionId": collection_id}
        return self._list(
            "/collections/{collectionId}/permissions/aggregate",
            ids=ids,
            item=UserPermission,
            query=query_of(AggregateQuery, query),
        )
