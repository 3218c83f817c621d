"""One link check against the API client, as `check_links` and ``gitbook-mcp check-links`` run it.

The content of every page is checked (`LinkScanner`); with ``external``, outside URLs too; on a
profile with site findings (live), the published site's own findings are merged in
(`gitbook_mcp.linkcheck.site_findings`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from contextlib import AsyncExitStack
from dataclasses import dataclass

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.linkcheck.client_source import ClientContentReader, ClientSiteReader
from gitbook_mcp.linkcheck.external import ExternalChecker
from gitbook_mcp.linkcheck.model import Progress, ScanResult
from gitbook_mcp.linkcheck.scan import LinkScanner
from gitbook_mcp.linkcheck.site_findings import merge_site_findings, read_site_findings

__all__ = ["CheckRequest", "run_check"]


@dataclass(frozen=True)
class CheckRequest:
    """What to check: a space's main content or change request, or one page of it."""

    space_id: str
    change_request_id: str | None = None
    page_id: str | None = None
    external: bool = False
    site_findings: bool = False
    """Merge the published site's findings (only where the profile has them: live)."""
    content_format: ContentFormat = "document"


async def run_check(
    client: GitBookClient,
    request: CheckRequest,
    *,
    progress: Progress | None = None,
    external_checker: Callable[[], ExternalChecker] = ExternalChecker,
    operations: Collection[str] | None = None,
) -> ScanResult:
    """The scan's result; raises LookupError for a page that is not in the revision."""
    space = await client.spaces.get(request.space_id)
    org = space.organization
    sites = ClientSiteReader(client, org) if org else None
    async with AsyncExitStack() as stack:
        external = None
        if request.external:
            external = await stack.enter_async_context(external_checker())
        scanner = LinkScanner(
            ClientContentReader(client, format=request.content_format),
            sites=sites,
            external=external,
            progress=progress,
        )
        cr = request.change_request_id
        if request.page_id:
            result = await scanner.scan_page(request.space_id, cr, request.page_id)
        else:
            result = await scanner.scan(request.space_id, cr)
    has_findings = operations is None or "listSiteFindings" in operations
    if request.site_findings and has_findings and sites is not None and org:
        reports = await read_site_findings(client, org, await sites.sites(), request.space_id)
        whole_main = cr is None and request.page_id is None
        result.findings = merge_site_findings(result.findings, reports, add_unmatched=whole_main)
    return result
