"""User and team permissions on a space or a collection.

Two classes, one per parent (``client.space_permissions``, ``client.collection_permissions``),
with the same operations: invite users or teams, list the users invited, change or remove one
user's role, and list everyone with access (the aggregate). The bodies they send are built
once, below.
"""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.permissions import (
    AggregateQuery,
    InviteUsersAndTeamsRequest,
    UpdateUserPermissionRequest,
    UserPermission,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation, query_of

__all__ = ["CollectionPermissions", "SpacePermissions"]


def _invite_body(
    role: Role | None, users: list[str] | NotGiven, teams: list[str] | NotGiven
) -> InviteUsersAndTeamsRequest:
    """The body of an invite: ``role`` for the users and/or teams named."""
    return InviteUsersAndTeamsRequest.model_validate({"role": role, "users": users, "teams": teams})


def _role_body(role: Role | NotGiven | None) -> UpdateUserPermissionRequest:
    """The body of a change of one user's role."""
    return UpdateUserPermissionRequest.model_validate({"role": role})


class SpacePermissions(APIResource):
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


class CollectionPermissions(APIResource):
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
