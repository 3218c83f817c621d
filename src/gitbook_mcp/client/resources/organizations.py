"""An organization and its people: the organization itself (settings, content search, lookup by
email domain), its members, invites and teams, and the user the token belongs to.
"""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.common import Member, Role, Team, User
from gitbook_mcp.client.models.invites import (
    CreateInviteLinkRequest,
    InviteLink,
    InviteUsersRequest,
    InviteUsersResult,
    JoinResult,
    UpdateInviteLinkRequest,
)
from gitbook_mcp.client.models.members import (
    MemberSpace,
    MemberSpacesQuery,
    MembersQuery,
    MemberTeam,
    MemberTeamsQuery,
    PingResult,
    UpdateMemberRequest,
)
from gitbook_mcp.client.models.organizations import (
    EmailDomainOrganizations,
    Organization,
    SearchOptions,
    SearchSpaceResult,
    UpdateOrganizationRequest,
    search_query_adapter,
)
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

__all__ = ["Invites", "Members", "Organizations", "Teams", "Users"]


class Organizations(APIResource):
    @operation("listOrganizationsForAuthenticatedUser")
    def list(self, **query: Unpack[Paging]) -> AsyncPaginator[Organization]:
        """The organizations the authenticated user belongs to."""
        return self._list("/orgs", ids={}, item=Organization, query=query_of(Paging, query))

    @operation("getOrganizationById")
    async def get(self, organization_id: str) -> Organization:
        """One organization, with the caller's ``permissions`` in it."""
        return await self._get(
            "/orgs/{organizationId}", ids={"organizationId": organization_id}, cast_to=Organization
        )

    @operation("updateOrganizationById")
    async def update(
        self, organization_id: str, **body: Unpack[UpdateOrganizationRequest]
    ) -> Organization:
        """Change the settings passed; ``default_content`` is ``{"site": site_id}`` or None."""
        ids = {"organizationId": organization_id}
        return await self._patch(
            "/orgs/{organizationId}",
            ids=ids,
            body=body_of(UpdateOrganizationRequest, body),
            cast_to=Organization,
        )

    @operation("searchOrganizationContent")
    def search(
        self, organization_id: str, **options: Unpack[SearchOptions]
    ) -> AsyncPaginator[SearchSpaceResult]:
        """Search the organization's content (``query`` at most 512 characters); results by space."""
        query = query_of(SearchOptions, options)
        query["query"] = search_query_adapter.validate_python(options["query"])
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/search", ids=ids, item=SearchSpaceResult, query=query
        )

    @operation("getOrganizationsForEmailDomain")
    async def list_for_email_domain(self, email_domain: str) -> EmailDomainOrganizations:
        """The organizations an email domain (such as ``acme.test``) belongs to."""
        ids = {"emailDomain": email_domain}
        return await self._get(
            "/email-domains/{emailDomain}/orgs", ids=ids, cast_to=EmailDomainOrganizations
        )


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


class Users(APIResource):
    @operation("getAuthenticatedUser")
    async def me(self) -> User:
        """The authenticated user: who the agent acts as."""
        return await self._get("/user", ids={}, cast_to=User)
