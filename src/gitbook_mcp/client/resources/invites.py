"""Organization invites: invite by email, join with an invite, and manage invite links."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.invites import (
    CreateInviteLinkRequest,
    InviteLink,
    InviteUsersRequest,
    InviteUsersResult,
    JoinResult,
    UpdateInviteLinkRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Invites"]


class Invites(APIResource):
    @operation(
        "inviteUsersToOrganization", "POST /orgs/{organizationId}/invites", body=InviteUsersRequest
    )
    async def invite_users(
        self,
        organization_id: str,
        *,
        emails: list[str | Mapping[str, Any]],
        role: Role | NotGiven | None = NOT_GIVEN,
        sso: bool | NotGiven = NOT_GIVEN,
    ) -> InviteUsersResult:
        """Invite people by email (or ``{"email", "role"}`` each), as SSO users if ``sso``."""
        return await self._call(InviteUsersResult)

    @operation("joinOrganizationWithInvite", "POST /orgs/{organizationId}/invites/{inviteId}")
    async def join(self, organization_id: str, invite_id: str) -> JoinResult:
        """Join the organization as the authenticated user, with an invite link's id."""
        return await self._call(JoinResult)

    @operation("listOrganizationInviteLinks", "GET /orgs/{organizationId}/link-invites")
    def list_links(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[InviteLink]:
        """The organization's invite links."""
        return self._paginate(InviteLink, page=page, limit=limit)

    @operation(
        "createOrganizationInvite",
        "POST /orgs/{organizationId}/link-invites",
        body=CreateInviteLinkRequest,
    )
    async def create_link(
        self,
        organization_id: str,
        *,
        role: Role | NotGiven | None = NOT_GIVEN,
        level: Role | NotGiven | None = NOT_GIVEN,
        space: str | NotGiven = NOT_GIVEN,
        collection: str | NotGiven = NOT_GIVEN,
    ) -> InviteLink:
        """A link joining the organization with ``role``, or a space or collection with ``level``."""
        return await self._call(InviteLink)

    @operation("getOrganizationInviteLink", "GET /orgs/{organizationId}/link-invites/{inviteId}")
    async def get_link(self, organization_id: str, invite_id: str) -> InviteLink:
        """One invite link."""
        return await self._call(InviteLink)

    @operation(
        "updateOrganizationInviteById",
        "PATCH /orgs/{organizationId}/link-invites/{inviteId}",
        body=UpdateInviteLinkRequest,
    )
    async def update_link(
        self,
        organization_id: str,
        invite_id: str,
        *,
        role: Role | NotGiven | None = NOT_GIVEN,
        level: Role | NotGiven | None = NOT_GIVEN,
    ) -> InviteLink:
        """Change the ``role`` of an organization link, or the ``level`` of a space or collection link."""
        return await self._call(InviteLink)

    @operation(
        "deleteOrganizationInviteById", "DELETE /orgs/{organizationId}/link-invites/{inviteId}"
    )
    async def delete_link(self, organization_id: str, invite_id: str) -> bool:
        """Delete an invite link. True if deleted, False if it did not exist."""
        return await self._delete()
