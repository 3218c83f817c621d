"""Teams of an organization and their members."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.common import MemberRole, Team
from gitbook_mcp.client.models.teams import (
    AddTeamMemberRequest,
    CreateTeamRequest,
    TeamRosterEntry,
    UpdateTeamMembersRequest,
    UpdateTeamRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Teams"]

_TEAMS = "/orgs/{organizationId}/teams"
_TEAM = "/orgs/{organizationId}/teams/{teamId}"
_MEMBERS = "/orgs/{organizationId}/teams/{teamId}/members"
_MEMBER = "/orgs/{organizationId}/teams/{teamId}/members/{userId}"


class Teams(APIResource):
    @operation("listTeamsInOrganizationById")
    def list(
        self,
        organization_id: str,
        *,
        owner: str | NotGiven = NOT_GIVEN,
        title: str | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Team]:
        """GET /orgs/{organizationId}/teams

        The organization's teams; ``owner`` (a member id) keeps those they manage, ``title``
        filters by name.
        """
        return self._client.paginate(
            _TEAMS,
            item=Team,
            ids=(organization_id,),
            params={"owner": owner, "title": title},
            page=page,
            limit=limit,
        )

    @operation("createOrganizationTeam")
    async def create(
        self,
        organization_id: str,
        *,
        title: str,
        members: builtins.list[str] | NotGiven = NOT_GIVEN,
    ) -> Team:
        """PUT /orgs/{organizationId}/teams

        Create a team (title 1 to 64 characters), optionally with members (user ids).
        """
        body = CreateTeamRequest.model_validate({"title": title, "members": members})
        return await self._client.request(
            "PUT",
            _TEAMS,
            ids=(organization_id,),
            body=body,
            cast_to=Team,
        )

    @operation("getTeamInOrganizationById")
    async def get(self, organization_id: str, team_id: str) -> Team:
        """GET /orgs/{organizationId}/teams/{teamId}

        One team.
        """
        return await self._client.request(
            "GET",
            _TEAM,
            ids=(organization_id, team_id),
            cast_to=Team,
        )

    @operation("updateTeamInOrganizationById")
    async def update(self, organization_id: str, team_id: str, *, title: str) -> Team:
        """PATCH /orgs/{organizationId}/teams/{teamId}

        Rename a team.
        """
        body = UpdateTeamRequest(title=title)
        return await self._client.request(
            "PATCH",
            _TEAM,
            ids=(organization_id, team_id),
            body=body,
            cast_to=Team,
        )

    @operation("removeTeamFromOrganizationById")
    async def delete(self, organization_id: str, team_id: str) -> bool:
        """DELETE /orgs/{organizationId}/teams/{teamId}

        Delete a team. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete(_TEAM, ids=(organization_id, team_id))

    @operation("listTeamMembersInOrganizationById")
    def list_members(
        self,
        organization_id: str,
        team_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[TeamRosterEntry]:
        """GET /orgs/{organizationId}/teams/{teamId}/members

        The team's members, with their role in the team.
        """
        return self._client.paginate(
            _MEMBERS,
            item=TeamRosterEntry,
            ids=(organization_id, team_id),
            page=page,
            limit=limit,
        )

    @operation("updateMembersInOrganizationTeam")
    async def update_members(
        self,
        organization_id: str,
        team_id: str,
        *,
        add: builtins.list[str] | NotGiven = NOT_GIVEN,
        remove: builtins.list[str] | NotGiven = NOT_GIVEN,
        memberships: Mapping[str, Mapping[str, Any]] | NotGiven = NOT_GIVEN,
    ) -> None:
        """PUT /orgs/{organizationId}/teams/{teamId}/members

        Add and remove members (user ids or emails; both lists: removed), set roles by user.
        """
        body = UpdateTeamMembersRequest.model_validate(
            {"add": add, "remove": remove, "memberships": memberships}
        )
        await self._client.request_empty(
            "PUT",
            _MEMBERS,
            ids=(organization_id, team_id),
            body=body,
        )

    @operation("addMemberToOrganizationTeamById")
    async def add_member(
        self,
        organization_id: str,
        team_id: str,
        user_id: str,
        *,
        role: MemberRole | NotGiven = NOT_GIVEN,
    ) -> None:
        """PUT /orgs/{organizationId}/teams/{teamId}/members/{userId}

        Add a member to the team, or change their team role (``owner`` or ``member``).
        """
        body = AddTeamMemberRequest.model_validate({"role": role})
        await self._client.request_empty(
            "PUT",
            _MEMBER,
            ids=(organization_id, team_id, user_id),
            body=body,
        )

    @operation("deleteMemberFromOrganizationTeamById")
    async def remove_member(self, organization_id: str, team_id: str, user_id: str) -> bool:
        """DELETE /orgs/{organizationId}/teams/{teamId}/members/{userId}

        Remove a member from the team. True if removed, False if they were not in it.
        """
        return await self._client.request_delete(
            _MEMBER,
            ids=(organization_id, team_id, user_id),
        )
