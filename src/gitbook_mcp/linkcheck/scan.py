"""Scanning a change request or a space's main content for broken links, from the pages' content.

Every page's content is read concurrently under a cap (with progress after each page), then every
link is checked, also concurrently; reads of what links point at (other spaces, anchors of other
pages, sites, redirects) are cached for the run. The one-page mode runs the same checks on one page,
so its counts equal that page's share of a full scan.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import anyio
from anyio.abc import TaskGroup

from gitbook_mcp.client.errors import GitBookError
from gitbook_mcp.linkcheck.checks import check_target
from gitbook_mcp.linkcheck.context import RevisionIndex, ScanContext, page_links
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.fixes.plan import Fix, plan_fixes
from gitbook_mcp.linkcheck.model import Finding, KeepLinks, Link, PageNode, Progress, ScanResult
from gitbook_mcp.linkcheck.offload import inline, run_sized
from gitbook_mcp.linkcheck.source import CappedReader, ContentReader, SiteReader

__all__ = ["DEFAULT_CONCURRENCY", "LinkScanner"]

DEFAULT_CONCURRENCY = 8
"""The cap on reads in flight for a reader that has none of its own."""


def _reads_in_progress(reader: ContentReader, concurrency: int | None) -> int | None:
    """How many reads may be in progress at once (None: no limit of the scanner's own).

    A reader that caps its own requests (the API client) is not limited again, so that parsing
    answers overlaps the next requests while the requests in flight stay within its cap; any
    other reader is limited to ``concurrency`` reads at once.
    """
    if isinstance(reader, CappedReader) and (
        not concurrency or concurrency >= reader.max_concurrency
    ):
        return None
    return concurrency or DEFAULT_CONCURRENCY


def _reading_tasks(reader: ContentReader, limit: int | None) -> int:
    """Tasks reading pages: twice the reads that may be in flight (the scanner's ``limit``, or
    the capped reader's own cap when it has none), so that a read waits at the cap, ready to go,
    while an answer is worked on; a task per page would make every page's request (a thousand
    of them) before the first one is sent."""
    if limit is None:  # only for a capped reader (`_reads_in_progress`)
        limit = reader.max_concurrency if isinstance(reader, CappedReader) else DEFAULT_CONCURRENCY
    return 2 * max(limit, 1)


class LinkScanner:
    """Checks the links of a revision's pages; ``external`` also checks outside URLs.

    ``concurrency`` caps the requests in flight (default: the reader's own cap, the client's).
    ``skip_page``: pages whose links are not checked (``--exclude-path``). ``keep_links``:
    ``all``, the result keeps every page's links (`ScanResult.links`); ``unchecked``, only the
    links not checked (`ScanResult.unchecked_links`, what a report names); ``none``, no link
    (the findings carry theirs): a large space's links are then not all held.
    """

    def __init__(
        self,
        reader: ContentReader,
        *,
        sites: SiteReader | None = None,
        external: ExternalChecker | None = None,
        concurrency: int | None = None,
        progress: Progress | None = None,
        skip_page: Callable[[PageNode], bool] | None = None,
        keep_links: KeepLinks = "all",
    ) -> None:
        self._reader = reader
        self._keep_links = keep_links
        self._skip_page = skip_page
        self._sites = sites
        self._external = external
        self._concurrency = _reads_in_progress(reader, concurrency)
        self._readers = _reading_tasks(reader, self._concurrency)
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

    def context(self, space_id: str, change_request_id: str | None) -> ScanContext:
        """The context of the last scan of that revision (a fresh one if none), to reuse its reads."""
        key = (space_id, change_request_id)
        return self._contexts.get(key) or self._context(space_id, change_request_id)

    async def plan(
        self,
        findings: Sequence[Finding],
        space_id: str,
        change_request_id: str | None = None,
        *,
        renamed: Mapping[str, str] | None = None,
    ) -> list[Fix]:
        """Proposed fixes of the findings, reusing what the scan of that revision read."""
        ctx = self.context(space_id, change_request_id)
        return await plan_fixes(ctx, findings, renamed=renamed)

    async def scan(self, space_id: str, change_request_id: str | None = None) -> ScanResult:
        """Every broken link of the change request (or of the main content when None)."""
        ctx = self._context(space_id, change_request_id)
        index = await ctx.index()
        pages = [p for p in index.pages if p.type == "document" or p.target is not None]
        if self._skip_page is not None:  # --exclude-path: not read, though links to it resolve
            pages = [p for p in pages if not self._skip_page(p)]
        return await self._run(ctx, index, pages)

    async def scan_page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> ScanResult:
        """Every link of one page checked, with the same rules and counts as a full scan."""
        ctx = self._context(space_id, change_request_id)
        index = await ctx.index()
        page = index.by_id.get(page_id)
        if page is None:
            raise LookupError(f"no page {page_id} {index.where()}")
        return await self._run(ctx, index, [page])

    # Over 60 lines: reading, checking and finishing a page share the result and task group.
    async def _run(
        self, ctx: ScanContext, index: RevisionIndex, pages: list[PageNode]
    ) -> ScanResult:
        """Read every page and check its links as soon as it arrives (checks overlap reads)."""
        result = ScanResult(
            pages_scanned=len(pages), pages={p.id: p.path or p.title for p in pages}
        )
        found: list[tuple[str, int, Finding]] = []
        done = 0

        def not_checked(page: PageNode, position: int, link: Link, why: str) -> None:
            result.not_checked[(page.id, position)] = why
            if self._keep_links == "unchecked":
                result.unchecked_links[(page.id, position)] = link

        async def check(page: PageNode, position: int, link: Link) -> None:
            try:
                outcome = await check_target(ctx, link.target, page, self._external)
            except GitBookError as exc:  # a read the check needed failed: never called ok
                not_checked(page, position, link, f"not checked: a call failed ({exc})")
                return
            if outcome.checked:
                result.links_checked += 1
            else:
                not_checked(page, position, link, outcome.why)
            if outcome.verdict is not None:
                finding = Finding(
                    page_id=page.id,
                    page_path=page.path,
                    page_title=page.title,
                    link=link,
                    reason=outcome.verdict.reason,
                    status=outcome.verdict.status,
                    category=outcome.verdict.category,
                )
                found.append((page.path, position, finding))

        async def read(page: PageNode, tg: TaskGroup) -> None:
            try:
                body = await ctx.body(index, page.id)
            except GitBookError as exc:
                result.missing.append(
                    f"page {page.path or page.title} [{page.id}]: not read ({exc})"
                )
                await finish(page, [], tg)
                return
            # CPU-bound on untrusted content (walks, and the markdown's lines): off the loop
            # unless the page is small (a hop to a thread costs as much as a small page's walk)
            links = await run_sized(inline(body), page_links, index, page, body)
            await ctx.done_with(index, page.id, body)  # its anchors stay, its body goes
            del body
            if self._keep_links == "all":
                result.links[page.id] = links
            tg.start_soon(finish, page, links, tg)

        # an outside URL's check may wait on the network (external, a site's redirects): a
        # task of its own; with neither, it is answered at once, as a page's link is
        url_tasks = self._external is not None or self._sites is not None

        async def finish(page: PageNode, links: list[Link], tg: TaskGroup) -> None:
            nonlocal done
            for position, link in enumerate(links):
                if url_tasks and link.target.kind == "url":
                    tg.start_soon(check, page, position, link)
                else:
                    await check(page, position, link)
            done += 1
            if self._progress is not None:
                await self._progress(done, len(pages), f"read {page.path or page.title}")

        queue = iter(pages)  # shared by the readers: each page is taken once, in order

        async def reader(tg: TaskGroup) -> None:
            for page in queue:
                await read(page, tg)

        async with anyio.create_task_group() as tg:
            for _ in range(min(len(pages), self._readers)):
                tg.start_soon(reader, tg)
        result.findings = [finding for *_, finding in sorted(found, key=_order)]
        return result


def _order(item: tuple[str, int, Finding]) -> tuple[str, str, int]:
    """Page path, then page id (two pages may share a path), then document order."""
    return (item[0], item[2].page_id, item[1])
