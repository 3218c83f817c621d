"""Scanning a change request or a space's main content for broken links, from the pages' content.

Every page's content is read concurrently under a cap (with progress after each page), then every
link is checked, also concurrently; reads of what links point at (other spaces, anchors of other
pages, sites, redirects) are cached for the run. The one-page mode runs the same checks on one page,
so its counts equal that page's share of a full scan.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import anyio

from gitbook_mcp.linkcheck.checks import check_target
from gitbook_mcp.linkcheck.context import RevisionIndex, ScanContext, page_links
from gitbook_mcp.linkcheck.external import ExternalChecker
from gitbook_mcp.linkcheck.model import Finding, Link, PageNode, Progress, ScanResult
from gitbook_mcp.linkcheck.plan import Fix, plan_fixes
from gitbook_mcp.linkcheck.source import ContentReader, SiteReader

__all__ = ["DEFAULT_CONCURRENCY", "LinkScanner"]

DEFAULT_CONCURRENCY = 8
"""The default cap on reads in flight (the client's own default cap)."""


class LinkScanner:
    """Checks the links of a revision's pages; ``external`` also checks outside URLs."""

    def __init__(
        self,
        reader: ContentReader,
        *,
        sites: SiteReader | None = None,
        external: ExternalChecker | None = None,
        concurrency: int = DEFAULT_CONCURRENCY,
        progress: Progress | None = None,
    ) -> None:
        self._reader = reader
        self._sites = sites
        self._external = external
        self._concurrency = concurrency
        self._progress = progress
        self._contexts: dict[tuple[str, str | None], ScanContext] = {}

    def _context(self, space_id: str, change_request_id: str | None) -> ScanContext:
        """A fresh context (content may have changed since the last scan), kept for planning."""
        ctx = ScanContext(
            self._reader,
            space_id,
            change_request_id,
            sites=self._sites,
            concurrency=self._concurrency,
        )
        self._contexts[(space_id, change_request_id)] = ctx
        return ctx

    async def plan(
        self,
        findings: Sequence[Finding],
        space_id: str,
        change_request_id: str | None = None,
        *,
        renamed: Mapping[str, str] | None = None,
    ) -> list[Fix]:
        """Proposed fixes of the findings, reusing what the scan of that revision read."""
        key = (space_id, change_request_id)
        ctx = self._contexts.get(key) or self._context(space_id, change_request_id)
        return await plan_fixes(ctx, findings, renamed=renamed)

    async def scan(self, space_id: str, change_request_id: str | None = None) -> ScanResult:
        """Every broken link of the change request (or of the main content when None)."""
        ctx = self._context(space_id, change_request_id)
        index = await ctx.index()
        pages = [page for page in index.pages if page.type == "document"]
        await self._read_all(ctx, index, pages)
        return await self._check_pages(ctx, index, pages)

    async def scan_page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> ScanResult:
        """Every link of one page checked, with the same rules and counts as a full scan."""
        ctx = self._context(space_id, change_request_id)
        index = await ctx.index()
        page = index.by_id.get(page_id)
        if page is None:
            raise LookupError(f"no page {page_id} {index.where()}")
        await ctx.body(index, page_id)
        if self._progress is not None:
            await self._progress(1, 1, f"read {page.path or page.title}")
        return await self._check_pages(ctx, index, [page])

    async def _read_all(
        self, ctx: ScanContext, index: RevisionIndex, pages: list[PageNode]
    ) -> None:
        done = 0

        async def read(page: PageNode) -> None:
            nonlocal done
            await ctx.body(index, page.id)
            done += 1
            if self._progress is not None:
                await self._progress(done, len(pages), f"read {page.path or page.title}")

        async with anyio.create_task_group() as tg:
            for page in pages:
                tg.start_soon(read, page)

    async def _check_pages(
        self, ctx: ScanContext, index: RevisionIndex, pages: list[PageNode]
    ) -> ScanResult:
        result = ScanResult(pages_scanned=len(pages))
        found: list[tuple[str, int, Finding]] = []

        async def check(page: PageNode, position: int, link: Link) -> None:
            outcome = await check_target(ctx, link.target, page, self._external)
            if outcome.checked:
                result.links_checked += 1
            if outcome.verdict is not None:
                finding = Finding(
                    page_id=page.id,
                    page_path=page.path,
                    page_title=page.title,
                    link=link,
                    reason=outcome.verdict.reason,
                    status=outcome.verdict.status,
                )
                found.append((page.path, position, finding))

        async with anyio.create_task_group() as tg:
            for page in pages:
                links = page_links(index, page, await ctx.body(index, page.id))
                result.links[page.id] = links
                for position, link in enumerate(links):
                    tg.start_soon(check, page, position, link)
        result.findings = [finding for *_, finding in sorted(found, key=_order)]
        return result


def _order(item: tuple[str, int, Finding]) -> tuple[str, str, int]:
    """Page path, then page id (two pages may share a path), then document order."""
    return (item[0], item[2].page_id, item[1])
