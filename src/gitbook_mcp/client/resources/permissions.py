"""User and team permissions on collections and spaces.

The same five operations exist for both: invite users or teams, list the users invited, change
or remove one user's role, and list everyone with access (the aggregate).
"""

from __future__ import annotations

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.permissions import (
    InviteUsersAndTeamsRequest,
    UpdateUserPermissionRequest,
    UserPermission,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Permissions"]

_COLLECTION = "/collections/{collectionId}/permissions"
_SPACE = "/spaces/{spaceId}/permissions"


class Permissions(APIResource):
    # -- invitations ----------------------------------------------------------------------

    @operation("inviteToCollection")
    async def invite_to_collection(
        self,
        collection_id: str,
        *,
        role: Role | None,
        users: list[str] | NotGiven = NOT_GIVEN,
        teams: list[str] | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /collections/{collectionId}/permissions

        Give ``role`` (None: guest) on the collection to users and/or teams (ids).
        """
        body = InviteUsersAndTeamsRequest.model_validate(
            {"role": role, "users": users, "teams": teams}
        )
        await self._client.request_empty(
            "POST", _COLLECTION, path_params={"collectionId": collection_id}, body=body
        )

    @operation("inviteToSpace")
    async def invite_to_space(
        self,
        space_id: str,
        *,
        role: Role | None,
        users: list[str] | NotGiven = NOT_GIVEN,
        teams: list[str] | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /spaces/{spaceId}/permissions

        Give ``role`` (None: guest) on the space to users and/or teams (ids).
        """
        body = InviteUsersAndTeamsRequest.model_validate(
            {"role": role, "users": users, "teams": teams}
        )
        await self._client.request_empty(
            "POST", _SPACE, path_params={"spaceId": space_id}, body=body
        )

    # -- invited users --------------------------------------------------------------------

    @operation("listUserPermissionsInCollection")
    def list_collection_users(
        self,
        collection_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[UserPermission]:
        """GET /collections/{collectionId}/permissions/users

        The users invited to the collection, with their role.
        """
        return self._client.paginate(
            _COLLECTION + "/users",
            item=UserPermission,
            path_params={"collectionId": collection_id},
            page=page,
            limit=limit,
        )

    @operation("listUserPermissionsInSpace")
    def list_space_users(
        self,
        space_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[UserPermission]:
        """GET /spaces/{spaceId}/permissions/users

        The users invited to the space, with their role.
        """
        return self._client.paginate(
            _SPACE + "/users",
            item=UserPermission,
            path_params={"spaceId": space_id},
            page=page,
            limit=limit,
        )

    @operation("updateUserPermissionInCollection")
    async def update_collection_user(
        self,
        collection_id: str,
        user_id: str,
        *,
        role: Role | NotGiven | None = NOT_GIVEN,
    ) -> None:
        """PATCH /collections/{collectionId}/permissions/users/{userId}

        Change a user's role on the collection (None: guest).
        """
        body = UpdateUserPermissionRequest.model_validate({"role": role})
        await self._client.request_empty(
            "PATCH",
            _COLLECTION + "/users/{userId}",
            path_params={"collectionId": collection_id, "userId": user_id},
            body=body,
        )

    @operation("updateUserPermissionInSpace")
    async def update_space_user(
        self,
        space_id: str,
        user_id: str,
        *,
        role: Role | NotGiven | None = NOT_GIVEN,
    ) -> None:
        """PATCH /spaces/{spaceId}/permissions/users/{userId}

        Change a user's role on the space (None: guest).
        """
        body = UpdateUserPermissionRequest.model_validate({"role": role})
        await self._client.request_empty(
            "PATCH",
            _SPACE + "/users/{userId}",
            path_params={"spaceId": space_id, "userId": user_id},
            body=body,
        )

    @operation("removeUserFromCollection")
    async def remove_collection_user(self, collection_id: str, user_id: str) -> bool:
        """DELETE /collections/{collectionId}/permissions/users/{userId}

        Remove a user's access to the collection. True if removed, False if they had none.
        """
        return await self._client.request_delete(
            _COLLECTION + "/users/{userId}",
            path_params={"collectionId": collection_id, "userId": user_id},
        )

    @operation("removeUserFromSpace")
    async def remove_space_user(self, space_id: str, user_id: str) -> bool:
        """DELETE /spaces/{spaceId}/permissions/users/{userId}

        Remove a user's access to the space. True if removed, False if they had none.
        """
        return await self._client.request_delete(
            _SPACE + "/users/{userId}", path_params={"spaceId": space_id, "userId": user_id}
        )

    # -- everyone with access -------------------------------------------------------------

    @operation("listPermissionsAggregateInCollection")
    def list_collection_aggregate(
        self,
        collection_id: str,
        *,
        role: Role | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[UserPermission]:
        """GET /collections/{collectionId}/permissions/aggregate

        Every user with access to the collection, however granted; ``role`` filters.
        """
        return self._client.paginate(
            _COLLECTION + "/aggregate",
            item=UserPermission,
            path_params={"collectionId": collection_id},
            params={"role": role},
            page=page,
            limit=limit,
        )

    @operation("listPermissionsAggregateInSpace")
    def list_space_aggregate(
        self,
        space_id: str,
        *,
        role: Role | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[UserPermission]:
        """GET /spaces/{spaceId}/permissions/aggregate

        Every user with access to the space, however granted; ``role`` filters.
        """
        return self._client.paginate(
            _SPACE + "/aggregate",
            item=UserPermission,
            path_params={"spaceId": space_id},
            params={"role": role},
            page=page,
            limit=limit,
        )
