"""One link check against the API client, as `check_links` and ``gitbook-mcp check-links`` run it.

The content of every page is checked (`LinkScanner`); with ``external``, outside URLs too; on a
profile with site findings (live), the published site's own findings are merged in
(`gitbook_mcp.linkcheck.site_findings`), checked again against today's pages and redirects.
`fix_links` plans from the same scan (`CheckRun.plan`), so its counts are the check's. A call
that fails after the tree was read leaves a partial result (`ScanResult.missing`), not an error;
a recheck that read again pages the page cache had dropped says how many (`ScanResult.cache_short`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from contextlib import AsyncExitStack
from dataclasses import dataclass, field

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.errors import GitBookError
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.client.resources import SiteFindings, operation_of
from gitbook_mcp.linkcheck.client_source import ClientSiteReader
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.external.paced import paced_progress
from gitbook_mcp.linkcheck.fixes.plan import Fix
from gitbook_mcp.linkcheck.memo import RememberingReader, remembering_reader
from gitbook_mcp.linkcheck.model import KeepLinks, PageNode, Progress, ScanResult
from gitbook_mcp.linkcheck.scan import LinkScanner
from gitbook_mcp.linkcheck.site_findings import (
    SiteReport,
    merge_site_findings,
    read_site_findings,
    recheck,
)
from gitbook_mcp.linkcheck.source import ContentReader

__all__ = ["CheckRequest", "CheckRun", "run_check", "run_scan"]


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


@dataclass
class CheckRun:
    """A scan's result, and the scanner that made it (to plan fixes from what it read)."""

    result: ScanResult
    scanner: LinkScanner
    request: CheckRequest
    reports: list[SiteReport] = field(default_factory=list)
    """The site's open findings on the space (live), whether still broken or not."""

    async def plan(self, renamed: Mapping[str, str] | None = None) -> list[Fix]:
        """Proposed fixes of the broken links found, from what the scan read."""
        request = self.request
        return await self.scanner.plan(
            self.result.broken, request.space_id, request.change_request_id, renamed=renamed
        )


async def run_check(
    client: GitBookClient,
    request: CheckRequest,
    *,
    progress: Progress | None = None,
    external_checker: Callable[[], ExternalChecker] = ExternalChecker,
    operations: Collection[str] | None = None,
    skip_page: Callable[[PageNode], bool] | None = None,
    keep_links: KeepLinks = "all",
) -> ScanResult:
    """The scan's result; raises LookupError for a page that is not in the revision
    (``keep_links``: every page's links kept in it, see `LinkScanner`)."""
    run = await run_scan(
        client,
        request,
        progress=progress,
        external_checker=external_checker,
        operations=operations,
        skip_page=skip_page,
        keep_links=keep_links,
    )
    return run.result


async def run_scan(
    client: GitBookClient,
    request: CheckRequest,
    *,
    reader: ContentReader | None = None,
    progress: Progress | None = None,
    external_checker: Callable[[], ExternalChecker] = ExternalChecker,
    operations: Collection[str] | None = None,
    skip_page: Callable[[PageNode], bool] | None = None,
    keep_links: KeepLinks = "all",
) -> CheckRun:
    """One scan for both a check and a plan (``reader``: default, the caller's remembering one,
    so that an unchanged revision's pages are not read again; ``skip_page``: pages whose links
    are not checked; ``keep_links``: see `LinkScanner`); raises LookupError for a page that is
    not in the revision."""
    sites = None
    remembering: RememberingReader | None = None
    if reader is None:
        remembering = remembering_reader(client, request.content_format)
        reader = remembering
        org = await remembering.organization(request.space_id)
        if org:
            where = (request.space_id, request.change_request_id)
            sites = ClientSiteReader(
                client,
                org,
                memo=remembering.site_memo,
                revision=lambda: remembering.revision_of(*where),
            )
    else:
        org = (await client.spaces.get(request.space_id)).organization
        sites = ClientSiteReader(client, org) if org else None
    async with AsyncExitStack() as stack:
        progress = await stack.enter_async_context(paced_progress(client.pacer, progress))
        external = None
        if request.external:
            external = await stack.enter_async_context(external_checker())
        scanner = LinkScanner(
            reader,
            sites=sites,
            external=external,
            progress=progress,
            skip_page=skip_page,
            keep_links=keep_links,
        )
        cr = request.change_request_id
        if request.page_id:
            result = await scanner.scan_page(request.space_id, cr, request.page_id)
        else:
            result = await scanner.scan(request.space_id, cr)
    if remembering is not None:  # a recheck the page cache was too small for says so
        result.cache_short = remembering.cache_short(request.space_id, request.change_request_id)
    run = CheckRun(result, scanner, request)
    has_findings = operations is None or operation_of(SiteFindings.list) in operations
    if request.site_findings and has_findings and sites is not None and org:
        try:
            await _merge_findings(run, client, sites, org, every_page=skip_page is None)
        except GitBookError as exc:  # late: the content's findings stand, said to be partial
            result.missing.append(f"the published site's findings: not read ({exc})")
    return run


async def _merge_findings(
    run: CheckRun, client: GitBookClient, sites: ClientSiteReader, org: str, *, every_page: bool
) -> None:
    """The site's open findings on the space, checked again and merged into the run's result
    (a finding matched to no link is added only when every page of main was read)."""
    request, result = run.request, run.result
    whole_main = request.change_request_id is None and request.page_id is None and every_page
    published = await run.scanner.context(request.space_id, request.change_request_id).sites()

    async def read() -> list[SiteReport]:
        return await read_site_findings(client, org, published, request.space_id)

    if sites.memo is None:
        reports = await read()
    else:  # the site's findings follow the content: kept for the same revision only
        key = ("findings", org, request.space_id, tuple(site.id for site in published))
        reports = await sites.memo.get(key, sites.revision(), read, same_revision=True)
    run.reports = reports
    if whole_main:
        reports = await recheck(run.scanner.context(request.space_id, None), reports)
    result.findings = merge_site_findings(result.findings, reports, add_unmatched=whole_main)
