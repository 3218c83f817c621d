"""Organization members: list, read, change role, remove, SSO, last seen, their spaces and teams."""

from __future__ import annotations

from typing import Literal

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.common import Member, Role
from gitbook_mcp.client.models.members import (
    MemberSpace,
    MemberTeam,
    PingResult,
    UpdateMemberRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Members"]

_MEMBER = "/orgs/{organizationId}/members/{userId}"


class Members(APIResource):
    @operation("listMembersInOrganizationById")
    def list(
        self,
        organization_id: str,
        *,
        order: Literal["asc", "desc"] | NotGiven = NOT_GIVEN,
        role: Role | Literal["guest"] | NotGiven = NOT_GIVEN,
        search: str | NotGiven = NOT_GIVEN,
        sort: Literal["joinedAt", "lastSeenAt"] | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Member]:
        """GET /orgs/{organizationId}/members

        The organization's members; ``search`` matches name and email, ``lastSeenAt`` sorts
        active members only.
        """
        return self._client.paginate(
            "/orgs/{organizationId}/members",
            item=Member,
            ids=(organization_id,),
            params={"order": order, "role": role, "search": search, "sort": sort},
            page=page,
            limit=limit,
        )

    @operation("getMemberInOrganizationById")
    async def get(self, organization_id: str, user_id: str) -> Member:
        """GET /orgs/{organizationId}/members/{userId}

        One member of the organization.
        """
        return await self._client.request(
            "GET",
            _MEMBER,
            ids=(organization_id, user_id),
            cast_to=Member,
        )

    @operation("updateMemberInOrganizationById")
    async def update(
        self,
        organization_id: str,
        user_id: str,
        *,
        role: Role | NotGiven | None = NOT_GIVEN,
    ) -> Member:
        """PATCH /orgs/{organizationId}/members/{userId}

        Change a member's organization role (None makes them a guest).
        """
        body = UpdateMemberRequest.model_validate({"role": role})
        return await self._client.request(
            "PATCH",
            _MEMBER,
            ids=(organization_id, user_id),
            body=body,
            cast_to=Member,
        )

    @operation("removeMemberFromOrganizationById")
    async def remove(self, organization_id: str, user_id: str) -> bool:
        """DELETE /orgs/{organizationId}/members/{userId}

        Remove a member. True if removed, False if they were not a member.
        """
        return await self._client.request_delete(_MEMBER, ids=(organization_id, user_id))

    @operation("updateOrganizationMemberLastSeenAt")
    async def ping(self, organization_id: str) -> PingResult:
        """POST /orgs/{organizationId}/ping

        Record the caller as seen now in the organization; answers visitor claims.
        """
        return await self._client.request(
            "POST",
            "/orgs/{organizationId}/ping",
            ids=(organization_id,),
            cast_to=PingResult,
        )

    @operation("setUserAsSSOMemberForOrganization")
    async def set_sso(self, organization_id: str, user_id: str) -> Member:
        """POST /orgs/{organizationId}/members/{userId}/sso

        Make a member an SSO member of the organization.
        """
        return await self._client.request(
            "POST",
            _MEMBER + "/sso",
            ids=(organization_id, user_id),
            cast_to=Member,
        )

    @operation("listSpacesForOrganizationMember")
    def list_spaces(
        self,
        organization_id: str,
        user_id: str,
        *,
        order: Literal["asc", "desc"] | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[MemberSpace]:
        """GET /orgs/{organizationId}/members/{userId}/spaces

        The spaces a member can reach, with their permission on each.
        """
        return self._client.paginate(
            _MEMBER + "/spaces",
            item=MemberSpace,
            ids=(organization_id, user_id),
            params={"order": order},
            page=page,
            limit=limit,
        )

    @operation("listTeamsForOrganizationMember")
    def list_teams(
        self,
        organization_id: str,
        user_id: str,
        *,
        title: str | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[MemberTeam]:
        """GET /orgs/{organizationId}/members/{userId}/teams

        The teams a member belongs to; ``title`` filters by name (case-insensitive contains).
        """
        return self._client.paginate(
            _MEMBER + "/teams",
            item=MemberTeam,
            ids=(organization_id, user_id),
            params={"title": title},
            page=page,
            limit=limit,
        )
