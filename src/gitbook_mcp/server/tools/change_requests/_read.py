"""Reading what the change-request tools compare: a page in a change request and in main."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

import anyio
from pydantic import BaseModel, Field

from gitbook_mcp.client.errors import NotFoundError
from gitbook_mcp.client.models.content import ChangeRequest, ContentFormat, RevisionPage
from gitbook_mcp.client.resources import ChangeRequestContent, ChangeRequests, SpaceContent
from gitbook_mcp.document.cpu import run_cpu
from gitbook_mcp.linkcheck.client_source import ClientContentReader, raw_document
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args, ToolContext
from gitbook_mcp.server.tools._pages import RevisionTree, markdown_of
from gitbook_mcp.server.tools.change_requests._diff import PageSides

__all__ = [
    "PAGE_READS",
    "ChangeRequestArgs",
    "CrView",
    "cr_line",
    "cr_page",
    "cr_view",
    "gather",
    "main_page",
    "page_texts",
]

PAGE_READS = (
    ChangeRequests.get,
    ChangeRequestContent.get_page,
    SpaceContent.get_page,
    ChangeRequestContent.get_revision,
)
"""What reading a change request's pages and their main side calls (`cr_page`, `main_page`)."""

K = TypeVar("K")
V = TypeVar("V")

READ_CONCURRENCY = 8
"""Pages read at once; the client's own cap still applies."""


class ChangeRequestArgs(Args):
    space_id: str = Field(min_length=1, description="Space id")
    change_request_id: str = Field(min_length=1, description="Change request id")


class CrView(BaseModel):
    id: str
    number: int
    subject: UntrustedLine
    url: UntrustedRef
    revision: str


def cr_view(cr: ChangeRequest) -> CrView:
    """The change request as the answers name it."""
    return CrView(
        id=cr.id, number=cr.number, subject=cr.subject, url=cr.urls.app, revision=cr.revision
    )


def cr_line(cr: CrView) -> str:
    """``Change request #3 'subject' [id] at revision r: url``."""
    return (
        f"Change request #{cr.number} '{cr.subject}' [{cr.id}] at revision {cr.revision}: {cr.url}"
    )


async def cr_page(
    ctx: ToolContext, space_id: str, cr_id: str, page_id: str, fmt: ContentFormat = "markdown"
) -> RevisionPage | None:
    """The page as in the change request (markdown or document); None when it is not there."""
    try:
        return await ctx.client.change_request_content.get_page(
            space_id, cr_id, page_id, format=fmt, bodies_below=False
        )
    except NotFoundError:
        return None


async def main_page(
    ctx: ToolContext, space_id: str, page_id: str, fmt: ContentFormat = "markdown"
) -> RevisionPage | None:
    """The page in the main content (markdown or document); None when it is not there."""
    try:
        return await ctx.client.space_content.get_page(
            space_id, page_id, format=fmt, bodies_below=False
        )
    except NotFoundError:
        return None


async def page_texts(
    ctx: ToolContext, space_id: str, cr_id: str, page_ids: list[str]
) -> list[PageSides]:
    """Each page's markdown in main and in the change request, in order, rendered from its
    document with links relative to the page (as edit_pages shows them); a page in neither is
    skipped."""
    reader = ClientContentReader(ctx.client)
    trees = {
        "main": RevisionTree.of(await reader.revision(space_id, None)),
        "cr": RevisionTree.of(await reader.revision(space_id, cr_id)),
    }

    async def text(page: RevisionPage | None, side: str) -> str | None:
        if page is None:
            return None
        doc = raw_document(page) or {"object": "document", "data": {}, "nodes": []}
        return await run_cpu(markdown_of, doc, trees[side], page.id)

    async def both(page_id: str) -> PageSides | None:
        after = await cr_page(ctx, space_id, cr_id, page_id, "document")
        before = await main_page(ctx, space_id, page_id, "document")
        page = after or before
        if page is None:
            return None
        return PageSides(
            page_id,
            page.title,
            page.path or "",
            await text(before, "main"),
            await text(after, "cr"),
        )

    found = await gather(page_ids, both)
    return [t for t in found.values() if t is not None]


async def gather(keys: Iterable[K], read: Callable[[K], Awaitable[V]]) -> dict[K, V]:
    """``read`` of every key, a few at a time, in the keys' order."""
    order = list(dict.fromkeys(keys))
    out: dict[K, V] = {}
    limit = anyio.CapacityLimiter(READ_CONCURRENCY)

    async def one(key: K) -> None:
        async with limit:
            out[key] = await read(key)

    async with anyio.create_task_group() as tg:
        for key in order:
            tg.start_soon(one, key)
    return {key: out[key] for key in order}
