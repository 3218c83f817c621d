"""Toolset ``sites_admin`` (opt-in): a site's details, sections, section groups and MCP servers.

Writes of one resource share a tool with a ``method`` argument, as the GitHub MCP server's
``issue_write`` does; deletes have a tool of their own so that its ``destructiveHint`` is
honest and a client can ask for confirmation on it alone.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.client.models.mcp_servers import SiteMcpServer
from gitbook_mcp.client.models.sites import SiteSection, SiteSectionGroup
from gitbook_mcp.client.resources import SiteSectionGroups, SiteSections
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Needs, ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, ReadOne, changed, given, need
from gitbook_mcp.server.tools._deleting import Deleted, delete_tool
from gitbook_mcp.server.tools._listing import listing, one_or_page
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs
from gitbook_mcp.server.toolsets import SITES_ADMIN

__all__: list[str] = []


class SiteView(BaseModel):
    id: str
    title: UntrustedLine
    type: str
    visibility: str
    published: bool
    site_spaces: int
    url: UntrustedRef | None = None
    hostname: UntrustedRef | None = None
    basename: UntrustedLine | None = None
    default_space: str | None = None
    features: list[str] = []


def _render_site(s: SiteView) -> str:
    state = "published" if s.published else "unpublished"
    return (
        f"{s.title} [{s.id}]: {s.type} plan, {s.visibility}, {state}, "
        f"{s.site_spaces} site spaces{f', at {s.url}' if s.url else ''}"
    )


@read_tool(SITES_ADMIN, render=_render_site)
async def get_site(ctx: ToolContext, args: SiteArgs) -> SiteView:
    """A site's plan, visibility, URL and counts."""
    site = await ctx.client.sites.get(args.organization_id, args.site_id)
    return SiteView(
        id=site.id,
        title=site.title,
        type=site.type,
        visibility=site.visibility,
        published=site.published,
        site_spaces=site.siteSpaces,
        url=site.urls.published,
        hostname=site.hostname,
        basename=site.basename,
        default_space=site.defaultSpace,
        features=[f.id for f in site.features],
    )


class SectionView(BaseModel):
    id: str
    title: UntrustedLine
    path: UntrustedRef
    default: bool = False
    group_id: str | None = None
    condition: UntrustedRef | None = None
    site_spaces: list[str] = []


class GroupView(BaseModel):
    id: str
    title: UntrustedLine
    sections: list[str] = []


class StructureList(BaseModel):
    sections: list[SectionView] = []
    groups: list[GroupView] = []
    next_cursor: str | None = None


class ListStructureArgs(SiteArgs):
    method: Literal["sections", "groups"] = "sections"
    cursor: Cursor
    limit: Limit


def _section(s: SiteSection) -> SectionView:
    return SectionView(
        id=s.id,
        title=s.title,
        path=s.path,
        default=bool(s.default),
        group_id=s.sectionGroup,
        condition=s.condition,
        site_spaces=[ss.id for ss in s.siteSpaces],
    )


def _render_structure(r: StructureList) -> str:
    lines = [
        f"- {s.title} (/{s.path}) [{s.id}]{' (default)' if s.default else ''}"
        f"{f' in group {s.group_id}' if s.group_id else ''}: site spaces {', '.join(s.site_spaces)}"
        for s in r.sections
    ]
    lines += [f"- group {g.title} [{g.id}]: sections {', '.join(g.sections)}" for g in r.groups]
    return listing(lines, r.next_cursor)


@read_tool(SITES_ADMIN, render=_render_structure)
async def list_site_sections(ctx: ToolContext, args: ListStructureArgs) -> StructureList:
    """A site's sections (with their site spaces) or section groups."""
    ids = (args.organization_id, args.site_id)
    if args.method == "groups":
        groups = await ctx.client.section_groups.list(*ids, page=args.cursor, limit=args.limit)
        return StructureList(
            groups=[
                GroupView(id=g.id, title=g.title, sections=[s.id for s in g.sections])
                for g in groups.items
            ],
            next_cursor=groups.next_cursor,
        )
    sections = await ctx.client.sections.list(*ids, page=args.cursor, limit=args.limit)
    return StructureList(
        sections=[_section(s) for s in sections.items], next_cursor=sections.next_cursor
    )


SectionId = Field(default=None, description="From list_site_sections")


class SectionWriteArgs(SiteArgs):
    method: Literal["add", "update", "move"]
    section_id: str | None = SectionId
    space_id: str | None = Field(default=None, description="add: space it first publishes")
    title: str | None = Field(default=None, max_length=100, description="add, update")
    path: str | None = Field(default=None, max_length=100, description="update: URL segment")
    default_site_space: str | None = Field(default=None, description="update: site space id")
    condition: str | None = Field(default=None, description="update: visibility expression")
    before: str | None = Field(default=None, description="move: before this section")
    after: str | None = Field(default=None, description="move: after this section")


@write_tool(
    SITES_ADMIN,
    permission=SITE_ADMIN,
    render=lambda s: (
        f"Section {s.title} (/{s.path}) [{s.id}]"
        + (f" in group {s.group_id}." if s.group_id else ".")
    ),
)
async def write_site_section(ctx: ToolContext, args: SectionWriteArgs) -> SectionView:
    """Add, update or move a site section."""
    ids = (args.organization_id, args.site_id)
    if args.method == "add":
        space_id = need(args.space_id, "space_id", "add")
        return _section(
            await ctx.client.sections.add(
                *ids, space_id=space_id, **given(title=args.title or None)
            )
        )
    section_id = need(args.section_id, "section_id", args.method)
    if args.method == "move":
        return _section(await ctx.client.sections.move(*ids, section_id, **_place(args)))
    changes = changed(
        "title, path, default_site_space or condition",
        title=args.title,
        path=args.path,
        default_site_space=args.default_site_space,
        condition=args.condition,
    )
    return _section(await ctx.client.sections.update(*ids, section_id, **changes))


def _place(args: Any) -> dict[str, Any]:
    if bool(args.before) == bool(args.after):
        raise ToolFailure("move needs exactly one of before or after (an id).")
    return {"before": args.before} if args.before else {"after": args.after}


class GroupWriteArgs(SiteArgs):
    method: Literal["add", "update", "move", "add_section", "remove_section"]
    group_id: str | None = Field(default=None, description="From list_site_sections")
    title: str | None = Field(default=None, max_length=100, description="add, update")
    section_id: str | None = Field(default=None, description="add_section, remove_section")
    sections: list[str] | None = Field(default=None, description="add: sections to put in it")
    before: str | None = Field(default=None, description="move: before this group")
    after: str | None = Field(default=None, description="move: after this group")


class GroupResult(BaseModel):
    group: GroupView | None = None
    removed: bool | None = None


def _group(g: SiteSectionGroup) -> GroupResult:
    return GroupResult(group=GroupView(id=g.id, title=g.title, sections=[s.id for s in g.sections]))


def _render_group(r: GroupResult) -> str:
    if r.group is None:
        return "Removed from the group." if r.removed else "It was not in the group."
    return f"Group {r.group.title} [{r.group.id}]: sections {', '.join(r.group.sections)}"


_SECTION_UPDATE = (SiteSections.update,)
"""The live API moves a section into or out of a group by updating the section."""


@write_tool(
    SITES_ADMIN,
    permission=SITE_ADMIN,
    render=_render_group,
    method_needs=(
        ("add_section", Needs((SiteSectionGroups.add_section,), otherwise=_SECTION_UPDATE)),
        (
            "remove_section",
            Needs((SiteSectionGroups.remove_section,), otherwise=_SECTION_UPDATE),
        ),
    ),
)
async def write_section_group(ctx: ToolContext, args: GroupWriteArgs) -> GroupResult:
    """Add, update or move a section group; add or remove its sections."""
    ids = (args.organization_id, args.site_id)
    groups = ctx.client.section_groups
    if args.method == "add":
        title = need(args.title, "title", "add")
        return _group(await groups.add(*ids, title=title, **given(sections=args.sections or None)))
    group_id = need(args.group_id, "group_id", args.method)
    if args.method == "update":
        title = need(args.title, "title", "update")
        return _group(await groups.update(*ids, group_id, title=title))
    if args.method == "move":
        return _group(await groups.move(*ids, group_id, **_place(args)))
    section_id = need(args.section_id, "section_id", args.method)
    if not ctx.has(SiteSectionGroups.add_section):
        return await _regroup(ctx, ids, group_id, section_id, join=args.method == "add_section")
    if args.method == "add_section":
        return _group(await groups.add_section(*ids, group_id, section_id=section_id))
    return GroupResult(removed=await groups.remove_section(*ids, group_id, section_id))


async def _find_group(ctx: ToolContext, ids: tuple[str, str], group_id: str) -> SiteSectionGroup:
    async for group in ctx.client.section_groups.list(*ids):
        if group.id == group_id:
            return group
    raise ToolFailure(f"No section group {group_id} on site {ids[1]} (see list_site_sections).")


async def _regroup(
    ctx: ToolContext, ids: tuple[str, str], group_id: str, section_id: str, *, join: bool
) -> GroupResult:
    """The live API's way: the section's own ``siteSectionGroupId`` says which group it is in."""
    group = await _find_group(ctx, ids, group_id)
    if not join:
        if section_id not in {s.id for s in group.sections}:
            return GroupResult(removed=False)
        await ctx.client.sections.update(*ids, section_id, site_section_group_id=None)
        return GroupResult(removed=True)
    await ctx.client.sections.update(*ids, section_id, site_section_group_id=group_id)
    return _group(await _find_group(ctx, ids, group_id))


class McpServerView(BaseModel):
    id: str
    name: UntrustedLine
    url: UntrustedRef
    headers: list[UntrustedLine] = []


class McpServerList(BaseModel):
    servers: list[McpServerView]
    next_cursor: str | None = None


class ListMcpArgs(SiteArgs):
    server_id: ReadOne
    cursor: Cursor
    limit: Limit


def _server(s: SiteMcpServer) -> McpServerView:
    # Header values are secrets: only their names are shown.
    return McpServerView(id=s.id, name=s.name, url=s.url, headers=sorted(s.headers or {}))


def _render_servers(r: McpServerList) -> str:
    def row(s: McpServerView) -> str:
        headers = f" headers: {', '.join(s.headers)}" if s.headers else ""
        return f"- {s.name} {s.url} [{s.id}]{headers}"

    return listing([row(s) for s in r.servers], r.next_cursor, empty="No MCP servers.")


@read_tool(SITES_ADMIN, render=_render_servers)
async def list_site_mcp_servers(ctx: ToolContext, args: ListMcpArgs) -> McpServerList:
    """MCP servers a site offers its readers' assistant."""
    ids, servers = (args.organization_id, args.site_id), ctx.client.mcp_servers
    found, cursor = await one_or_page(
        args.server_id,
        lambda server_id: servers.get(*ids, server_id),
        lambda: servers.list(*ids, page=args.cursor, limit=args.limit),
        _server,
    )
    return McpServerList(servers=found, next_cursor=cursor)


class McpWriteArgs(SiteArgs):
    method: Literal["create", "update"]
    server_id: str | None = Field(default=None, description="update: server id")
    name: str | None = Field(default=None, max_length=100, description="create, update")
    url: str | None = Field(default=None, description="create, update: https URL")
    headers: dict[str, str] | None = Field(
        default=None, description="Sent with each request; update replaces them all"
    )


@write_tool(
    SITES_ADMIN, permission=SITE_ADMIN, render=lambda s: f"MCP server {s.name} {s.url} [{s.id}]."
)
async def write_site_mcp_server(ctx: ToolContext, args: McpWriteArgs) -> McpServerView:
    """Create or update a site's MCP server."""
    ids = (args.organization_id, args.site_id)
    if args.method == "create":
        created = await ctx.client.mcp_servers.create(
            *ids,
            name=need(args.name, "name", "create"),
            url=need(args.url, "url", "create"),
            headers=args.headers if args.headers is not None else NOT_GIVEN,
        )
        return _server(created)
    changes = changed("name, url or headers", name=args.name, url=args.url, headers=args.headers)
    server_id = need(args.server_id, "server_id", "update")
    return _server(await ctx.client.mcp_servers.update(*ids, server_id, **changes))


class DeleteSiteObjectArgs(SiteArgs):
    kind: Literal["section", "group", "mcp_server"]
    id: str = Field(min_length=1, description="Its id (list_site_sections, list_site_mcp_servers)")


@delete_tool(SITES_ADMIN, permission=SITE_ADMIN)
async def delete_site_item(ctx: ToolContext, args: DeleteSiteObjectArgs) -> Deleted:
    """Delete a site section, section group or MCP server."""
    ids = (args.organization_id, args.site_id, args.id)
    if args.kind == "section":
        return Deleted(deleted=await ctx.client.sections.delete(*ids))
    if args.kind == "group":
        return Deleted(deleted=await ctx.client.section_groups.delete(*ids))
    return Deleted(deleted=await ctx.client.mcp_servers.delete(*ids))
