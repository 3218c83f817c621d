"""Organization members: list, read, change role, remove, SSO, last seen, their spaces and teams."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.common import Member
from gitbook_mcp.client.models.members import (
    MemberSpace,
    MemberSpacesQuery,
    MembersQuery,
    MemberTeam,
    MemberTeamsQuery,
    PingResult,
    UpdateMemberRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import deleting, posting, reading
from gitbook_mcp.client.resources._resource import ORG, ROOT, APIResource, operation

__all__ = ["Members"]


class Members(APIResource):
    @operation("listMembersInOrganizationById", "GET /orgs/{organizationId}/members")
    def list(self, organization_id: str, **query: Unpack[MembersQuery]) -> AsyncPaginator[Member]:
        """The organization's members; ``search`` matches name and email, ``lastSeenAt`` sorts
        active members only.
        """
        return self._paginate(Member)

    get = reading(ORG, "/members/{userId}", Member, "getMemberInOrganizationById")

    @operation("updateMemberInOrganizationById", "PATCH /orgs/{organizationId}/members/{userId}")
    async def update(
        self, organization_id: str, user_id: str, **body: Unpack[UpdateMemberRequest]
    ) -> Member:
        """Change a member's organization role (None makes them a guest)."""
        return await self._call(Member)

    remove = deleting(ORG, "/members/{userId}", "removeMemberFromOrganizationById")

    ping = posting(
        ROOT,
        "/orgs/{organizationId}/ping",
        PingResult,
        "updateOrganizationMemberLastSeenAt",
        doc="Record the caller as seen now in the organization; answers visitor claims.",
    )

    set_sso = posting(
        ORG,
        "/members/{userId}/sso",
        Member,
        "setUserAsSSOMemberForOrganization",
        doc="Make a member an SSO member of the organization.",
    )

    @operation(
        "listSpacesForOrganizationMember", "GET /orgs/{organizationId}/members/{userId}/spaces"
    )
    def list_spaces(
        self, organization_id: str, user_id: str, **query: Unpack[MemberSpacesQuery]
    ) -> AsyncPaginator[MemberSpace]:
        """The spaces a member can reach, with their permission on each."""
        return self._paginate(MemberSpace)

    @operation(
        "listTeamsForOrganizationMember", "GET /orgs/{organizationId}/members/{userId}/teams"
    )
    def list_teams(
        self, organization_id: str, user_id: str, **query: Unpack[MemberTeamsQuery]
    ) -> AsyncPaginator[MemberTeam]:
        """The teams a member belongs to; ``title`` filters by name (case-insensitive contains)."""
        return self._paginate(MemberTeam)
