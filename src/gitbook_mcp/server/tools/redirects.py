"""Toolset ``redirects``: list, look up, create, update and delete a site's redirects.

A lookup (``list_redirects`` with ``source``) also says where the path ends now: the page it
serves, redirect chains followed, or "broken" when it ends on nothing.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.client.errors import NotFoundError
from gitbook_mcp.client.models import redirects as client_redirects
from gitbook_mcp.client.models.redirects import SiteRedirect
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, changed
from gitbook_mcp.server.tools._deleting import Deleted, delete_tool
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools._resolving import describe_end, resolve
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs
from gitbook_mcp.server.toolsets import REDIRECTS

__all__: list[str] = []

SOURCE_PATTERN = re.compile(client_redirects.SOURCE_PATTERN)
"""The service's source pattern: ``/`` then segments of unreserved or percent-encoded characters."""
SOURCE_HELP = "Site path like /old/page (a full URL is trimmed)"
Source = Field(max_length=2048, description=SOURCE_HELP)
RedirectId = Field(min_length=1, description="From list_redirects")


class RedirectView(BaseModel):
    id: str
    source: UntrustedRef
    destination: dict[str, Any]
    target: UntrustedRef | None = None


class RedirectList(BaseModel):
    redirects: list[RedirectView]
    next_cursor: str | None = None
    looked_up: str | None = None
    ends: UntrustedLine | None = None


async def normalise_source(ctx: ToolContext, args: SiteArgs, value: str) -> str:
    """A redirect source as the API takes it: a path with no trailing slash; a full URL of the
    site is cut to its path on the site, any other URL or malformed path refused, with why."""
    source = value.strip()
    if "://" in source:
        site = await ctx.client.sites.get(args.organization_id, args.site_id)
        base = (site.urls.published or "").rstrip("/")
        if not base or not source.startswith(base + "/"):
            shown = base or "(this site has no published URL)"
            raise ToolFailure(
                f"source {source!r} is not on this site ({shown}): give a path like /old/page."
            )
        source = source[len(base) :]
    if len(source) > 1:
        source = source.rstrip("/")
    if not SOURCE_PATTERN.match(source) or len(source) > 512:
        raise ToolFailure(
            f"source {value!r} is not a redirect source: give a path on the site starting with /, "
            "of letters, digits, - . _ ~ or %XX (no spaces, query or fragment), e.g. /old/page."
        )
    return source


def _render_list(r: RedirectList) -> str:
    ends = f" It ends at {r.ends}." if r.ends else ""
    if r.looked_up is not None and not r.redirects:
        return f"No redirect for {r.looked_up}." + (ends or " The site serves it as it is.")
    rows = [
        f"- {x.source} -> {_describe(x.destination)} [{x.id}]"
        + (f" resolves to {x.target}" if x.target else "")
        for x in r.redirects
    ]
    return listing(rows, r.next_cursor, empty="No redirects.") + ends


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


class ListRedirectsArgs(SiteArgs):
    source: str | None = Field(default=None, max_length=2048, description="Resolve this path")
    cursor: Cursor
    limit: Limit


@read_tool(REDIRECTS, render=_render_list)
async def list_redirects(ctx: ToolContext, args: ListRedirectsArgs) -> RedirectList:
    """Redirects of a site; with source, where one path ends (chains followed)."""
    if args.source:
        source = await normalise_source(ctx, args, args.source)
        try:
            found = await ctx.client.redirects.get_by_source(
                args.organization_id, args.site_id, source=source
            )
        except NotFoundError:
            # No match is an answer; a missing site is not: listing one redirect tells which.
            await ctx.client.redirects.list(args.organization_id, args.site_id, limit=1)
            return RedirectList(redirects=[], looked_up=source, ends=await _ends(ctx, args, source))
        view = _view(found.redirect)
        view.target = found.target
        return RedirectList(redirects=[view], looked_up=source, ends=await _ends(ctx, args, source))
    page = await ctx.client.redirects.list(
        args.organization_id, args.site_id, page=args.cursor, limit=args.limit
    )
    return RedirectList(redirects=[_view(r) for r in page.items], next_cursor=page.next_cursor)


async def _ends(ctx: ToolContext, args: SiteArgs, source: str) -> str | None:
    """Where the path ends now, redirect chains followed (None: the site is not published)."""
    site = await ctx.client.sites.get(args.organization_id, args.site_id)
    base = (site.urls.published or "").rstrip("/")
    if not base:
        return None
    end = await resolve(ctx, base + source, args.organization_id)
    return None if end is None else describe_end(end)


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
            raise ValueError(
                "page_id needs site_space_id: the site space that publishes the page's space "
                "(list_site_spaces lists them)"
            )
        return self


class CreateRedirectArgs(DestinationArgs):
    source: str = Source


@write_tool(
    REDIRECTS,
    permission=SITE_ADMIN,
    render=lambda r: f"Created redirect {r.source} -> {_describe(r.destination)} [{r.id}].",
)
async def create_redirect(ctx: ToolContext, args: CreateRedirectArgs) -> RedirectView:
    """Redirect a path."""
    source = await normalise_source(ctx, args, args.source)
    destination = args.destination()
    if destination is None:
        raise ToolFailure(
            "Give a destination: section_id, or site_space_id (and optionally page_id)."
        )
    created = await ctx.client.redirects.create(
        args.organization_id, args.site_id, source=source, destination=destination
    )
    return _view(created)


class UpdateRedirectArgs(DestinationArgs):
    redirect_id: str = RedirectId
    source: str | None = Field(default=None, max_length=2048, description="New source path")


@write_tool(
    REDIRECTS,
    permission=SITE_ADMIN,
    idempotent=True,
    render=lambda r: f"Updated redirect {r.source} -> {_describe(r.destination)} [{r.id}].",
)
async def update_redirect(ctx: ToolContext, args: UpdateRedirectArgs) -> RedirectView:
    """Change a redirect's source or destination."""
    source = None if args.source is None else await normalise_source(ctx, args, args.source)
    changes = changed("source and/or a destination", source=source, destination=args.destination())
    updated = await ctx.client.redirects.update(
        args.organization_id, args.site_id, args.redirect_id, **changes
    )
    return _view(updated)


class DeleteRedirectArgs(SiteArgs):
    redirect_id: str = RedirectId


@delete_tool(REDIRECTS, permission=SITE_ADMIN, method_arg="method")
async def delete_redirect(ctx: ToolContext, args: DeleteRedirectArgs) -> Deleted:
    """Delete a redirect."""
    ids = (args.organization_id, args.site_id, args.redirect_id)
    deleted = await ctx.client.redirects.delete(*ids)
    return Deleted(deleted=deleted, target=f"redirect {args.redirect_id}")
