"""What a scan knows and loads lazily: revision indexes, page bodies, anchors, sites.

Every read goes through one capacity limiter and is cached for the run, and concurrent askers of
the same thing wait for one read; so a page, a tree or a site list is read at most once per scan.
A page's body is kept only until the scan has taken its links (`ScanContext.done_with`): what
stays is what the checks need, its anchors, so memory follows the pages in flight, not the space.
A page's markdown is parsed within a CPU budget (someone else's text): past it, the page is one
that could not be read (`PageTooSlow`), as when its read fails.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

import anyio

from gitbook_mcp.client.errors import GitBookError
from gitbook_mcp.document import ParseTooSlow
from gitbook_mcp.linkcheck.extract import anchor_map, document_links, ref_target
from gitbook_mcp.linkcheck.markdown import from_page, markdown_links, parse_page, scan_page
from gitbook_mcp.linkcheck.model import (
    FileNode,
    Link,
    PageBody,
    PageNode,
    PublishedSite,
    RedirectHop,
    Target,
)
from gitbook_mcp.linkcheck.offload import inline, run_sized
from gitbook_mcp.linkcheck.once import Once
from gitbook_mcp.linkcheck.source import ContentReader, SiteReader

__all__ = ["PageTooSlow", "RevisionIndex", "ScanContext", "page_links"]

T = TypeVar("T")
Key = tuple[str, ...]


class PageTooSlow(GitBookError):
    """A page's markdown took more CPU time to parse than any real page does: the scan reports
    the page as not read (as a failed read is), and what to do about it."""

    def __init__(self, slow: ParseTooSlow) -> None:
        super().__init__(
            f"its markdown took more than {slow.seconds:g} s of CPU time to parse, far more "
            "than any real page; simplify it (unclosed brackets or other markers repeated on "
            "thousands of lines) or split the page"
        )


@dataclass
class RevisionIndex:
    """A revision's pages (by id and by path) and files (by id and by name)."""

    space_id: str
    change_request_id: str | None
    pages: list[PageNode]
    files: list[FileNode] = field(default_factory=list)
    reusable_contents: frozenset[str] | None = None

    def __post_init__(self) -> None:
        self.by_id = {page.id: page for page in self.pages}
        self.by_path = {page.path: page for page in self.pages}
        # a page with children is a folder, and so is a folder's README page without any (a
        # Git Sync folder read from disk: its links are relative to its own folder)
        self.folders = {page.parent_id for page in self.pages if page.parent_id}
        self.folders |= {page.id for page in self.pages if page.readme}
        self.file_ids = {f.id: f for f in self.files}
        self.file_names = {f.name: f for f in self.files}
        self.named: dict[Target, Target] = {}
        """A target naming a page of this revision by id -> the same with its path (`_named`)."""

    def where(self) -> str:
        """``in change request X`` or ``in the main content`` (for reasons)."""
        if self.change_request_id:
            return f"in change request {self.change_request_id}"
        return f"in the main content of space {self.space_id}"


class ScanContext:
    """The scanned revision, and lazy cached reads of everything links may point at.

    ``concurrency`` caps reads in flight; None leaves it to the reader (the client caps itself).
    """

    def __init__(
        self,
        reader: ContentReader,
        space_id: str,
        change_request_id: str | None,
        *,
        sites: SiteReader | None = None,
        concurrency: int | None = 8,
    ) -> None:
        self.reader = reader
        self.site_reader = sites
        self.space_id = space_id
        self.change_request_id = change_request_id
        self.limit = anyio.CapacityLimiter(max(concurrency, 1)) if concurrency else None
        self._cache: Once[Key] = Once()
        # Pages whose markdown ran past its budget: refused again at once, never parsed again
        # (a failed load is tried again by its next asker, such as each link to its anchors).
        self._too_slow: dict[Key, PageTooSlow] = {}

    async def _read(self, call: Callable[[], Awaitable[T]]) -> T:
        if self.limit is None:
            return await call()
        async with self.limit:
            return await call()

    async def index(self, space_id: str | None = None) -> RevisionIndex:
        """The scanned revision's index, or another space's main content (raises if absent)."""
        space = space_id or self.space_id
        cr = self.change_request_id if space == self.space_id else None

        async def load() -> RevisionIndex:
            content = await self._read(lambda: self.reader.revision(space, cr))
            return RevisionIndex(space, cr, content.pages, content.files, content.reusable_contents)

        return await self._cache.get(("index", space, cr or ""), load)

    async def space_exists(self, space_id: str) -> bool | None:
        """Whether another space exists and can be read (cached; None: the reader cannot tell)."""
        if space_id == self.space_id:
            return True
        return await self._cache.get(
            ("space", space_id), lambda: self._read(lambda: self.reader.space_exists(space_id))
        )

    async def body(self, index: RevisionIndex, page_id: str) -> PageBody | None:
        """A page's content (None for pages without content or absent ones)."""
        page = index.by_id.get(page_id)
        if page is None or page.type != "document":
            return None
        cr = index.change_request_id

        async def load() -> PageBody | None:
            body = await self._read(lambda: self.reader.page(index.space_id, cr, page_id))
            if body is None or body.document is not None or body.markdown is None:
                return body
            if cr is None and body.scanned is not None:  # the reader scanned it (a folder's)
                return body
            if cr is None:  # links and anchors are all a scan of main content needs
                scanned = await self._parsed(key, body, scan_page, body.markdown)
                return replace(body, scanned=scanned)
            return replace(body, parsed=await self._parsed(key, body, parse_page, body.markdown))

        key = ("body", index.space_id, cr or "", page_id)
        return await self._cache.get(key, load)

    async def main_body(self, page_id: str) -> PageBody | None:
        """A page's content in the space's main content (what a change request started from,
        unless main moved on), when this context scans a change request; else None."""
        if self.change_request_id is None:
            return None

        async def load() -> PageBody | None:
            body = await self._read(lambda: self.reader.page(self.space_id, None, page_id))
            if body is None or body.document is not None or body.markdown is None:
                return body
            return replace(body, parsed=await self._parsed(key, body, parse_page, body.markdown))

        key = ("main-body", self.space_id, page_id)
        return await self._cache.get(key, load)

    async def _parsed(
        self, key: Key, body: PageBody, parse: Callable[[str], T], markdown: str
    ) -> T:
        """``parse(markdown)`` (the document, or the scan of its links and anchors) within
        `PAGE_CPU_SECONDS` (`PageTooSlow`, then at once for the rest of the run)."""
        if key in self._too_slow:
            raise self._too_slow[key]
        try:
            return await run_sized(inline(body), parse, markdown)
        except ParseTooSlow as slow:
            self._too_slow[key] = PageTooSlow(slow)
            raise self._too_slow[key] from None

    async def done_with(self, index: RevisionIndex, page_id: str, body: PageBody | None) -> None:
        """The scan has the page's links: keep its anchors (what links to it may ask), drop its
        body (a fix plan that needs it again reads it again, from the reader's cache)."""
        cr = index.change_request_id or ""
        await self._cache.get(("anchors", index.space_id, cr, page_id), lambda: _anchors(body))
        self._cache.drop(("body", index.space_id, cr, page_id))

    async def anchors(self, index: RevisionIndex, page_id: str) -> Mapping[str, str]:
        """The anchors of a page: anchor -> heading text (computed once per page)."""

        async def load() -> Mapping[str, str]:
            return await _anchors(await self.body(index, page_id))

        cr = index.change_request_id or ""
        return await self._cache.get(("anchors", index.space_id, cr, page_id), load)

    async def sites(self) -> list[PublishedSite]:
        """The organization's published sites (none without a site reader)."""
        reader = self.site_reader
        if reader is None:
            return []
        return await self._cache.get(("sites",), lambda: self._read(reader.sites))

    async def redirect(self, site_id: str, source: str) -> RedirectHop | None:
        """Where the site's redirect from ``source`` leads, or None."""
        reader = self.site_reader
        if reader is None:
            return None
        return await self._cache.get(
            ("redirect", site_id, source),
            lambda: self._read(lambda: reader.redirect(site_id, source)),
        )


async def _anchors(body: PageBody | None) -> Mapping[str, str]:
    """A page's anchors, in a worker thread if it is large: the document is someone else's."""
    if body is not None and body.scanned is not None:
        return body.scanned.anchors
    document = None if body is None else (body.document or body.parsed)
    if body is None or document is None:
        return {}
    return await run_sized(inline(body), anchor_map, document)


def page_links(index: RevisionIndex, page: PageNode, body: PageBody | None) -> list[Link]:
    """The links of a page's body: from its document, else from its markdown.

    A link page (``type="link"``) has one link: its target, with its title as text.
    """
    folder = page.id in index.folders
    if page.type == "link" and page.target is not None:
        entry = Link(page.title, ref_target(page.target), "link-page", ref=page.target)
        return [_named(_relative(entry, page, folder), index)]
    if body is None:
        return []
    if body.document is not None:
        found = document_links(body.document)
        return [_named(_relative(link, page, folder), index) for link in found]
    markdown = body.markdown or ""
    found = markdown_links(
        markdown, page_path=page.path, folder=folder, parsed=body.parsed, scanned=body.scanned
    )
    return [_named(link, index) for link in found]


def _relative(link: Link, page: PageNode, folder: bool) -> Link:
    """A ``url`` ref without a scheme (``../setup.md``) is a path from the page (`from_page`)."""
    return from_page(link, page.path, folder)


def _named(link: Link, index: RevisionIndex) -> Link:
    """A page or file of the scanned revision named by id gets its path or name as well, so a
    link reads the same whether its page was read as a document or as markdown."""
    target = link.target
    if target.space_id and target.space_id != index.space_id:
        return link
    if target.kind in ("page", "anchor") and target.page_id and target.page_path is None:
        named = index.named.get(target)  # pages link to the same few pages: made once each
        if named is None:
            found = index.by_id.get(target.page_id)
            if found is None:
                return link
            named = index.named[target] = replace(target, page_path=found.path)
        return replace(link, target=named)
    if target.kind == "file" and target.file_id and not target.file_name:
        file = index.file_ids.get(target.file_id)
        if file is not None:
            return replace(link, target=replace(target, file_name=file.name))
    return link
