"""The people tools of ``org_admin``: members, invites and invite links, teams."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.server.rendering import UntrustedLine
from gitbook_mcp.server.tooling import ANY_TOKEN, Permission, ToolContext, ToolDef, ToolFailure
from gitbook_mcp.server.tools._org_views import (
    ORG_ADMIN,
    TEAM_ADMIN,
    LinkView,
    MemberView,
    OrgArgs,
    TeamView,
    link_view,
    member_view,
    team_view,
)
from gitbook_mcp.server.tools._shared import Cursor, Limit, RoleOrGuest, listing, need, role_value

__all__ = ["TOOLS"]


# -- members -------------------------------------------------------------------------------


class Access(BaseModel):
    id: str
    title: UntrustedLine
    role: str


class MemberList(BaseModel):
    members: list[MemberView] = []
    spaces: list[Access] = []
    teams: list[Access] = []
    next_cursor: str | None = None


class ListMembersArgs(OrgArgs):
    method: Literal["list", "get", "spaces", "teams"] = "list"
    user_id: str | None = Field(default=None, description="get, spaces, teams")
    search: str | None = Field(default=None, description="list: name or email contains")
    cursor: Cursor
    limit: Limit


async def list_members(ctx: ToolContext, args: ListMembersArgs) -> MemberList:
    members = ctx.client.members
    org = args.organization_id
    if args.method == "list":
        found = await members.list(
            org, search=args.search or NOT_GIVEN, page=args.cursor, limit=args.limit
        )
        return MemberList(
            members=[member_view(m) for m in found.items], next_cursor=found.next_cursor
        )
    user_id = need(args.user_id, "user_id", args.method)
    if args.method == "get":
        return MemberList(members=[member_view(await members.get(org, user_id))])
    if args.method == "spaces":
        spaces = await members.list_spaces(org, user_id, page=args.cursor, limit=args.limit)
        return MemberList(
            spaces=[
                Access(id=s.space.id, title=s.space.title, role=s.permission) for s in spaces.items
            ],
            next_cursor=spaces.next_cursor,
        )
    teams = await members.list_teams(org, user_id, page=args.cursor, limit=args.limit)
    return MemberList(
        teams=[Access(id=t.team.id, title=t.team.title, role=t.member.role) for t in teams.items],
        next_cursor=teams.next_cursor,
    )


def _member_line(m: MemberView) -> str:
    seen = f", seen {m.last_seen}" if m.last_seen else ""
    return f"- {m.name} <{m.email or '-'}> [{m.id}]: {m.role}{' (SSO)' if m.sso else ''}{seen}"


def _render_members(r: MemberList) -> str:
    lines = [_member_line(m) for m in r.members]
    lines += [f"- space {a.title} [{a.id}]: {a.role}" for a in r.spaces]
    lines += [f"- team {a.title} [{a.id}]: {a.role}" for a in r.teams]
    return listing(lines, r.next_cursor)


class MemberWriteArgs(OrgArgs):
    method: Literal["update", "set_sso", "ping"]
    user_id: str | None = Field(default=None, description="update, set_sso")
    role: RoleOrGuest | None = None


class MemberResult(BaseModel):
    member: MemberView | None = None
    seen: bool | None = None


async def write_member(ctx: ToolContext, args: MemberWriteArgs) -> MemberResult:
    org = args.organization_id
    if args.method == "ping":
        # The answer carries visitor claims (a signed token): not echoed.
        await ctx.client.members.ping(org)
        return MemberResult(seen=True)
    user_id = need(args.user_id, "user_id", args.method)
    if args.method == "set_sso":
        return MemberResult(member=member_view(await ctx.client.members.set_sso(org, user_id)))
    role: RoleOrGuest = need(args.role, "role", "update")
    updated = await ctx.client.members.update(org, user_id, role=role_value(role))
    return MemberResult(member=member_view(updated))


def _render_member_result(r: MemberResult) -> str:
    return _member_line(r.member)[2:] if r.member else "Marked as seen now."


# -- invites -------------------------------------------------------------------------------


class LinkList(BaseModel):
    links: list[LinkView]
    next_cursor: str | None = None


class ListInvitesArgs(OrgArgs):
    invite_id: str | None = Field(default=None, description="Read this one")
    cursor: Cursor
    limit: Limit


async def list_invites(ctx: ToolContext, args: ListInvitesArgs) -> LinkList:
    invites = ctx.client.invites
    if args.invite_id:
        return LinkList(
            links=[link_view(await invites.get_link(args.organization_id, args.invite_id))]
        )
    page = await invites.list_links(args.organization_id, page=args.cursor, limit=args.limit)
    return LinkList(links=[link_view(i) for i in page.items], next_cursor=page.next_cursor)


def _link_line(link: LinkView) -> str:
    where = f"{link.target} {link.target_id}" if link.target_id else link.target
    return f"link [{link.id}]: {link.role} on {where}{' (redundant)' if link.redundant else ''}"


class InviteWriteArgs(OrgArgs):
    method: Literal["invite_users", "create_link", "update_link", "join"]
    invite_id: str | None = Field(default=None, description="update_link, join: link id")
    emails: list[str] | None = Field(default=None, description="invite_users")
    role: RoleOrGuest | None = Field(
        default=None, description="Role granted (level on space/collection)"
    )
    sso: bool | None = Field(default=None, description="invite_users: as SSO users")
    space_id: str | None = Field(default=None, description="create_link: to this space")
    collection_id: str | None = Field(default=None, description="create_link: to this collection")


class InviteResult(BaseModel):
    link: LinkView | None = None
    invited: int | None = None
    users: list[str] | None = None
    failed_sso: list[str] | None = None
    joined: bool | None = None


async def write_invite(ctx: ToolContext, args: InviteWriteArgs) -> InviteResult:
    invites = ctx.client.invites
    org = args.organization_id
    if args.method == "invite_users":
        emails = need(args.emails, "emails", "invite_users")
        result = await invites.invite_users(
            org,
            emails=list(emails),
            role=role_value(args.role) if args.role else NOT_GIVEN,
            sso=args.sso if args.sso is not None else NOT_GIVEN,
        )
        return InviteResult(
            invited=result.invited, users=result.users, failed_sso=result.failedSSOEmails or None
        )
    if args.method == "create_link":
        role = role_value(need(args.role, "role", "create_link"))
        if args.space_id and args.collection_id:
            raise ToolFailure("create_link takes space_id or collection_id, not both.")
        if args.space_id:
            link = await invites.create_link(org, level=role, space=args.space_id)
        elif args.collection_id:
            link = await invites.create_link(org, level=role, collection=args.collection_id)
        else:
            link = await invites.create_link(org, role=role)
        return InviteResult(link=link_view(link))
    invite_id = need(args.invite_id, "invite_id", args.method)
    if args.method == "join":
        await invites.join(org, invite_id)
        return InviteResult(joined=True)
    role = role_value(need(args.role, "role", "update_link"))
    # A link to the organization carries a role; one to a space or collection, a level.
    current = await invites.get_link(org, invite_id)
    if current.target in ("space", "collection"):
        link = await invites.update_link(org, invite_id, level=role)
    else:
        link = await invites.update_link(org, invite_id, role=role)
    return InviteResult(link=link_view(link))


def _render_invite(r: InviteResult) -> str:
    if r.link is not None:
        return _link_line(r.link)
    if r.joined:
        return "Joined."
    failed = f"; SSO refused: {', '.join(r.failed_sso)}" if r.failed_sso else ""
    return f"Invited {r.invited}: {', '.join(r.users or [])}{failed}"


# -- teams ---------------------------------------------------------------------------------


class TeamMemberView(BaseModel):
    id: str
    name: UntrustedLine
    role: str


class TeamList(BaseModel):
    teams: list[TeamView] = []
    members: list[TeamMemberView] = []
    next_cursor: str | None = None


class ListTeamsArgs(OrgArgs):
    method: Literal["list", "get", "members"] = "list"
    team_id: str | None = Field(default=None, description="get, members")
    title: str | None = Field(default=None, description="list: title contains")
    cursor: Cursor
    limit: Limit


async def list_teams(ctx: ToolContext, args: ListTeamsArgs) -> TeamList:
    teams = ctx.client.teams
    org = args.organization_id
    if args.method == "list":
        page = await teams.list(
            org, title=args.title or NOT_GIVEN, page=args.cursor, limit=args.limit
        )
        return TeamList(teams=[team_view(t) for t in page.items], next_cursor=page.next_cursor)
    team_id = need(args.team_id, "team_id", args.method)
    if args.method == "get":
        return TeamList(teams=[team_view(await teams.get(org, team_id))])
    roster = await teams.list_members(org, team_id, page=args.cursor, limit=args.limit)
    return TeamList(
        members=[
            TeamMemberView(
                id=e.organization.user.id,
                name=e.organization.user.displayName,
                role=e.team.role,
            )
            for e in roster.items
        ],
        next_cursor=roster.next_cursor,
    )


def _team_line(t: TeamView) -> str:
    return f"- {t.title} [{t.id}]: {t.members or 0} members, {t.spaces or 0} spaces"


def _render_teams(r: TeamList) -> str:
    lines = [_team_line(t) for t in r.teams]
    lines += [f"- {m.name} [{m.id}]: {m.role}" for m in r.members]
    return listing(lines, r.next_cursor)


class TeamWriteArgs(OrgArgs):
    method: Literal["create", "update", "set_members", "add_member"]
    team_id: str | None = Field(default=None, description="Team id (list_teams)")
    title: str | None = Field(default=None, max_length=64, description="create, update")
    add: list[str] | None = Field(default=None, description="create, set_members: user ids")
    remove: list[str] | None = Field(default=None, description="set_members: user ids")
    user_id: str | None = Field(default=None, description="add_member")
    role: Literal["owner", "member"] | None = None


async def write_team(ctx: ToolContext, args: TeamWriteArgs) -> TeamView:
    teams = ctx.client.teams
    org = args.organization_id
    if args.method == "create":
        title = need(args.title, "title", "create")
        return team_view(await teams.create(org, title=title, members=args.add or NOT_GIVEN))
    team_id = need(args.team_id, "team_id", args.method)
    if args.method == "update":
        return team_view(
            await teams.update(org, team_id, title=need(args.title, "title", "update"))
        )
    if args.method == "add_member":
        user_id = need(args.user_id, "user_id", "add_member")
        await teams.add_member(org, team_id, user_id, role=args.role or NOT_GIVEN)
    else:
        if not args.add and not args.remove:
            raise ToolFailure("set_members needs add or remove (user ids).")
        await teams.update_members(
            org, team_id, add=args.add or NOT_GIVEN, remove=args.remove or NOT_GIVEN
        )
    return team_view(await teams.get(org, team_id))


TOOLS = [
    ToolDef(
        name="list_members",
        toolset="org_admin",
        description="Organization members, or one member, their spaces or teams.",
        input=ListMembersArgs,
        output=MemberList,
        handler=list_members,
        render=_render_members,
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="write_member",
        toolset="org_admin",
        description="Change a member's role, make them SSO, or mark yourself as seen (ping).",
        input=MemberWriteArgs,
        output=MemberResult,
        handler=write_member,
        render=_render_member_result,
        read_only=False,
        permission=ORG_ADMIN,
        method_permissions=(("ping", Permission("organization", "view", "organization_id")),),
    ),
    ToolDef(
        name="list_invites",
        toolset="org_admin",
        description="Invite links of an organization.",
        input=ListInvitesArgs,
        output=LinkList,
        handler=list_invites,
        render=lambda r: listing([f"- {_link_line(x)}" for x in r.links], r.next_cursor),
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="write_invite",
        toolset="org_admin",
        description="Invite people by email, create or update an invite link, or join with one.",
        input=InviteWriteArgs,
        output=InviteResult,
        handler=write_invite,
        render=_render_invite,
        read_only=False,
        permission=ORG_ADMIN,
        method_permissions=(("join", ANY_TOKEN),),
    ),
    ToolDef(
        name="list_teams",
        toolset="org_admin",
        description="Teams of an organization, one team, or its members.",
        input=ListTeamsArgs,
        output=TeamList,
        handler=list_teams,
        render=_render_teams,
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="write_team",
        toolset="org_admin",
        description="Create or rename a team; add or remove its members.",
        input=TeamWriteArgs,
        output=TeamView,
        handler=write_team,
        render=lambda t: _team_line(t)[2:],
        read_only=False,
        permission=TEAM_ADMIN,
        method_permissions=(("create", Permission("organization", "ownTeam", "organization_id")),),
    ),
]
