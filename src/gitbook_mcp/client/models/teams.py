"""Teams of an organization: a member's role in a team, team rosters, and team writes.

The team object itself is `gitbook_mcp.client.models.common.Team`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel, RequestModel
from gitbook_mcp.client.models.common import Member, MemberRole, Team

__all__ = [
    "AddTeamMemberRequest",
    "CreateTeamRequest",
    "Team",
    "TeamMember",
    "TeamMemberPermissions",
    "TeamMembershipInput",
    "TeamRosterEntry",
    "TeamTitle",
    "UpdateTeamMembersRequest",
    "UpdateTeamRequest",
]

TeamTitle = Annotated[str, Field(min_length=1, max_length=64)]


# -- responses -----------------------------------------------------------------------------


class TeamMember(APIModel):
    """A member's place in a team: ``role`` is ``owner`` (manages the team) or ``member``."""

    role: str


class TeamMemberPermissions(APIModel):
    view: bool


class TeamRosterEntry(APIModel):
    """One member of a team: the organization member, their team role, what the caller may do."""

    organization: Member
    team: TeamMember
    permissions: TeamMemberPermissions


# -- requests ------------------------------------------------------------------------------


class CreateTeamRequest(RequestModel):
    title: TeamTitle
    members: list[str] | None = None


class UpdateTeamRequest(RequestModel):
    title: TeamTitle


class TeamMembershipInput(RequestModel):
    role: MemberRole


class UpdateTeamMembersRequest(RequestModel):
    add: list[str] | None = None
    remove: list[str] | None = None
    memberships: dict[str, TeamMembershipInput] | None = None


class AddTeamMemberRequest(RequestModel):
    role: MemberRole | None = None
