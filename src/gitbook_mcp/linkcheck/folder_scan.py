"""A folder's pages scanned ahead in batches: one hop to a worker thread reads the next pages in
tree order (`scan_page`), not one hop per page, for the folder check (`check-links PATH`).

A page's scan costs about as much as the hop that carries it (the result handed back to the
event loop, the interpreter passed between two threads), so a per-page hop was a good share of
a folder check's CPU. What is scanned ahead is kept until its page is read, then dropped: what
is held follows the batch, not the folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import anyio

from gitbook_mcp.document import ParseTooSlow
from gitbook_mcp.document.cpu import run_cpu
from gitbook_mcp.linkcheck.context import PageTooSlow
from gitbook_mcp.linkcheck.markdown import scan_page
from gitbook_mcp.linkcheck.model import PageScan

__all__ = ["BATCH_PAGES", "BatchScanner"]

BATCH_PAGES = 32
"""Pages scanned in one hop to a worker thread (at most about 0.1 s of the interpreter for real
pages; a hostile page is cut at its parse budget, as alone)."""

Scanned = PageScan | PageTooSlow


def _scan_all(texts: Sequence[str]) -> list[Scanned]:
    """Each page's scan, or why it could not be read (past its budget), in order."""
    out: list[Scanned] = []
    for text in texts:
        try:
            out.append(scan_page(text))
        except ParseTooSlow as slow:
            out.append(PageTooSlow(slow))
    return out


class BatchScanner:
    """Scans of the pages ``texts`` holds (page id -> markdown), in the order ``order`` gives,
    each page asked for scanned with the pages after it that were not asked for yet."""

    def __init__(self, texts: Mapping[str, str], order: Sequence[str]) -> None:
        self._texts = texts
        self._order = [page for page in order if page in texts]
        self._at = {page: index for index, page in enumerate(self._order)}
        self._ready: dict[str, Scanned] = {}
        self._pending: dict[str, anyio.Event] = {}
        self._taken: set[str] = set()
        """Pages whose scan was handed out: never scanned ahead again (asked again, alone)."""

    async def scan(self, page_id: str) -> PageScan:
        """The page's links and anchors (`PageTooSlow`: past its parse budget)."""
        while page_id not in self._ready:
            pending = self._pending.get(page_id)
            if pending is not None:
                await pending.wait()
                continue
            await self._batch(page_id)
        found = self._ready.pop(page_id)
        self._taken.add(page_id)
        if isinstance(found, PageTooSlow):
            raise found
        return found

    async def _batch(self, page_id: str) -> None:
        """Scan ``page_id`` and the next pages in order nobody has asked for yet."""
        pages = [page_id]
        index = self._at.get(page_id, len(self._order))
        while len(pages) < BATCH_PAGES and index + 1 < len(self._order):
            index += 1
            page = self._order[index]
            if page not in self._taken and page not in self._ready and page not in self._pending:
                pages.append(page)
        done = anyio.Event()
        for page in pages:
            self._pending[page] = done
        try:
            found = await run_cpu(_scan_all, [self._texts[page] for page in pages])
            self._ready.update(zip(pages, found, strict=True))
        finally:
            for page in pages:
                del self._pending[page]
            done.set()
