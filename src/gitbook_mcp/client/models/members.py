"""Organization members: the ping answer, a member's spaces and teams, and the role update.

The member object itself is `gitbook_mcp.client.models.common.Member`.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from gitbook_mcp.client.models._base import APIModel, Paging
from gitbook_mcp.client.models.common import Member, Role, Space, Team
from gitbook_mcp.client.models.teams import TeamMember

__all__ = [
    "Member",
    "MemberSpace",
    "MemberSpacesQuery",
    "MemberTeam",
    "MemberTeamsQuery",
    "MembersQuery",
    "PingResult",
    "UpdateMemberRequest",
]


class PingResult(APIModel):
    """A token to attach to the user; the contract names it ``gitbookVisitorClaims``, the API
    description ``serviceVisitorClaims``: both are read."""

    gitbookVisitorClaims: str | None = None
    serviceVisitorClaims: str | None = None


class MemberSpace(APIModel):
    """A space a member can reach, and their ``permission`` (a role) on it."""

    permission: str
    space: Space


class MemberTeam(APIModel):
    """A team a member belongs to, and their role in it."""

    team: Team
    member: TeamMember


class UpdateMemberRequest(TypedDict, total=False):
    role: Role | None
    """None makes the member a guest."""


class MembersQuery(Paging, total=False):
    order: Literal["asc", "desc"]
    role: Role | Literal["guest"]
    search: str
    sort: Literal["joinedAt", "lastSeenAt"]


class MemberSpacesQuery(Paging, total=False):
    order: Literal["asc", "desc"]


class MemberTeamsQuery(Paging, total=False):
    title: str
