"""Tools of ``org_admin`` for members: list or read them, change a role, SSO, ping."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.server.rendering import UntrustedLine
from gitbook_mcp.server.tooling import Permission, ToolContext, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, RoleOrGuest, given, need, role_value
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools.org_admin.views import ORG_ADMIN, MemberView, OrgArgs, member_view
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


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


def _render_members(r: MemberList) -> str:
    lines = [_member_line(m) for m in r.members]
    lines += [f"- space {a.title} [{a.id}]: {a.role}" for a in r.spaces]
    lines += [f"- team {a.title} [{a.id}]: {a.role}" for a in r.teams]
    return listing(lines, r.next_cursor)


@read_tool(TOOLSET, render=_render_members)
async def list_members(ctx: ToolContext, args: ListMembersArgs) -> MemberList:
    """Organization members, or one member, their spaces or teams."""
    members = ctx.client.members
    org = args.organization_id
    if args.method == "list":
        filters = given(search=args.search or None)
        found = await members.list(org, page=args.cursor, limit=args.limit, **filters)
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


class MemberWriteArgs(OrgArgs):
    method: Literal["update", "set_sso", "ping"]
    user_id: str | None = Field(default=None, description="update, set_sso")
    role: RoleOrGuest | None = None


class MemberResult(BaseModel):
    member: MemberView | None = None
    seen: bool | None = None


def _render_member_result(r: MemberResult) -> str:
    return _member_line(r.member)[2:] if r.member else "Marked as seen now."


@write_tool(
    TOOLSET,
    permission=ORG_ADMIN,
    method_permissions=(("ping", Permission("organization", "view", "organization_id")),),
    render=_render_member_result,
)
async def write_member(ctx: ToolContext, args: MemberWriteArgs) -> MemberResult:
    """Change a member's role, make them SSO, or mark yourself as seen (ping)."""
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
