"""Organization invites: invite by email, join with an invite, and manage invite links."""

from __future__ import annotations

from typing import Unpack

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
from gitbook_mcp.client.resources._plain import deleting, listing, posting, reading
from gitbook_mcp.client.resources._resource import ORG, APIResource, operation

__all__ = ["Invites"]


class Invites(APIResource):
    @operation("inviteUsersToOrganization", "POST /orgs/{organizationId}/invites")
    async def invite_users(
        self, organization_id: str, **body: Unpack[InviteUsersRequest]
    ) -> InviteUsersResult:
        """Invite people by email (or ``{"email", "role"}`` each), as SSO users if ``sso``."""
        return await self._call(InviteUsersResult)

    join = posting(
        ORG,
        "/invites/{inviteId}",
        JoinResult,
        "joinOrganizationWithInvite",
        doc="Join the organization as the authenticated user, with an invite link's id.",
    )

    list_links = listing(ORG, "/link-invites", InviteLink, "listOrganizationInviteLinks")

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

    get_link = reading(ORG, "/link-invites/{inviteId}", InviteLink, "getOrganizationInviteLink")

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

    delete_link = deleting(ORG, "/link-invites/{inviteId}", "deleteOrganizationInviteById")
