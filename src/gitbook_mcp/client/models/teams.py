"""Teams of an organization: a member's role in a team, team rosters, and team writes.

The team object itself is `gitbook_mcp.client.models.common.Team`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Required, TypedDict

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel, Paging, RequestModel, Wire
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
    "TeamsQuery",
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


class CreateTeamRequest(TypedDict, total=False):
    title: Required[TeamTitle]
    members: list[str]
    """User ids."""


class UpdateTeamRequest(TypedDict):
    title: TeamTitle


class TeamMembershipInput(RequestModel):
    role: MemberRole


class UpdateTeamMembersRequest(TypedDict, total=False):
    """User ids or emails to ``add`` and ``remove`` (in both lists: removed), and roles by user."""

    add: list[str]
    remove: list[str]
    memberships: Annotated[Mapping[str, Mapping[str, Any]], Wire(dict[str, TeamMembershipInput])]


class AddTeamMemberRequest(TypedDict, total=False):
    role: MemberRole


class TeamsQuery(Paging, total=False):
    owner: str
    title: str
