"""Toolset ``search``: full-text search over an organization's content."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef, quoted, untrusted
from gitbook_mcp.server.tooling import Args, ToolContext, read_tool
from gitbook_mcp.server.tools._shared import Cursor, Limit, OrganizationId
from gitbook_mcp.server.toolsets import SEARCH

__all__: list[str] = []


class SearchArgs(Args):
    organization_id: OrganizationId
    query: str = Field(min_length=1, max_length=512, description="Words to search for")
    cursor: Cursor
    limit: Limit


class SectionHit(BaseModel):
    title: UntrustedLine
    path: UntrustedRef
    snippet: str


class PageHit(BaseModel):
    space_id: str
    space_title: UntrustedLine
    page_id: str
    title: UntrustedLine
    path: UntrustedRef
    sections: list[SectionHit] = Field(default_factory=list)


class SearchResults(BaseModel):
    hits: list[PageHit]
    next_cursor: str | None = None


def _render(r: SearchResults) -> str:
    if not r.hits:
        return "No results."
    lines = []
    for h in r.hits:
        lines.append(
            f"- {h.title} ({h.path}) in {h.space_title} [space {h.space_id}, page {h.page_id}]"
        )
        if h.sections:
            matches = "\n".join(f"{s.title}: {s.snippet}" for s in h.sections)
            lines.append(quoted(matches, label="  Matching sections"))
    if r.next_cursor:
        lines.append(f"More: pass cursor={r.next_cursor!r}")
    return "\n".join(lines)


@read_tool(SEARCH, render=_render)
async def search_content(ctx: ToolContext, args: SearchArgs) -> SearchResults:
    """Search an organization's pages."""
    page = await ctx.client.orgs.search(
        args.organization_id, query=args.query, page=args.cursor, limit=args.limit
    )
    hits: list[PageHit] = []
    for space in page.items:
        for found in space.pages:
            hits.append(
                PageHit(
                    space_id=space.id,
                    space_title=space.title,
                    page_id=found.id,
                    title=found.title,
                    path=found.path,
                    sections=[
                        SectionHit(title=s.title, path=s.path, snippet=untrusted(s.body)[:300])
                        for s in (found.sections or [])[:3]
                    ],
                )
            )
    return SearchResults(hits=hits, next_cursor=page.next_cursor)
