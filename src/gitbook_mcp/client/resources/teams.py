"""Teams of an organization and their members."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.common import Team
from gitbook_mcp.client.models.teams import (
    AddTeamMemberRequest,
    CreateTeamRequest,
    TeamRosterEntry,
    TeamsQuery,
    UpdateTeamMembersRequest,
    UpdateTeamRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Teams"]


class Teams(APIResource):
    @operation("listTeamsInOrganizationById")
    def list(self, organization_id: str, **query: Unpack[TeamsQuery]) -> AsyncPaginator[Team]:
        """The organization's teams; ``owner`` (a member id) keeps those they manage, ``title``
        filters by name.
        """
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/teams", ids=ids, item=Team, query=query_of(TeamsQuery, query)
        )

    @operation("createOrganizationTeam")
    async def create(self, organization_id: str, **body: Unpack[CreateTeamRequest]) -> Team:
        """Create a team (title 1 to 64 characters), optionally with members (user ids)."""
        ids = {"organizationId": organization_id}
        return await self._put(
            "/orgs/{organizationId}/teams",
            ids=ids,
            body=body_of(CreateTeamRequest, body),
            cast_to=Team,
        )

    @operation("getTeamInOrganizationById")
    async def get(self, organization_id: str, team_id: str) -> Team:
        """One Team."""
        ids = {"organizationId": organization_id, "teamId": team_id}
        return await self._get("/orgs/{organizationId}/teams/{teamId}", ids=ids, cast_to=Team)

    @operation("updateTeamInOrganizationById")
    async def update(
        self, organization_id: str, team_id: str, **body: Unpack[UpdateTeamRequest]
    ) -> Team:
        """Rename a team."""
        ids = {"organizationId": organization_id, "teamId": team_id}
        return await self._patch(
            "/orgs/{organizationId}/teams/{teamId}",
            ids=ids,
            body=body_of(UpdateTeamRequest, body),
            cast_to=Team,
        )

    @operation("removeTeamFromOrganizationById")
    async def delete(self, organization_id: str, team_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "teamId": team_id}
        return await self._delete("/orgs/{organizationId}/teams/{teamId}", ids=ids)

    @operation("listTeamMembersInOrganizationById")
    def list_members(
        self, organization_id: str, team_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[TeamRosterEntry]:
        """The team's members, with their role in the team."""
        ids = {"organizationId": organization_id, "teamId": team_id}
        return self._list(
            "/orgs/{organizationId}/teams/{teamId}/members",
            ids=ids,
            item=TeamRosterEntry,
            query=query_of(Paging, query),
        )

    @operation("updateMembersInOrganizationTeam")
    async def update_members(
        self, organization_id: str, team_id: str, **body: Unpack[UpdateTeamMembersRequest]
    ) -> None:
        """Add and remove members (user ids or emails; both lists: removed), set roles by user."""
        ids = {"organizationId": organization_id, "teamId": team_id}
        await self._send_empty(
            "PUT",
            "/orgs/{organizationId}/teams/{teamId}/members",
            ids=ids,
            body=body_of(UpdateTeamMembersRequest, body),
        )

    @operation("addMemberToOrganizationTeamById")
    async def add_member(
        self, organization_id: str, team_id: str, user_id: str, **body: Unpack[AddTeamMemberRequest]
    ) -> None:
        """Add a member to the team, or change their team role (``owner`` or ``member``)."""
        ids = {"organizationId": organization_id, "teamId": team_id, "userId": user_id}
        await self._send_empty(
            "PUT",
            "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
            ids=ids,
            body=body_of(AddTeamMemberRequest, body),
        )

    @operation("deleteMemberFromOrganizationTeamById")
    async def remove_member(self, organization_id: str, team_id: str, user_id: str) -> bool:
        """Remove a member from the team. True if removed, False if they were not in it."""
        ids = {"organizationId": organization_id, "teamId": team_id, "userId": user_id}
        return await self._delete("/orgs/{organizationId}/teams/{teamId}/members/{userId}", ids=ids)
