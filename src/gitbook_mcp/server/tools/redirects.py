"""Toolset ``redirects``: list, look up, create, update and delete a site's redirects."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.client.models.redirects import SiteRedirect
from gitbook_mcp.server.rendering import UntrustedRef
from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._shared import Cursor, Deleted, Limit, delete_tool
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs
from gitbook_mcp.server.toolsets import REDIRECTS

__all__: list[str] = []

SOURCE_PATTERN = r"^(/[^/\s?#]+)+$"
"""Absolute path, no trailing slash; the API checks the exact character set."""
Source = Field(
    max_length=512,
    pattern=SOURCE_PATTERN,
    description="Path like /old/page",
)


class RedirectView(BaseModel):
    id: str
    source: UntrustedRef
    destination: dict[str, Any]
    target: UntrustedRef | None = None


class RedirectList(BaseModel):
    redirects: list[RedirectView]
    next_cursor: str | None = None


def _view(r: SiteRedirect) -> RedirectView:
    dest = r.destination.model_dump()
    return RedirectView(id=r.id, source=r.source, destination=dest)


def _describe(dest: dict[str, Any]) -> str:
    kind = dest.get("kind")
    if kind == "site-section":
        return f"section {dest.get('siteSectionId')}"
    if kind == "site-space":
        return f"site space {dest.get('siteSpaceId')}"
    if kind == "site-page":
        return f"page {dest.get('pageId')} of site space {dest.get('siteSpaceId')}"
    return str(dest)


class ListArgs(SiteArgs):
    source: str | None = Field(
        default=None,
        max_length=512,
        pattern=SOURCE_PATTERN,
        description="Resolve this path",
    )
    cursor: Cursor
    limit: Limit


@read_tool(
    REDIRECTS,
    render=lambda r: (
        "\n".join(f"- {x.source} -> {_describe(x.destination)} [{x.id}]" for x in r.redirects)
        or "No redirects."
    ),
)
async def list_redirects(ctx: ToolContext, args: ListArgs) -> RedirectList:
    """Redirects of a site; with source, resolve one path."""
    if args.source:
        found = await ctx.client.redirects.get_by_source(
            args.organization_id, args.site_id, source=args.source
        )
        view = _view(found.redirect)
        view.target = found.target
        return RedirectList(redirects=[view])
    page = await ctx.client.redirects.list(
        args.organization_id, args.site_id, page=args.cursor, limit=args.limit
    )
    return RedirectList(redirects=[_view(r) for r in page.items], next_cursor=page.next_cursor)


class DestinationArgs(SiteArgs):
    section_id: str | None = Field(default=None, description="Target section")
    site_space_id: str | None = Field(default=None, description="Or this site space")
    page_id: str | None = Field(default=None, description="With site_space_id: a page of it")

    def destination(self) -> dict[str, Any] | None:
        if self.section_id:
            return {"kind": "site-section", "siteSectionId": self.section_id}
        if self.site_space_id and self.page_id:
            return {"kind": "site-page", "siteSpaceId": self.site_space_id, "pageId": self.page_id}
        if self.site_space_id:
            return {"kind": "site-space", "siteSpaceId": self.site_space_id}
        return None

    @model_validator(mode="after")
    def _one_kind(self) -> DestinationArgs:
        if self.section_id and self.site_space_id:
            raise ValueError(
                "give section_id, or site_space_id (with an optional page_id), not both"
            )
        if self.page_id and not self.site_space_id:
            raise ValueError("page_id needs site_space_id")
        return self


class CreateArgs(DestinationArgs):
    source: str = Source


@write_tool(
    REDIRECTS,
    permission=SITE_ADMIN,
    render=lambda r: f"Created redirect {r.source} -> {_describe(r.destination)} [{r.id}].",
)
async def create_redirect(ctx: ToolContext, args: CreateArgs) -> RedirectView:
    """Redirect a path."""
    destination = args.destination()
    if destination is None:
        raise ToolFailure(
            "Give a destination: section_id, or site_space_id (and optionally page_id)."
        )
    created = await ctx.client.redirects.create(
        args.organization_id, args.site_id, source=args.source, destination=destination
    )
    return _view(created)


class UpdateArgs(DestinationArgs):
    redirect_id: str = Field(min_length=1, description="Redirect id (list_redirects)")
    source: str | None = Field(
        default=None, max_length=512, pattern=SOURCE_PATTERN, description="New source path"
    )


@write_tool(
    REDIRECTS,
    permission=SITE_ADMIN,
    idempotent=True,
    render=lambda r: f"Updated redirect {r.source} -> {_describe(r.destination)} [{r.id}].",
)
async def update_redirect(ctx: ToolContext, args: UpdateArgs) -> RedirectView:
    """Change a redirect's source or destination."""
    changes: dict[str, Any] = {}
    if args.source is not None:
        changes["source"] = args.source
    destination = args.destination()
    if destination is not None:
        changes["destination"] = destination
    if not changes:
        raise ToolFailure("Nothing to change: give source and/or a destination.")
    updated = await ctx.client.redirects.update(
        args.organization_id, args.site_id, args.redirect_id, **changes
    )
    return _view(updated)


class DeleteArgs(SiteArgs):
    redirect_id: str = Field(min_length=1, description="Redirect id (list_redirects)")


@delete_tool(REDIRECTS, permission=SITE_ADMIN, method_arg="method")
async def delete_redirect(ctx: ToolContext, args: DeleteArgs) -> Deleted:
    """Delete a redirect."""
    return Deleted(
        deleted=await ctx.client.redirects.delete(
            args.organization_id, args.site_id, args.redirect_id
        )
    )
