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
from gitbook_mcp.client.resources._plain import deleting, reading
from gitbook_mcp.client.resources._resource import ORG, APIResource, operation

__all__ = ["Teams"]


class Teams(APIResource):
    @operation("listTeamsInOrganizationById", "GET /orgs/{organizationId}/teams")
    def list(self, organization_id: str, **query: Unpack[TeamsQuery]) -> AsyncPaginator[Team]:
        """The organization's teams; ``owner`` (a member id) keeps those they manage, ``title``
        filters by name.
        """
        return self._paginate(Team)

    @operation("createOrganizationTeam", "PUT /orgs/{organizationId}/teams")
    async def create(self, organization_id: str, **body: Unpack[CreateTeamRequest]) -> Team:
        """Create a team (title 1 to 64 characters), optionally with members (user ids)."""
        return await self._call(Team)

    get = reading(ORG, "/teams/{teamId}", Team, "getTeamInOrganizationById")

    @operation("updateTeamInOrganizationById", "PATCH /orgs/{organizationId}/teams/{teamId}")
    async def update(
        self, organization_id: str, team_id: str, **body: Unpack[UpdateTeamRequest]
    ) -> Team:
        """Rename a team."""
        return await self._call(Team)

    delete = deleting(ORG, "/teams/{teamId}", "removeTeamFromOrganizationById")

    @operation(
        "listTeamMembersInOrganizationById", "GET /orgs/{organizationId}/teams/{teamId}/members"
    )
    def list_members(
        self, organization_id: str, team_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[TeamRosterEntry]:
        """The team's members, with their role in the team."""
        return self._paginate(TeamRosterEntry)

    @operation(
        "updateMembersInOrganizationTeam", "PUT /orgs/{organizationId}/teams/{teamId}/members"
    )
    async def update_members(
        self, organization_id: str, team_id: str, **body: Unpack[UpdateTeamMembersRequest]
    ) -> None:
        """Add and remove members (user ids or emails; both lists: removed), set roles by user."""
        await self._call_empty()

    @operation(
        "addMemberToOrganizationTeamById",
        "PUT /orgs/{organizationId}/teams/{teamId}/members/{userId}",
    )
    async def add_member(
        self, organization_id: str, team_id: str, user_id: str, **body: Unpack[AddTeamMemberRequest]
    ) -> None:
        """Add a member to the team, or change their team role (``owner`` or ``member``)."""
        await self._call_empty()

    @operation(
        "deleteMemberFromOrganizationTeamById",
        "DELETE /orgs/{organizationId}/teams/{teamId}/members/{userId}",
    )
    async def remove_member(self, organization_id: str, team_id: str, user_id: str) -> bool:
        """Remove a member from the team. True if removed, False if they were not in it."""
        return await self._delete_running()
