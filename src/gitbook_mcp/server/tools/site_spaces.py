"""Toolset ``site_spaces``: the spaces a docs site publishes: list, add, update, move, remove."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.client.models.sites import SiteSpace
from gitbook_mcp.server.calls.confirm import Plan, confirm, confirm_field, digest
from gitbook_mcp.server.rendering import one_line
from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, exactly_one
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs, SiteSpaceView, site_space_view
from gitbook_mcp.server.toolsets import SITE_SPACES

__all__: list[str] = []

SiteSpaceId = Field(min_length=1, description="From list_site_spaces")
_SEGMENT = r"(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+"
PATH_PATTERN = re.compile(rf"^{_SEGMENT}(?:/{_SEGMENT})*$")
"""A site space's path as the service takes it: segments of unreserved or percent-encoded
characters (the character set of the service's redirect sources), 1 to 100 characters."""


def site_space_path(value: str) -> str:
    """The path without surrounding slashes, or a tool error saying what a path may hold."""
    path = value.strip().strip("/")
    if not PATH_PATTERN.match(path) or len(path) > 100:
        raise ToolFailure(
            f"path {value!r} is not a site space path: use letters, digits, - . _ ~ or %XX, "
            "segments separated by /, at most 100 characters, e.g. handbook or guides/v2."
        )
    return path


class ListSiteSpacesArgs(SiteArgs):
    default: bool | None = Field(default=None, description="Only the default (true) or the others")
    cursor: Cursor
    limit: Limit


class SiteSpaceList(BaseModel):
    site_spaces: list[SiteSpaceView]
    next_cursor: str | None = None


def _row(s: SiteSpaceView) -> str:
    flags = " (default)" if s.default else ""
    cond = f" if {s.condition}" if s.condition else ""
    return f"- /{s.path} -> {s.title} [{s.id}, space {s.space_id}, section {s.section_id}]{flags}{cond}"


@read_tool(
    SITE_SPACES,
    render=lambda r: listing(
        [_row(s) for s in r.site_spaces], r.next_cursor, empty="No site spaces."
    ),
)
async def list_site_spaces(ctx: ToolContext, args: ListSiteSpacesArgs) -> SiteSpaceList:
    """Spaces published on a site."""
    options: dict[str, Any] = {} if args.default is None else {"default": args.default}
    page = await ctx.client.site_spaces.list(
        args.organization_id, args.site_id, page=args.cursor, limit=args.limit, **options
    )
    return SiteSpaceList(
        site_spaces=[site_space_view(s) for s in page.items], next_cursor=page.next_cursor
    )


class AddArgs(SiteArgs):
    space_id: str = Field(min_length=1, description="Space to publish (list_spaces)")
    section_id: str | None = Field(
        default=None, description="Section (default: the site's default)"
    )


@write_tool(SITE_SPACES, permission=SITE_ADMIN, render=lambda s: "Added " + _row(s)[2:])
async def add_site_space(ctx: ToolContext, args: AddArgs) -> SiteSpaceView:
    """Publish a space on a site."""
    extra: dict[str, Any] = {"section_id": args.section_id} if args.section_id else {}
    existing = await ctx.client.site_spaces.list(args.organization_id, args.site_id).to_list()
    for ss in existing:
        same_section = args.section_id is None or ss.section == args.section_id
        if ss.space.id == args.space_id and same_section:
            raise ToolFailure(
                f"Space {args.space_id} is already published on this site as site space {ss.id} "
                f"at /{ss.path}: nothing was added. Publish it in another section with "
                "section_id, or change that site space with update_site_space."
            )
    created = await ctx.client.site_spaces.add(
        args.organization_id, args.site_id, space_id=args.space_id, **extra
    )
    return site_space_view(created)


class UpdateSiteSpaceArgs(SiteArgs):
    site_space_id: str = SiteSpaceId
    path: str | None = Field(
        default=None, min_length=1, max_length=100, description="New path on the site"
    )
    condition: str | None = Field(
        default=None, min_length=1, max_length=1024, description="Visibility condition expression"
    )
    remove_condition: bool = Field(default=False, description="Remove the visibility condition")
    space_id: str | None = Field(default=None, description="Publish another space here")

    @model_validator(mode="after")
    def _condition(self) -> UpdateSiteSpaceArgs:
        if self.remove_condition and self.condition is not None:
            raise ValueError("give condition or remove_condition, not both")
        return self


class UpdatedSiteSpace(SiteSpaceView):
    previous_path: str | None = None


def _render_update(s: UpdatedSiteSpace) -> str:
    text = "Updated " + _row(s)[2:]
    if s.previous_path is not None:
        text += (
            f"\nLinks to /{s.previous_path} now break: create_redirect with "
            f"source=/{s.previous_path} and site_space_id={s.id} keeps them working."
        )
    return text


@write_tool(SITE_SPACES, permission=SITE_ADMIN, idempotent=True, render=_render_update)
async def update_site_space(ctx: ToolContext, args: UpdateSiteSpaceArgs) -> UpdatedSiteSpace:
    """Change a site space's path, condition or space."""
    changes: dict[str, Any] = {}
    if args.path is not None:
        changes["path"] = site_space_path(args.path)
    if args.condition is not None:
        changes["condition"] = args.condition
    if args.remove_condition:
        changes["condition"] = None
    if args.space_id is not None:
        changes["space_id"] = args.space_id
    if not changes:
        raise ToolFailure("Nothing to change: give path, condition, remove_condition or space_id.")
    before = None
    if "path" in changes:
        every = await ctx.client.site_spaces.list(args.organization_id, args.site_id).to_list()
        before = next((ss.path for ss in every if ss.id == args.site_space_id), None)
    updated = await ctx.client.site_spaces.update(
        args.organization_id, args.site_id, args.site_space_id, **changes
    )
    view = UpdatedSiteSpace(**site_space_view(updated).model_dump())
    if before is not None and before != updated.path:
        view.previous_path = before
    return view


class MoveArgs(SiteArgs):
    site_space_id: str = SiteSpaceId
    before: str | None = Field(default=None, description="Place it before this site space")
    after: str | None = Field(default=None, description="Or after this site space")

    _one = exactly_one("before", "after")


@write_tool(
    SITE_SPACES, permission=SITE_ADMIN, idempotent=True, render=lambda s: "Moved " + _row(s)[2:]
)
async def move_site_space(ctx: ToolContext, args: MoveArgs) -> SiteSpaceView:
    """Move a site space before or after another."""
    side, other = ("before", args.before) if args.before else ("after", args.after)
    position: dict[str, Any] = {side: {"type": "site-space", "siteSpace": other}}
    moved = await ctx.client.site_spaces.move(
        args.organization_id, args.site_id, args.site_space_id, position=position
    )
    return site_space_view(moved)


class RemoveArgs(SiteArgs):
    site_space_id: str = SiteSpaceId
    confirm: str | None = confirm_field()


class Removed(BaseModel):
    removed: bool
    redirects_deleted: list[str] = Field(default_factory=list)


def _render_removed(r: Removed) -> str:
    if not r.removed:
        return (
            "Nothing removed: no such site space here (a wrong id, or one already removed: the "
            "service answers both alike)."
        )
    if not r.redirects_deleted:
        return "Removed."
    gone = ", ".join(r.redirects_deleted)
    return f"Removed. The service also deleted the redirects into it: {gone}."


async def _redirects_into(ctx: ToolContext, args: RemoveArgs) -> dict[str, str]:
    """The redirects whose destination is the site space (id -> "source [id]")."""
    every = await ctx.client.redirects.list(args.organization_id, args.site_id).to_list()
    return {
        r.id: f"{r.source} [{r.id}]"
        for r in every
        if r.destination.model_dump().get("siteSpaceId") == args.site_space_id
    }


async def _site_space(ctx: ToolContext, args: RemoveArgs) -> SiteSpace | None:
    every = await ctx.client.site_spaces.list(args.organization_id, args.site_id).to_list()
    return next((s for s in every if s.id == args.site_space_id), None)


async def _removal_plan(ctx: ToolContext, args: RemoveArgs) -> Plan:
    """What removing the site space unpublishes, bound to its space, path and redirects."""
    ids = (args.organization_id, args.site_id, args.site_space_id)
    site_space = await _site_space(ctx, args)
    if site_space is None:
        return Plan("remove_site_space", ids, "gone", "Nothing: the site space is gone already.")
    into = sorted((await _redirects_into(ctx, args)).values())
    gone = f"; the service also deletes {len(into)} redirect(s) into it: {', '.join(into)}"
    summary = (
        f"Unpublish /{one_line(site_space.path)} (space {site_space.space.id}) "
        f"[{args.site_space_id}] from site {args.site_id}{gone if into else ''}."
    )
    state = digest([site_space.path, site_space.space.id, *into])
    return Plan("remove_site_space", ids, state, summary)


@write_tool(
    SITE_SPACES,
    permission=SITE_ADMIN,
    destructive=True,
    idempotent=True,
    render=_render_removed,
)
async def remove_site_space(ctx: ToolContext, args: RemoveArgs) -> Removed:
    """Unpublish a space from a site (redirects into it go too)."""
    into = await _redirects_into(ctx, args)
    if await _site_space(ctx, args) is not None:
        await confirm(ctx, args.confirm, lambda: _removal_plan(ctx, args))
    removed = await ctx.client.site_spaces.delete(
        args.organization_id, args.site_id, args.site_space_id
    )
    left = await _redirects_into(ctx, args) if into else {}
    return Removed(removed=removed, redirects_deleted=[v for k, v in into.items() if k not in left])
