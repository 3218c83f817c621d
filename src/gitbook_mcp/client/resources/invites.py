"""Organization invites: invite by email, join with an invite, and manage invite links."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
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
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Invites"]


class Invites(APIResource):
    @operation("inviteUsersToOrganization")
    async def invite_users(
        self, organization_id: str, **body: Unpack[InviteUsersRequest]
    ) -> InviteUsersResult:
        """Invite people by email (or ``{"email", "role"}`` each), as SSO users if ``sso``."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/invites",
            ids=ids,
            body=body_of(InviteUsersRequest, body),
            cast_to=InviteUsersResult,
        )

    @operation("joinOrganizationWithInvite")
    async def join(self, organization_id: str, invite_id: str) -> JoinResult:
        """Join the organization as the authenticated user, with an invite link's id."""
        ids = {"organizationId": organization_id, "inviteId": invite_id}
        return await self._post(
            "/orgs/{organizationId}/invites/{inviteId}", ids=ids, cast_to=JoinResult
        )

    @operation("listOrganizationInviteLinks")
    def list_links(
        self, organization_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[InviteLink]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/link-invites",
            ids=ids,
            item=InviteLink,
            query=query_of(Paging, query),
        )

    @operation("createOrganizationInvite")
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
        body = CreateInviteLinkRequest.model_validate(
            {"role": role, "level": level, "space": space, "collection": collection}
        )
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/link-invites", ids=ids, body=body, cast_to=InviteLink
        )

    @operation("getOrganizationInviteLink")
    async def get_link(self, organization_id: str, invite_id: str) -> InviteLink:
        """One InviteLink."""
        ids = {"organizationId": organization_id, "inviteId": invite_id}
        return await self._get(
            "/orgs/{organizationId}/link-invites/{inviteId}", ids=ids, cast_to=InviteLink
        )

    @operation("updateOrganizationInviteById")
    async def update_link(
        self,
        organization_id: str,
        invite_id: str,
        *,
        role: Role | NotGiven | None = NOT_GIVEN,
        level: Role | NotGiven | None = NOT_GIVEN,
    ) -> InviteLink:
        """Change the ``role`` of an organization link, or the ``level`` of a space or collection link."""
        ids = {"organizationId": organization_id, "inviteId": invite_id}
        return await self._patch(
            "/orgs/{organizationId}/link-invites/{inviteId}",
            ids=ids,
            body=UpdateInviteLinkRequest.model_validate({"role": role, "level": level}),
            cast_to=InviteLink,
        )

    @operation("deleteOrganizationInviteById")
    async def delete_link(self, organization_id: str, invite_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "inviteId": invite_id}
        return await self._delete("/orgs/{organizationId}/link-invites/{inviteId}", ids=ids)
