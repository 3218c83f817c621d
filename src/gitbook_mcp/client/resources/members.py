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
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Members"]


class Members(APIResource):
    @operation("listMembersInOrganizationById")
    def list(self, organization_id: str, **query: Unpack[MembersQuery]) -> AsyncPaginator[Member]:
        """The organization's members; ``search`` matches name and email, ``lastSeenAt`` sorts
        active members only.
        """
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/members",
            ids=ids,
            item=Member,
            query=query_of(MembersQuery, query),
        )

    @operation("getMemberInOrganizationById")
    async def get(self, organization_id: str, user_id: str) -> Member:
        """One Member."""
        ids = {"organizationId": organization_id, "userId": user_id}
        return await self._get("/orgs/{organizationId}/members/{userId}", ids=ids, cast_to=Member)

    @operation("updateMemberInOrganizationById")
    async def update(
        self, organization_id: str, user_id: str, **body: Unpack[UpdateMemberRequest]
    ) -> Member:
        """Change a member's organization role (None makes them a guest)."""
        ids = {"organizationId": organization_id, "userId": user_id}
        return await self._patch(
            "/orgs/{organizationId}/members/{userId}",
            ids=ids,
            body=body_of(UpdateMemberRequest, body),
            cast_to=Member,
        )

    @operation("removeMemberFromOrganizationById")
    async def remove(self, organization_id: str, user_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "userId": user_id}
        return await self._delete("/orgs/{organizationId}/members/{userId}", ids=ids)

    @operation("updateOrganizationMemberLastSeenAt")
    async def ping(self, organization_id: str) -> PingResult:
        """Record the caller as seen now in the organization; answers visitor claims."""
        ids = {"organizationId": organization_id}
        return await self._post("/orgs/{organizationId}/ping", ids=ids, cast_to=PingResult)

    @operation("setUserAsSSOMemberForOrganization")
    async def set_sso(self, organization_id: str, user_id: str) -> Member:
        """Make a member an SSO member of the organization."""
        ids = {"organizationId": organization_id, "userId": user_id}
        return await self._post(
            "/orgs/{organizationId}/members/{userId}/sso", ids=ids, cast_to=Member
        )

    @operation("listSpacesForOrganizationMember")
    def list_spaces(
        self, organization_id: str, user_id: str, **query: Unpack[MemberSpacesQuery]
    ) -> AsyncPaginator[MemberSpace]:
        """The spaces a member can reach, with their permission on each."""
        ids = {"organizationId": organization_id, "userId": user_id}
        return self._list(
            "/orgs/{organizationId}/members/{userId}/spaces",
            ids=ids,
            item=MemberSpace,
            query=query_of(MemberSpacesQuery, query),
        )

    @operation("listTeamsForOrganizationMember")
    def list_teams(
        self, organization_id: str, user_id: str, **query: Unpack[MemberTeamsQuery]
    ) -> AsyncPaginator[MemberTeam]:
        """The teams a member belongs to; ``title`` filters by name (case-insensitive contains)."""
        ids = {"organizationId": organization_id, "userId": user_id}
        return self._list(
            "/orgs/{organizationId}/members/{userId}/teams",
            ids=ids,
            item=MemberTeam,
            query=query_of(MemberTeamsQuery, query),
        )
