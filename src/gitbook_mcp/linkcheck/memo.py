"""Pages remembered between link checks of one caller: a revision that has not changed is not
read again (`check_links` then `fix_links` read each page once).

A revision never changes: while a space's (or change request's) current revision id is the one
read last, its pages are the ones read then. The tree itself is read on every check (one
request), and so are sites and redirects, so a redirect created in between is seen.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from gitbook_mcp.linkcheck.model import PageBody, RevisionContent

__all__ = ["MAX_REVISIONS", "RememberingReader", "remembering_reader"]

MAX_REVISIONS = 2
"""Revisions whose pages a caller keeps between checks (the least recently read is dropped)."""

Where = tuple[str, str | None]


class RememberingReader:
    """A `ClientContentReader` that keeps the pages of the last `MAX_REVISIONS` revisions read."""

    def __init__(self, inner: ClientContentReader) -> None:
        self._inner = inner
        self._revisions: OrderedDict[Where, str] = OrderedDict()
        self._pages: dict[Where, dict[str, PageBody | None]] = {}
        self.page_reads = 0
        """Pages read from the API (not from memory): what a test counts."""

    @property
    def max_concurrency(self) -> int:
        """The client's cap on requests in flight."""
        return self._inner.max_concurrency

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:
        """The revision read now; its pages forgotten when its id is not the one kept."""
        content = await self._inner.revision(space_id, change_request_id)
        where = (space_id, change_request_id)
        if not content.revision_id or self._revisions.get(where) != content.revision_id:
            self._pages.pop(where, None)
        if content.revision_id:
            self._revisions[where] = content.revision_id
            self._revisions.move_to_end(where)
            self._pages.setdefault(where, {})
        while len(self._revisions) > MAX_REVISIONS:
            old, _ = self._revisions.popitem(last=False)
            self._pages.pop(old, None)
        return content

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> PageBody | None:
        """The page as read in the same revision before, else read now."""
        kept = self._pages.get((space_id, change_request_id))
        if kept is not None and page_id in kept:
            return kept[page_id]
        self.page_reads += 1
        body = await self._inner.page(space_id, change_request_id, page_id)
        if kept is not None and self._pages.get((space_id, change_request_id)) is kept:
            kept[page_id] = body
        return body

    async def space_exists(self, space_id: str) -> bool:
        """Whether the space can be read (asked every time)."""
        return await self._inner.space_exists(space_id)


_READERS: weakref.WeakKeyDictionary[GitBookClient, dict[str, RememberingReader]] = (
    weakref.WeakKeyDictionary()
)
"""One remembering reader per client (a client is one caller's) and content format."""


def remembering_reader(client: GitBookClient, content_format: ContentFormat) -> RememberingReader:
    """The caller's remembering reader (made on first use, dropped with its client)."""
    readers = _READERS.setdefault(client, {})
    reader = readers.get(content_format)
    if reader is None:
        reader = readers[content_format] = RememberingReader(
            ClientContentReader(client, format=content_format)
        )
    return reader
