"""Pages kept between link checks, content-addressed and bounded, one caller apart from another.

A page's content is identified by its id and the version the revision's tree gives it (its
document's id, else its ``updatedAt``: `PageNode.version`), so a page that no change touched is
the same entry in the next revision, and a recheck reads only the pages that changed. A page
without a version is kept under its revision's id only (a revision never changes).

The cache is one per process, least recently used first out, bounded by `MAX_CACHE_BYTES` and
`MAX_CACHE_ENTRIES`; every key starts with the caller (a hash of the client's token, and the API
it speaks to), so one caller's reads are never served to another. A page is kept packed (its
content as compressed JSON, `pack`), and its budget counts those bytes: a document as Python
objects takes about six times its JSON, so a cache of documents held several times its budget.
"""

from __future__ import annotations

import json
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass

from gitbook_mcp.document.jsontext import compact_json_bytes
from gitbook_mcp.linkcheck.model import PageBody

__all__ = [
    "MAX_CACHE_BYTES",
    "MAX_CACHE_ENTRIES",
    "CacheKey",
    "PageCache",
    "body_size",
    "pack",
    "page_cache",
    "unpack",
]

MAX_CACHE_BYTES = 64 * 1024 * 1024
"""Bytes of page content kept between checks, all callers together (the least recently used
page is dropped first)."""

MAX_CACHE_ENTRIES = 100_000
"""Pages kept between checks, all callers together (a packed page of a few links is about
1 KB: the bytes bound holds about 50,000 of them)."""

ENTRY_OVERHEAD = 256
"""Bytes counted per entry besides its content (the key and the bookkeeping)."""


@dataclass(frozen=True, slots=True)
class CacheKey:
    """Whose, which format, which page, which content."""

    caller: str
    content_format: str
    space_id: str
    page_id: str
    version: str
    """The page's version (``doc:<documentId>``, ``at:<updatedAt>``) or ``rev:<revision id>``;
    for markdown, also the paths of the revision's pages (its links are written with them)."""


Packed = bytes | PageBody | None
"""What an entry holds: a packed body (`pack`), a body that cannot be packed, or None."""


def pack(body: PageBody | None) -> Packed:
    """The body as compressed JSON (its document, markdown and answer size); a body holding
    the checker's parse of its markdown is kept as it is (that parse is not plain JSON)."""
    if body is None or body.parsed is not None:
        return body
    return zlib.compress(compact_json_bytes([body.document, body.markdown, body.size]), 1)


def unpack(packed: Packed) -> PageBody | None:
    """The body `pack` was given (equal to it)."""
    if not isinstance(packed, bytes):
        return packed
    document, markdown, size = json.loads(zlib.decompress(packed))
    return PageBody(document, markdown, size=size)


def packed_size(packed: Packed) -> int:
    """Bytes an entry takes, about: its packed bytes, else its body's `body_size`."""
    if isinstance(packed, bytes):
        return ENTRY_OVERHEAD + len(packed)
    return body_size(packed)


def body_size(body: PageBody | None) -> int:
    """Bytes a page's content takes, about: the answer it was read from when known (no less
    than its content), else its JSON document, or its markdown; plus overhead."""
    if body is None:
        return ENTRY_OVERHEAD
    if body.size is not None:
        return ENTRY_OVERHEAD + body.size
    size = ENTRY_OVERHEAD
    if body.document is not None:
        size += len(json.dumps(body.document, separators=(",", ":"), ensure_ascii=False))
    if body.markdown is not None:
        size += len(body.markdown)
    return size


class PageCache:
    """Least recently used page contents, packed, within ``max_bytes`` and ``max_entries``.

    A body larger than a quarter of ``max_bytes`` once packed is not kept (one page cannot
    empty the cache). Safe to use from worker threads.
    """

    def __init__(
        self, *, max_bytes: int = MAX_CACHE_BYTES, max_entries: int = MAX_CACHE_ENTRIES
    ) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self._entries: OrderedDict[CacheKey, tuple[Packed, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes(self) -> int:
        """Bytes counted for the entries kept."""
        return self._bytes

    def holds(self, key: CacheKey) -> bool:
        """Whether ``key`` is kept (its place in the order unchanged)."""
        with self._lock:
            return key in self._entries

    def get(self, key: CacheKey) -> tuple[bool, PageBody | None]:
        """(found, body): a page known not to exist is found with ``None``."""
        found, packed = self.get_packed(key)
        return found, unpack(packed)

    def get_packed(self, key: CacheKey) -> tuple[bool, Packed]:
        """(found, the entry as kept): `unpack` gives its body (in a worker thread if large)."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return False, None
            self._entries.move_to_end(key)
            return True, entry[0]

    def put(self, key: CacheKey, body: PageBody | None) -> None:
        """Keep ``body`` under ``key``, packed (in a worker thread if it is large)."""
        if self.max_entries <= 0:  # kept off: not even packed
            return
        packed = pack(body)
        size = packed_size(packed)
        if size > self.max_bytes // 4:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._entries[key] = (packed, size)
            self._bytes += size
            while self._entries and (
                self._bytes > self.max_bytes or len(self._entries) > self.max_entries
            ):
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0


_CACHE = PageCache()


def page_cache() -> PageCache:
    """The process's page cache."""
    return _CACHE
