"""User and team permissions on a space or a collection.

One class for both parents (``client.space_permissions``, ``client.collection_permissions``):
invite users or teams, list the users invited, change or remove one user's role, and list
everyone with access (the aggregate).
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
from gitbook_mcp.client.resources._resource import Ids, ScopedResource, scoped

__all__ = ["Permissions"]

_USER = "/permissions/users/{userId}"


class Permissions(ScopedResource[*Ids]):
    """Who may do what on one space or collection; ids are the parent's, then the user's."""

    @scoped("POST", "/permissions", space="inviteToSpace", collection="inviteToCollection")
    async def invite(
        self,
        *ids: *Ids,
        role: Role | None,
        users: list[str] | NotGiven = NOT_GIVEN,
        teams: list[str] | NotGiven = NOT_GIVEN,
    ) -> None:
        """Give ``role`` (None: guest) to users and/or teams (ids)."""
        body = InviteUsersAndTeamsRequest.model_validate(
            {"role": role, "users": users, "teams": teams}
        )
        await self._call_empty(body=body)

    @scoped(
        "GET",
        "/permissions/users",
        space="listUserPermissionsInSpace",
        collection="listUserPermissionsInCollection",
    )
    def list_users(self, *ids: *Ids, **query: Unpack[Paging]) -> AsyncPaginator[UserPermission]:
        """The users invited, with their role."""
        return self._paginate(UserPermission)

    @scoped(
        "PATCH",
        _USER,
        space="updateUserPermissionInSpace",
        collection="updateUserPermissionInCollection",
    )
    async def update_user(
        self, *ids: *tuple[*Ids, str], role: Role | NotGiven | None = NOT_GIVEN
    ) -> None:
        """Change a user's role (None: guest)."""
        body = UpdateUserPermissionRequest.model_validate({"role": role})
        await self._call_empty(body=body)

    @scoped("DELETE", _USER, space="removeUserFromSpace", collection="removeUserFromCollection")
    async def remove_user(self, *ids: *tuple[*Ids, str]) -> bool:
        """Remove a user's access. True if removed, False if they had none."""
        return await self._delete_running()

    @scoped(
        "GET",
        "/permissions/aggregate",
        space="listPermissionsAggregateInSpace",
        collection="listPermissionsAggregateInCollection",
    )
    def list_aggregate(
        self,
        *ids: *Ids,
        **query: Unpack[AggregateQuery],
    ) -> AsyncPaginator[UserPermission]:
        """Every user with access, however granted; ``role`` filters."""
        return self._paginate(UserPermission)
