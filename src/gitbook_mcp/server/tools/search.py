"""Toolset ``search``: full-text search over an organization's content."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.organizations import SearchSpaceResult
from gitbook_mcp.server.rendering import (
    UntrustedBody,
    UntrustedLine,
    UntrustedRef,
    quoted,
    untrusted,
)
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure, read_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, OrganizationId
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
    snippet: UntrustedBody


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
    question: bool = False


def _render(r: SearchResults) -> str:
    if not r.hits:
        return "No results." + (_QUESTION_HINT if r.question else "")
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


_QUESTION_HINT = (
    " Search matches the words of pages, not questions: call again with two or three key "
    "terms (e.g. 'install proxy'), or browse get_page_tree."
)


def _is_question(query: str) -> bool:
    """A natural-language question rather than keywords: a question mark, or many words."""
    return query.rstrip().endswith("?") or len(query.split()) > 4


def _hits(space: SearchSpaceResult) -> list[PageHit]:
    """The pages found in one space, with up to three matching sections each."""
    return [
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
        for found in space.pages
    ]


def _cursor(api_cursor: str | None, skip: int) -> str:
    """Where the next call resumes: an API page and the hits of it already shown."""
    return f"{skip}:{api_cursor or ''}"


def _resume(cursor: str | None) -> tuple[str | None, int]:
    if not cursor:
        return None, 0
    skip, _, api_cursor = cursor.partition(":")
    if not skip.isdigit():
        raise ToolFailure("cursor: not a cursor of search_content; pass its next_cursor as is.")
    return api_cursor or None, int(skip)


@read_tool(
    SEARCH,
    description=(
        "Search an organization's pages by keywords (full text, not questions); limit counts "
        "pages found."
    ),
    render=_render,
)
async def search_content(ctx: ToolContext, args: SearchArgs) -> SearchResults:
    """Search an organization's pages; ``limit`` counts pages found across spaces."""
    api_cursor, skip = _resume(args.cursor)
    hits: list[PageHit] = []
    next_cursor: str | None = None
    while True:
        page = await ctx.client.orgs.search(
            args.organization_id, query=args.query, page=api_cursor, limit=args.limit
        )
        found = [h for space in page.items for h in _hits(space)][skip:]
        room = args.limit - len(hits)
        if len(found) > room:
            hits += found[:room]
            next_cursor = _cursor(api_cursor, skip + room)
            break
        hits += found
        if not page.next_cursor:
            break
        api_cursor, skip = page.next_cursor, 0
        if len(hits) == args.limit:
            next_cursor = _cursor(api_cursor, 0)
            break
    question = not hits and args.cursor is None and _is_question(args.query)
    return SearchResults(hits=hits, next_cursor=next_cursor, question=question)
