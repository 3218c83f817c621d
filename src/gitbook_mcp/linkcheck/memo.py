"""Pages remembered between link checks of one caller: a page that no change touched is not
read again (`check_links` then `fix_links` read each page once; a recheck after a change to k
pages reads those k pages, besides the tree, the space and what links point at).

Each check reads the revision's tree (one request), whose pages carry their version (their
document's id, else ``updatedAt``); a page is read from the API only when the process's
`PageCache` has no content of this caller under that page and version. Sites, redirect lookups
and site findings are remembered with the revision they were read against (`SiteMemo`: reused
for the same revision, or for `SITE_TTL`, and never after this caller wrote anything). A recheck
whose unchanged pages the cache had dropped counts them (`RememberingReader.cache_short`), so that
its result says the cache is too small.
"""

from __future__ import annotations

import hashlib
import time
import weakref
from collections import OrderedDict

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from gitbook_mcp.linkcheck.model import CacheShort, PageBody, RevisionContent
from gitbook_mcp.linkcheck.offload import INLINE_DOCUMENT_BYTES, inline, run_sized
from gitbook_mcp.linkcheck.page_cache import CacheKey, PageCache, page_cache, unpack
from gitbook_mcp.linkcheck.site_memo import SiteMemo
from gitbook_mcp.logs import get_logger

_log = get_logger("gitbook_mcp.linkcheck")

__all__ = ["MAX_TREES", "ORG_TTL", "RememberingReader", "remembering_reader", "versions_of"]

MAX_TREES = 16
"""Revision trees (pages and their versions) a caller's reader keeps, one per space or change
request, the least recently read dropped first."""

_INLINE_PACKED_BYTES = INLINE_DOCUMENT_BYTES // 4
"""A packed page at most this large is unpacked on the event loop (JSON packs about 4:1)."""

ORG_TTL = 300.0
"""Seconds a space's organization (what its sites are read from) is reused between checks."""

Where = tuple[str, str | None]


def versions_of(content: RevisionContent, content_format: ContentFormat) -> dict[str, str]:
    """Page id -> the key part naming its content in this revision.

    A page without a version is named by the revision's id (or not at all when that is
    unknown). Markdown writes links to other pages with their paths, so in that format the key
    also names the revision's paths: a moved page changes the markdown of pages that link to it.
    """
    suffix = ""
    if content_format == "markdown":
        paths = "\n".join(f"{p.id}={p.path}" for p in content.pages)
        suffix = "|paths:" + hashlib.sha256(paths.encode()).hexdigest()[:16]
    out: dict[str, str] = {}
    for page in content.pages:
        if page.version:
            out[page.id] = page.version + suffix
        elif content.revision_id:
            out[page.id] = f"rev:{content.revision_id}{suffix}"
    return out


class RememberingReader:
    """A `ClientContentReader` whose pages come from the page cache when their version is known."""

    def __init__(
        self,
        inner: ClientContentReader,
        *,
        caller: str,
        content_format: ContentFormat,
        cache: PageCache | None = None,
        client: GitBookClient | None = None,
    ) -> None:
        self._inner = inner
        self._client = client
        self._orgs: OrderedDict[str, tuple[float, str | None]] = OrderedDict()
        self._caller = caller
        self._format: ContentFormat = content_format
        self._cache = cache if cache is not None else page_cache()
        self._versions: OrderedDict[Where, dict[str, str]] = OrderedDict()
        self._revisions: dict[Where, str] = {}
        self._unchanged: dict[Where, set[str]] = {}
        """Pages whose version is the one the last check of the same content read."""
        self._read_again: dict[Where, int] = {}
        """Of those, the pages read from the API since (the cache had dropped them)."""
        self._unknown = 0
        self.site_memo = SiteMemo(lambda: client.writes if client is not None else 0)
        """This caller's site answers, kept between checks."""
        self.page_reads = 0
        """Pages read from the API (not from memory): what a test counts."""

    @property
    def max_concurrency(self) -> int:
        """The client's cap on requests in flight."""
        return self._inner.max_concurrency

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:
        """The revision read now, and the versions of its pages noted for `page`."""
        content = await self._inner.revision(space_id, change_request_id)
        where = (space_id, change_request_id)
        before = self._versions.get(where)
        now = self._versions[where] = versions_of(content, self._format)
        self._read_again[where] = 0
        if before is None:
            self._unchanged.pop(where, None)
        else:
            self._unchanged[where] = {page for page, v in now.items() if before.get(page) == v}
            self._say_what_did_not_fit(space_id, self._unchanged[where], now)
        self._versions.move_to_end(where)
        while len(self._versions) > MAX_TREES:
            dropped, _ = self._versions.popitem(last=False)
            self._unchanged.pop(dropped, None)
            self._read_again.pop(dropped, None)
        if content.revision_id:
            self._revisions[where] = f"{space_id}/{change_request_id or ''}@{content.revision_id}"
        else:  # unknown: never the same as another read
            self._unknown += 1
            self._revisions[where] = f"unknown:{self._unknown}"
        for kept in [w for w in self._revisions if w not in self._versions]:
            del self._revisions[kept]
        return content

    def _say_what_did_not_fit(
        self, space_id: str, unchanged: set[str], now: dict[str, str]
    ) -> None:
        """Log, when pages unchanged since the last check are no longer in the page cache, how
        many at least will be read again and the cache's budget (the recheck then costs more
        than the change; `cache_short` counts them as they are read)."""
        dropped = sum(
            not self._cache.holds(CacheKey(self._caller, self._format, space_id, page, now[page]))
            for page in unchanged
        )
        if dropped:
            _log.warning(
                "linkcheck.cache_short",
                space_id=space_id,
                unchanged=len(unchanged),
                read_again=dropped,
                cache_bytes=self._cache.max_bytes,
                cache_entries=self._cache.max_entries,
                why="the page cache did not hold every unchanged page: they are read again",
            )

    def cache_short(self, space_id: str, change_request_id: str | None) -> CacheShort | None:
        """What the check of that content now ending read again because the page cache had
        dropped it (None: nothing, or it was no recheck); forgotten once asked, so that the
        unchanged pages' ids are held only while a check runs."""
        where = (space_id, change_request_id)
        again = self._read_again.pop(where, 0)
        unchanged = len(self._unchanged.pop(where, ()))
        if not again:
            return None
        return CacheShort(again, unchanged, self._cache.max_bytes, self._cache.max_entries)

    def revision_of(self, space_id: str, change_request_id: str | None) -> str:
        """The revision last read of that space or change request (what site answers are kept
        with); a fresh name when it has not been read."""
        found = self._revisions.get((space_id, change_request_id))
        if found is None:
            self._unknown += 1
            return f"unknown:{self._unknown}"
        return found

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> PageBody | None:
        """The page from the cache when this caller read the same content before, else read."""
        version = self._versions.get((space_id, change_request_id), {}).get(page_id)
        key = None
        if version is not None:
            key = CacheKey(self._caller, self._format, space_id, page_id, version)
            found, packed = self._cache.get_packed(key)
            if found:
                small = not isinstance(packed, bytes) or len(packed) <= _INLINE_PACKED_BYTES
                return await run_sized(small, unpack, packed)
        self.page_reads += 1
        where = (space_id, change_request_id)
        if key is not None and page_id in self._unchanged.get(where, ()):
            self._read_again[where] = self._read_again.get(where, 0) + 1
        body = await self._inner.page(space_id, change_request_id, page_id)
        if key is not None:  # packing serialises the content: in a worker thread when large
            await run_sized(inline(body), self._cache.put, key, body)
        return body

    async def organization(self, space_id: str) -> str | None:
        """The space's organization, read once per `ORG_TTL` (raises when it cannot be read)."""
        kept = self._orgs.get(space_id)
        if kept is not None and time.monotonic() - kept[0] < ORG_TTL:
            return kept[1]
        assert self._client is not None, "a reader made by remembering_reader"
        org = (await self._client.spaces.get(space_id)).organization
        self._orgs[space_id] = (time.monotonic(), org)
        self._orgs.move_to_end(space_id)
        while len(self._orgs) > MAX_TREES:
            self._orgs.popitem(last=False)
        return org

    async def space_exists(self, space_id: str) -> bool:
        """Whether the space can be read (asked every time)."""
        return await self._inner.space_exists(space_id)


_READERS: weakref.WeakKeyDictionary[GitBookClient, dict[str, RememberingReader]] = (
    weakref.WeakKeyDictionary()
)
"""One remembering reader per client and content format (dropped with its client)."""


def remembering_reader(client: GitBookClient, content_format: ContentFormat) -> RememberingReader:
    """The caller's remembering reader (made on first use, dropped with its client)."""
    readers = _READERS.setdefault(client, {})
    reader = readers.get(content_format)
    if reader is None:
        reader = readers[content_format] = RememberingReader(
            ClientContentReader(client, format=content_format),
            caller=f"{client.caller_key}@{client.base_url}",
            content_format=content_format,
            client=client,
        )
    return reader
