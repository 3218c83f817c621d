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

_LINKS = "/orgs/{organizationId}/link-invites"
_LINK = "/orgs/{organizationId}/link-invites/{inviteId}"


class Invites(APIResource):
    @operation("inviteUsersToOrganization")
    async def invite_users(
        self,
        organization_id: str,
        *,
        emails: list[str | Mapping[str, Any]],
        role: Role | NotGiven | None = NOT_GIVEN,
        sso: bool | NotGiven = NOT_GIVEN,
    ) -> InviteUsersResult:
        """POST /orgs/{organizationId}/invites

        Invite people by email (or ``{"email", "role"}`` each), as SSO users if ``sso``.
        """
        body = InviteUsersRequest.model_validate({"emails": emails, "role": role, "sso": sso})
        return await self._client.request(
            "POST",
            "/orgs/{organizationId}/invites",
            ids=(organization_id,),
            body=body,
            cast_to=InviteUsersResult,
        )

    @operation("joinOrganizationWithInvite")
    async def join(self, organization_id: str, invite_id: str) -> JoinResult:
        """POST /orgs/{organizationId}/invites/{inviteId}

        Join the organization as the authenticated user, with an invite link's id.
        """
        return await self._client.request(
            "POST",
            "/orgs/{organizationId}/invites/{inviteId}",
            ids=(organization_id, invite_id),
            cast_to=JoinResult,
        )

    @operation("listOrganizationInviteLinks")
    def list_links(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[InviteLink]:
        """GET /orgs/{organizationId}/link-invites

        The organization's invite links.
        """
        return self._client.paginate(
            _LINKS,
            item=InviteLink,
            ids=(organization_id,),
            page=page,
            limit=limit,
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
        """POST /orgs/{organizationId}/link-invites

        A link joining the organization with ``role``, or a space or collection with ``level``.
        """
        body = CreateInviteLinkRequest.model_validate(
            {"role": role, "level": level, "space": space, "collection": collection}
        )
        return await self._client.request(
            "POST",
            _LINKS,
            ids=(organization_id,),
            body=body,
            cast_to=InviteLink,
        )

    @operation("getOrganizationInviteLink")
    async def get_link(self, organization_id: str, invite_id: str) -> InviteLink:
        """GET /orgs/{organizationId}/link-invites/{inviteId}

        One invite link.
        """
        return await self._client.request(
            "GET",
            _LINK,
            ids=(organization_id, invite_id),
            cast_to=InviteLink,
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
        """PATCH /orgs/{organizationId}/link-invites/{inviteId}

        Change the ``role`` of an organization link, or the ``level`` of a space or collection link.
        """
        body = UpdateInviteLinkRequest.model_validate({"role": role, "level": level})
        return await self._client.request(
            "PATCH",
            _LINK,
            ids=(organization_id, invite_id),
            body=body,
            cast_to=InviteLink,
        )

    @operation("deleteOrganizationInviteById")
    async def delete_link(self, organization_id: str, invite_id: str) -> bool:
        """DELETE /orgs/{organizationId}/link-invites/{inviteId}

        Delete an invite link. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete(_LINK, ids=(organization_id, invite_id))
