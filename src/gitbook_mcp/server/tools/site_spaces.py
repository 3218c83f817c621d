"""Toolset ``site_spaces``: the spaces a docs site publishes: list, add, update, move, remove."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.server.tooling import ToolContext, ToolDef, ToolFailure
from gitbook_mcp.server.tools._shared import Cursor, Limit
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs, SiteSpaceView, site_space_view

__all__ = ["TOOLS"]

SiteSpaceId = Field(min_length=1, description="Site space id (list_site_spaces)")


class ListArgs(SiteArgs):
    default: bool | None = Field(default=None, description="Only the default (true) or the others")
    cursor: Cursor
    limit: Limit


class SiteSpaceList(BaseModel):
    site_spaces: list[SiteSpaceView]
    next_cursor: str | None = None


async def list_site_spaces(ctx: ToolContext, args: ListArgs) -> SiteSpaceList:
    options: dict[str, Any] = {} if args.default is None else {"default": args.default}
    page = await ctx.client.site_spaces.list(
        args.organization_id, args.site_id, page=args.cursor, limit=args.limit, **options
    )
    return SiteSpaceList(
        site_spaces=[site_space_view(s) for s in page.items], next_cursor=page.next_cursor
    )


def _row(s: SiteSpaceView) -> str:
    flags = " (default)" if s.default else ""
    cond = f" if {s.condition}" if s.condition else ""
    return f"- /{s.path} -> {s.title} [{s.id}, space {s.space_id}, section {s.section_id}]{flags}{cond}"


class AddArgs(SiteArgs):
    space_id: str = Field(min_length=1, description="Space to publish (list_spaces)")
    section_id: str | None = Field(
        default=None, description="Section (default: the site's default)"
    )


async def add_site_space(ctx: ToolContext, args: AddArgs) -> SiteSpaceView:
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


async def update_site_space(ctx: ToolContext, args: UpdateArgs) -> SiteSpaceView:
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


async def move_site_space(ctx: ToolContext, args: MoveArgs) -> SiteSpaceView:
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


async def remove_site_space(ctx: ToolContext, args: RemoveArgs) -> Removed:
    return Removed(
        removed=await ctx.client.site_spaces.delete(
            args.organization_id, args.site_id, args.site_space_id
        )
    )


TOOLS = [
    ToolDef(
        name="list_site_spaces",
        toolset="site_spaces",
        description="Spaces published on a site.",
        input=ListArgs,
        output=SiteSpaceList,
        handler=list_site_spaces,
        render=lambda r: "\n".join(_row(s) for s in r.site_spaces) or "No site spaces.",
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="add_site_space",
        toolset="site_spaces",
        description="Publish a space on a site.",
        input=AddArgs,
        output=SiteSpaceView,
        handler=add_site_space,
        render=lambda s: "Added " + _row(s)[2:],
        read_only=False,
        permission=SITE_ADMIN,
    ),
    ToolDef(
        name="update_site_space",
        toolset="site_spaces",
        description="Change a site space's path, condition or space.",
        input=UpdateArgs,
        output=SiteSpaceView,
        handler=update_site_space,
        render=lambda s: "Updated " + _row(s)[2:],
        read_only=False,
        idempotent=True,
        permission=SITE_ADMIN,
    ),
    ToolDef(
        name="move_site_space",
        toolset="site_spaces",
        description="Move a site space before or after another.",
        input=MoveArgs,
        output=SiteSpaceView,
        handler=move_site_space,
        render=lambda s: "Moved " + _row(s)[2:],
        read_only=False,
        idempotent=True,
        permission=SITE_ADMIN,
    ),
    ToolDef(
        name="remove_site_space",
        toolset="site_spaces",
        description="Unpublish a space from a site.",
        input=RemoveArgs,
        output=Removed,
        handler=remove_site_space,
        render=lambda r: "Removed." if r.removed else "Already gone.",
        read_only=False,
        destructive=True,
        idempotent=True,
        permission=SITE_ADMIN,
    ),
]
