"""Tools of ``org_admin`` for teams: list, read, create, rename, and their members."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.server.rendering import UntrustedLine
from gitbook_mcp.server.tooling import Permission, ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, TeamRole, given, need
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools.org_admin.views import TEAM_ADMIN, OrgArgs, TeamView, team_view
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


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


def _render_teams(r: TeamList) -> str:
    lines = [_team_line(t) for t in r.teams]
    lines += [f"- {m.name} [{m.id}]: {m.role}" for m in r.members]
    return listing(lines, r.next_cursor)


@read_tool(TOOLSET, render=_render_teams)
async def list_teams(ctx: ToolContext, args: ListTeamsArgs) -> TeamList:
    """Teams of an organization, one team, or its members."""
    teams = ctx.client.teams
    org = args.organization_id
    if args.method == "list":
        filters = given(title=args.title or None)
        page = await teams.list(org, page=args.cursor, limit=args.limit, **filters)
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


class TeamWriteArgs(OrgArgs):
    method: Literal["create", "update", "set_members", "add_member"]
    team_id: str | None = Field(default=None, description="From list_teams")
    title: str | None = Field(default=None, max_length=64, description="create, update")
    add: list[str] | None = Field(default=None, description="create, set_members: user ids")
    remove: list[str] | None = Field(default=None, description="set_members: user ids")
    user_id: str | None = Field(default=None, description="add_member")
    role: TeamRole | None = None


@write_tool(
    TOOLSET,
    permission=TEAM_ADMIN,
    method_permissions=(("create", Permission("organization", "ownTeam", "organization_id")),),
    render=lambda t: _team_line(t)[2:],
)
async def write_team(ctx: ToolContext, args: TeamWriteArgs) -> TeamView:
    """Create or rename a team; add or remove its members."""
    teams = ctx.client.teams
    org = args.organization_id
    if args.method == "create":
        title = need(args.title, "title", "create")
        return team_view(await teams.create(org, title=title, **given(members=args.add or None)))
    team_id = need(args.team_id, "team_id", args.method)
    if args.method == "update":
        return team_view(
            await teams.update(org, team_id, title=need(args.title, "title", "update"))
        )
    if args.method == "add_member":
        user_id = need(args.user_id, "user_id", "add_member")
        await teams.add_member(org, team_id, user_id, **given(role=args.role or None))
    else:
        if not args.add and not args.remove:
            raise ToolFailure("set_members needs add or remove (user ids).")
        changes = given(add=args.add or None, remove=args.remove or None)
        await teams.update_members(org, team_id, **changes)
    return team_view(await teams.get(org, team_id))
