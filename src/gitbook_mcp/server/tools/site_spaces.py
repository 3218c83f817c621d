"""Toolset ``site_spaces``: the spaces a docs site publishes: list, add, update, move, remove."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._shared import Cursor, Limit, listing
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs, SiteSpaceView, site_space_view
from gitbook_mcp.server.toolsets import SITE_SPACES

__all__: list[str] = []

SiteSpaceId = Field(min_length=1, description="From list_site_spaces")


class ListArgs(SiteArgs):
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
async def list_site_spaces(ctx: ToolContext, args: ListArgs) -> SiteSpaceList:
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
    created = await ctx.client.site_spaces.add(
        args.organization_id, args.site_id, space_id=args.space_id, **extra
    )
    return site_space_view(created)


class UpdateArgs(SiteArgs):
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
    def _condition(self) -> UpdateArgs:
        if self.remove_condition and self.condition is not None:
            raise ValueError("give condition or remove_condition, not both")
        return self


@write_tool(
    SITE_SPACES, permission=SITE_ADMIN, idempotent=True, render=lambda s: "Updated " + _row(s)[2:]
)
async def update_site_space(ctx: ToolContext, args: UpdateArgs) -> SiteSpaceView:
    """Change a site space's path, condition or space."""
    changes: dict[str, Any] = {}
    if args.path is not None:
        changes["path"] = args.path
    if args.condition is not None:
        changes["condition"] = args.condition
    if args.remove_condition:
        changes["condition"] = None
    if args.space_id is not None:
        changes["space_id"] = args.space_id
    if not changes:
        raise ToolFailure("Nothing to change: give path, condition, remove_condition or space_id.")
    updated = await ctx.client.site_spaces.update(
        args.organization_id, args.site_id, args.site_space_id, **changes
    )
    return site_space_view(updated)


class MoveArgs(SiteArgs):
    site_space_id: str = SiteSpaceId
    before: str | None = Field(default=None, description="Place it before this site space")
    after: str | None = Field(default=None, description="Or after this site space")

    @model_validator(mode="after")
    def _one(self) -> MoveArgs:
        if bool(self.before) == bool(self.after):
            raise ValueError("give exactly one of before or after")
        return self


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


class Removed(BaseModel):
    removed: bool


@write_tool(
    SITE_SPACES,
    permission=SITE_ADMIN,
    destructive=True,
    idempotent=True,
    render=lambda r: "Removed." if r.removed else "Already gone.",
)
async def remove_site_space(ctx: ToolContext, args: RemoveArgs) -> Removed:
    """Unpublish a space from a site."""
    return Removed(
        removed=await ctx.client.site_spaces.delete(
            args.organization_id, args.site_id, args.site_space_id
        )
    )
