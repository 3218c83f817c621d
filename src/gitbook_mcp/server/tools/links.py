"""Toolset ``links``: every broken link of a space or change request, or all links of a page.

`check_links` reads the links of all pages concurrently; the client's concurrency cap
bounds how many requests are in flight, and progress is reported page by page.
"""

from __future__ import annotations

import anyio
from pydantic import BaseModel, Field

from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.client.models.links import ContentLocation
from gitbook_mcp.server.rendering import UntrustedRef
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure, read_tool
from gitbook_mcp.server.tools._shared import SpaceId, flatten_pages
from gitbook_mcp.server.toolsets import LINKS

__all__: list[str] = []


def describe_target(reference: ContentLocation | None) -> str:
    """A short human description of a link target (page path, file name or URL)."""
    if reference is None:
        return "(unknown target)"
    if reference.kind == "url" and reference.url:
        return str(reference.url)
    if reference.kind == "page" and reference.page:
        return str(reference.page.get("path") or reference.page.get("id") or "(page)")
    if reference.kind == "file" and reference.file:
        return "file " + str(reference.file.get("name") or reference.file.get("id") or "")
    extra = reference.model_extra or {}
    for key in ("page", "file", "url", "anchor", "space"):
        value = extra.get(key) or getattr(reference, key, None)
        if value:
            return f"{reference.kind} {value if isinstance(value, str) else value.get('id', '')}"
    return str(reference.kind)


class CheckArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = Field(
        default=None, description="Change request (omit: the space)"
    )
    page_id: str | None = Field(
        default=None, description="All links of this page (with change_request_id)"
    )


class BrokenLink(BaseModel):
    page_id: str | None = None
    page_path: UntrustedRef | None = None
    target: UntrustedRef
    status: str = "broken"


class LinkReport(BaseModel):
    pages_scanned: int
    links_checked: int
    broken: list[BrokenLink]
    links: list[BrokenLink] | None = None


def _render_report(r: LinkReport) -> str:
    head = f"{len(r.broken)} broken of {r.links_checked} links in {r.pages_scanned} pages."
    if r.links is not None:
        return "\n".join([head, *(f"- [{x.status}] {x.target}" for x in r.links)])
    rows = [f"- {b.page_path or b.page_id}: {b.target}" for b in r.broken]
    return "\n".join([head, *rows])


@read_tool(LINKS, render=_render_report)
async def check_links(ctx: ToolContext, args: CheckArgs) -> LinkReport:
    """Broken links of a change request or space, with their pages; with page_id, all links of one
    page."""
    if args.page_id:
        if not args.change_request_id:
            raise ToolFailure("page_id needs change_request_id.")
        return await _page_links(ctx, args.space_id, args.change_request_id, args.page_id)
    if args.change_request_id:
        return await _scan_change_request(ctx, args.space_id, args.change_request_id)
    return await _scan_space(ctx, args.space_id)


async def _page_links(ctx: ToolContext, space_id: str, cr: str, page_id: str) -> LinkReport:
    content = ctx.client.change_request_content
    links = [
        BrokenLink(
            page_id=page_id,
            target=describe_target(item.targetReference),
            status=item.status,
        )
        async for item in content.list_page_links(space_id, cr, page_id, limit=1000)
    ]
    broken = [link for link in links if link.status == "broken"]
    return LinkReport(pages_scanned=1, links_checked=len(links), broken=broken, links=links)


async def _scan_change_request(ctx: ToolContext, space_id: str, cr: str) -> LinkReport:
    tree = await ctx.client.change_request_content.list_pages(space_id, cr)
    pages = [p for p, _ in flatten_pages(tree.pages) if p.id]
    broken: list[BrokenLink] = []
    checked = 0
    done = 0

    async def scan(page: RevisionPage) -> None:
        nonlocal checked, done
        async for item in ctx.client.change_request_content.list_page_links(
            space_id, cr, page.id, limit=1000
        ):
            checked += 1
            if item.status == "broken":
                broken.append(
                    BrokenLink(
                        page_id=page.id,
                        page_path=page.path,
                        target=describe_target(item.targetReference),
                    )
                )
        done += 1
        await ctx.progress(done, len(pages), f"scanned {page.path or page.id}")

    async with anyio.create_task_group() as tg:
        for page in pages:
            tg.start_soon(scan, page)
    broken.sort(key=lambda b: (b.page_path or "", b.target))
    return LinkReport(pages_scanned=len(pages), links_checked=checked, broken=broken)


async def _scan_space(ctx: ToolContext, space_id: str) -> LinkReport:
    broken: list[BrokenLink] = []
    checked = 0
    pages: set[str] = set()
    async for item in ctx.client.spaces.list_links(space_id, limit=1000):
        checked += 1
        for seen in item.locationReferences:
            if seen.page:
                pages.add(str(seen.page.get("id")))
        if item.status != "broken":
            continue
        locations: list[ContentLocation | None] = list(item.locationReferences) or [None]
        for location in locations:
            page = (location.page if location is not None else None) or {}
            broken.append(
                BrokenLink(
                    page_id=page.get("id"),
                    page_path=page.get("path"),
                    target=describe_target(item.targetReference),
                )
            )
    await ctx.progress(1, 1, "scanned the space's links")
    broken.sort(key=lambda b: (b.page_path or "", b.target))
    return LinkReport(pages_scanned=len(pages), links_checked=checked, broken=broken)
