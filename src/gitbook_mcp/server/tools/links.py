"""Toolset ``links``: every broken link of a space or change request, or all links of a page.

`check_links` reads every page's content and checks each link itself (`gitbook_mcp.linkcheck`),
so it works on both API profiles: the live service no longer has the link listings. Pages are
read concurrently under the client's cap, with progress page by page; the one-page mode runs
the same checks on one page, so its counts are that page's share of a full scan.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.linkcheck import Finding, LinkScanner, ScanResult
from gitbook_mcp.linkcheck.client_source import ClientContentReader, ClientSiteReader
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure, read_tool
from gitbook_mcp.server.tools._shared import SpaceId
from gitbook_mcp.server.toolsets import LINKS

__all__: list[str] = []


class CheckArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = Field(
        default=None, description="Change request (omit: the main content)"
    )
    page_id: str | None = Field(default=None, description="Every link of this one page")


class BrokenLink(BaseModel):
    page_id: str | None = None
    page_path: UntrustedRef | None = None
    text: UntrustedLine | None = None
    target: UntrustedRef
    kind: str | None = None
    reason: UntrustedLine | None = None
    status: Literal["ok", "broken", "unchecked"] = "broken"


class LinkReport(BaseModel):
    pages_scanned: int
    links_checked: int
    broken: list[BrokenLink]
    links: list[BrokenLink] | None = None


def _render_report(r: LinkReport) -> str:
    head = f"{len(r.broken)} broken of {r.links_checked} links in {r.pages_scanned} pages."
    if r.links is not None:
        return "\n".join([head, *(f"- [{x.status}] {x.target}" for x in r.links)])
    rows = [f"- {b.page_path or b.page_id}: {b.target} ({b.reason})" for b in r.broken]
    return "\n".join([head, *rows])


@read_tool(LINKS, render=_render_report)
async def check_links(ctx: ToolContext, args: CheckArgs) -> LinkReport:
    """Broken links of a change request or space, read from the pages' content: pages, anchors,
    files, spaces and the organization's site URLs; with page_id, every link of one page."""
    space = await ctx.client.spaces.get(args.space_id)
    content_format: ContentFormat = ctx.options.get("content_format", "document")
    scanner = LinkScanner(
        ClientContentReader(ctx.client, format=content_format),
        sites=ClientSiteReader(ctx.client, space.organization) if space.organization else None,
        progress=ctx.progress,
    )
    cr = args.change_request_id
    if not args.page_id:
        result = await scanner.scan(args.space_id, cr)
        return LinkReport(
            pages_scanned=result.pages_scanned,
            links_checked=result.links_checked,
            broken=[_view(f) for f in result.broken],
        )
    try:
        result = await scanner.scan_page(args.space_id, cr, args.page_id)
    except LookupError as exc:
        raise ToolFailure(f"{exc}: check page_id with get_page_tree.") from None
    return _one_page(result, args.page_id)


def _view(finding: Finding) -> BrokenLink:
    return BrokenLink(
        page_id=finding.page_id,
        page_path=finding.page_path,
        text=finding.text,
        target=finding.target,
        kind=finding.kind,
        reason=finding.reason,
        status=finding.status,
    )


def _one_page(result: ScanResult, page_id: str) -> LinkReport:
    """Every link of the page in document order, each with its verdict."""
    verdicts = {(f.link.pointer, f.link.line, f.target): f for f in result.findings}
    links: list[BrokenLink] = []
    for link in result.links.get(page_id, []):
        found = verdicts.get((link.pointer, link.line, link.target.describe()))
        if found is not None:
            links.append(_view(found))
        else:
            target = link.target.describe()
            links.append(BrokenLink(page_id=page_id, text=link.text, target=target, status="ok"))
    return LinkReport(
        pages_scanned=result.pages_scanned,
        links_checked=result.links_checked,
        broken=[_view(f) for f in result.broken],
        links=links,
    )
