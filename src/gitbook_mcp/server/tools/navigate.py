"""Toolset ``navigate``: how an agent finds the ids every other tool takes."""

from __future__ import annotations

import anyio
from pydantic import BaseModel, Field

from gitbook_mcp.server.page_tree import PageEntry, outline, page_entries
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure, read_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, OrganizationId, SpaceId, exactly_one
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools._review_state import (
    REVIEW_READS,
    PersonView,
    latest_reviews,
    requested_reviewers,
)
from gitbook_mcp.server.toolsets import NAVIGATE

__all__: list[str] = []


class Empty(Args):
    pass


class OrgSummary(BaseModel):
    id: str
    title: UntrustedLine
    can_admin: bool = False


class OrgSummaryList(BaseModel):
    organizations: list[OrgSummary]


REVIEWER_READS_AT_ONCE = 4
"""Change requests whose reviewers are read at once by list_change_requests (two reads each)."""


def _rows(header: str, rows: list[str], cursor: str | None) -> str:
    return f"{header}\n" + listing(rows, cursor, empty="(none)")


@read_tool(
    NAVIGATE,
    render=lambda r: _rows(
        "Organizations:", [f"- {o.title} [{o.id}]" for o in r.organizations], None
    ),
)
async def list_organizations(ctx: ToolContext, args: Empty) -> OrgSummaryList:  # noqa: ARG001 - a tool's handler takes its (empty) arguments
    """Organizations of this token."""
    orgs = [org async for org in ctx.client.orgs.list()]
    return OrgSummaryList(
        organizations=[
            OrgSummary(
                id=o.id,
                title=str(getattr(o, "title", "")),
                can_admin=bool(getattr(getattr(o, "permissions", None), "admin", False)),
            )
            for o in orgs
        ]
    )


class ListSpacesArgs(Args):
    organization_id: str | None = Field(default=None, description="Spaces of this organization")
    collection_id: str | None = Field(default=None, description="Or of this collection")
    cursor: Cursor
    limit: Limit

    _one_parent = exactly_one("organization_id", "collection_id")


class SpaceSummary(BaseModel):
    id: str
    title: UntrustedLine
    emoji: UntrustedLine | None = None
    visibility: str | None = None
    parent: str | None = None
    can_edit: bool = False


class SpaceList(BaseModel):
    spaces: list[SpaceSummary]
    next_cursor: str | None = None


@read_tool(
    NAVIGATE,
    render=lambda r: _rows(
        "Spaces:",
        [f"- {s.emoji or ''} {s.title} [{s.id}]".replace("-  ", "- ") for s in r.spaces],
        r.next_cursor,
    ),
)
async def list_spaces(ctx: ToolContext, args: ListSpacesArgs) -> SpaceList:
    """Spaces of an organization or collection."""
    if args.organization_id:
        page = await ctx.client.spaces.list(
            args.organization_id, page=args.cursor, limit=args.limit
        )
    else:
        assert args.collection_id is not None
        page = await ctx.client.collections.list_spaces(
            args.collection_id, page=args.cursor, limit=args.limit
        )
    return SpaceList(
        spaces=[
            SpaceSummary(
                id=s.id,
                title=s.title,
                emoji=s.emoji or None,
                visibility=s.visibility,
                parent=s.parent,
                can_edit=bool(s.permissions and s.permissions.edit),
            )
            for s in page.items
        ],
        next_cursor=page.next_cursor,
    )


class ListSitesArgs(Args):
    organization_id: OrganizationId
    cursor: Cursor
    limit: Limit


class SiteSummary(BaseModel):
    id: str
    title: UntrustedLine
    published: bool | None = None
    url: UntrustedRef | None = None
    """The published address (a custom domain's too): what `resolve_url` reads links against."""


def _site_row(s: SiteSummary) -> str:
    return f"- {s.title} [{s.id}]" + (f" at {s.url}" if s.url else "")


class SiteList(BaseModel):
    sites: list[SiteSummary]
    next_cursor: str | None = None


@read_tool(
    NAVIGATE,
    render=lambda r: _rows("Sites:", [_site_row(s) for s in r.sites], r.next_cursor),
)
async def list_sites(ctx: ToolContext, args: ListSitesArgs) -> SiteList:
    """Docs sites of an organization."""
    page = await ctx.client.sites.list(args.organization_id, page=args.cursor, limit=args.limit)
    return SiteList(
        sites=[
            SiteSummary(
                id=s.id,
                title=s.title,
                published=s.published,
                url=s.urls.published if s.published else None,
            )
            for s in page.items
        ],
        next_cursor=page.next_cursor,
    )


class ListChangeRequestsArgs(Args):
    space_id: SpaceId
    status: str | None = Field(default=None, description="draft, merged, archived (default open)")
    cursor: Cursor
    limit: Limit


class ChangeRequestSummary(BaseModel):
    id: str
    number: int
    subject: UntrustedLine
    status: str
    requested_reviewers: list[PersonView] | None = None
    reviews: list[PersonView] | None = None


class ChangeRequestList(BaseModel):
    change_requests: list[ChangeRequestSummary]
    next_cursor: str | None = None


def _cr_row(c: ChangeRequestSummary) -> str:
    row = f"- #{c.number} {c.subject} ({c.status}) [{c.id}]"
    if c.requested_reviewers:
        row += "; review requested from " + ", ".join(
            f"{p.name} [{p.id}]" for p in c.requested_reviewers
        )
    if c.reviews:
        row += "; verdicts: " + ", ".join(f"{p.name} [{p.id}] {p.detail}" for p in c.reviews)
    return row


async def _with_reviewers(ctx: ToolContext, space_id: str, c: ChangeRequestSummary) -> None:
    """The change request's requested reviewers and each reviewer's latest verdict (no comment:
    list_reviews has them)."""
    c.requested_reviewers = await requested_reviewers(ctx, space_id, c.id)
    c.reviews = [
        PersonView(id=r.id, name=r.name, detail=r.detail)
        for r in await latest_reviews(ctx, space_id, c.id)
    ]


@read_tool(
    NAVIGATE,
    render=lambda r: _rows(
        "Change requests:", [_cr_row(c) for c in r.change_requests], r.next_cursor
    ),
)
async def list_change_requests(ctx: ToolContext, args: ListChangeRequestsArgs) -> ChangeRequestList:
    """Change requests of a space, with requested reviewers and latest verdicts."""
    kwargs = {"status": args.status} if args.status else {}
    page = await ctx.client.change_requests.list(
        args.space_id,
        page=args.cursor,
        limit=args.limit,
        **kwargs,  # type: ignore[arg-type]
    )
    rows = [
        ChangeRequestSummary(id=cr.id, number=int(cr.number), subject=cr.subject, status=cr.status)
        for cr in page.items
    ]
    if all(ctx.has(op) for op in REVIEW_READS):
        limiter = anyio.CapacityLimiter(REVIEWER_READS_AT_ONCE)

        async def fill(row: ChangeRequestSummary) -> None:
            async with limiter:
                await _with_reviewers(ctx, args.space_id, row)

        async with anyio.create_task_group() as tg:
            for row in rows:
                tg.start_soon(fill, row)
    return ChangeRequestList(change_requests=rows, next_cursor=page.next_cursor)


class TreeArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = Field(default=None, description="Tree of this change request")


class PageOutline(BaseModel):
    pages: list[PageEntry]


@read_tool(NAVIGATE, render=lambda r: outline(r.pages))
async def get_page_tree(ctx: ToolContext, args: TreeArgs) -> PageOutline:
    """Page tree of a space or change request."""
    if args.change_request_id:
        result = await ctx.client.change_request_content.list_pages(
            args.space_id, args.change_request_id
        )
        return PageOutline(pages=page_entries(result.pages))
    published = await ctx.client.space_content.list_pages(args.space_id)
    return PageOutline(pages=page_entries(published.pages))


class RefreshResult(BaseModel):
    organizations: int
    spaces: int


@read_tool(
    NAVIGATE,
    render=lambda r: f"Permissions re-read: {r.organizations} organizations, {r.spaces} spaces.",
)
async def refresh_permissions(ctx: ToolContext, args: Empty) -> RefreshResult:  # noqa: ARG001 - a tool's handler takes its (empty) arguments
    """Re-read this token's permissions."""
    counts = await ctx.server.refresh() if ctx.server is not None else (0, 0)
    return RefreshResult(organizations=counts[0], spaces=counts[1])


class ToolsetRow(BaseModel):
    id: str
    about: str
    on: bool
    tools: list[str]


class ToolsetList(BaseModel):
    toolsets: list[ToolsetRow]


def _toolset_line(t: ToolsetRow) -> str:
    return f"- {t.id} ({'on' if t.on else 'off'}): {t.about} Tools: {', '.join(t.tools)}"


@read_tool(NAVIGATE, render=lambda r: "\n".join(_toolset_line(t) for t in r.toolsets))
async def list_toolsets(ctx: ToolContext, args: Empty) -> ToolsetList:  # noqa: ARG001 - a tool's handler takes its (empty) arguments
    """Toolsets, whether each is on, and their tools."""
    from gitbook_mcp.server.toolsets import TOOLSETS

    registered = ctx.server.registered() if ctx.server is not None else {}
    active = ctx.server.active() if ctx.server is not None else set()
    rows = []
    for toolset in TOOLSETS:
        names = [name for name, owner in registered.items() if owner == toolset.id]
        if names:
            on = any(name in active for name in names)
            rows.append(ToolsetRow(id=toolset.id, about=toolset.description, on=on, tools=names))
    return ToolsetList(toolsets=rows)


class EnableArgs(Args):
    toolset: str = Field(description="From list_toolsets", max_length=64)


class Enabled(BaseModel):
    toolset: str
    added: list[str]


@read_tool(
    NAVIGATE,
    render=lambda r: f"Toolset {r.toolset} on; new tools: {', '.join(r.added) or '(none)'}.",
)
async def enable_toolset(ctx: ToolContext, args: EnableArgs) -> Enabled:
    """Turn a toolset on (the tool list changes)."""
    registered = ctx.server.registered() if ctx.server is not None else {}
    if ctx.server is None or args.toolset not in set(registered.values()):
        known = ", ".join(sorted(set(registered.values())))
        raise ToolFailure(f"No toolset {args.toolset!r} here; toolsets: {known}.")
    return Enabled(toolset=args.toolset, added=await ctx.server.enable_toolset(args.toolset))
