"""Where a published URL ends now, for `resolve_url` and `list_redirects`: the page it serves
(space, page id, path) through site spaces and redirect chains, or why it serves none."""

from __future__ import annotations

from pydantic import BaseModel

from gitbook_mcp.linkcheck.client_source import ClientContentReader, ClientSiteReader
from gitbook_mcp.linkcheck.context import ScanContext
from gitbook_mcp.linkcheck.resolve import follow
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import ToolContext

__all__ = ["MAX_ORGANIZATIONS", "EndView", "describe_end", "resolve"]

MAX_ORGANIZATIONS = 20
"""Organizations looked through for a URL when none is named."""


class EndView(BaseModel):
    url: UntrustedRef
    broken: bool
    reason: UntrustedLine | None = None
    via: list[UntrustedRef] = []
    space_id: str | None = None
    page_id: str | None = None
    path: UntrustedRef | None = None


def describe_end(end: EndView) -> str:
    """One sentence: the page it ends on, or broken and why (redirects followed included)."""
    via = f" via {' -> '.join(end.via)}" if end.via else ""
    if end.broken:
        return f"broken: {end.reason}{via}"
    if end.page_id is None:
        return f"{end.url} ({end.reason}){via}"
    return f"page {end.path or '(root)'} [{end.page_id}] of space {end.space_id}{via}"


def _context(ctx: ToolContext, organization_id: str) -> ScanContext:
    reader = ClientContentReader(ctx.client)
    sites = ClientSiteReader(ctx.client, organization_id)
    return ScanContext(reader, "", None, sites=sites, concurrency=None)


async def resolve(ctx: ToolContext, url: str, organization_id: str | None) -> EndView | None:
    """Where ``url`` ends, in the organization named or the first of the caller's whose sites
    it is under; None when it is under none of them."""
    if organization_id:
        orgs = [organization_id]
    else:
        orgs = []
        async for found in ctx.client.orgs.list():
            orgs.append(found.id)
            if len(orgs) >= MAX_ORGANIZATIONS:
                break
    for org_id in orgs:
        end = await follow(_context(ctx, org_id), url)
        if end is None:
            continue
        if end.page is not None and end.index is not None:
            return EndView(
                url=end.url,
                broken=False,
                via=list(end.chain),
                space_id=end.index.space_id,
                page_id=end.page.id,
                path=end.page.path,
            )
        reason = "it leaves the organization's sites" if end.outside else end.reason
        return EndView(url=end.url, broken=end.broken, reason=reason, via=list(end.chain))
    return None
