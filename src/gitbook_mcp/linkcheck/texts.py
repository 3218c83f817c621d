"""Links in text that is no page (a comment's body), checked as a page's links are: each text is
scanned as if it were a page of the revision (beside the page it is about, so that a relative
link resolves from that page's folder), with the same rules, the revision read once for all.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, replace

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.linkcheck.client_source import ClientContentReader, ClientSiteReader
from gitbook_mcp.linkcheck.model import PageBody, PageNode, RevisionContent, ScanResult
from gitbook_mcp.linkcheck.scan import LinkScanner
from gitbook_mcp.linkcheck.source import ContentReader

__all__ = ["TEXT_PREFIX", "LinkedText", "TextPages", "check_texts"]

TEXT_PREFIX = "text:"
"""What the id of a text's stand-in page starts with (no page id of the API does)."""


@dataclass(frozen=True)
class LinkedText:
    """A text to check: its markdown, and the page it is about (its path, else its id, which
    the revision's tree names the path of; None: none)."""

    markdown: str
    page_path: str | None = None
    page_id: str | None = None


class TextPages:
    """A `ContentReader` serving the revision (read once) with one more page per text."""

    def __init__(self, inner: ContentReader, texts: Mapping[str, LinkedText]) -> None:
        self._inner = inner
        self._texts = texts
        self._revision: RevisionContent | None = None

    @staticmethod
    def page_id(key: str) -> str:
        """The stand-in page's id of the text ``key``."""
        return TEXT_PREFIX + key

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:
        if self._revision is None:
            content = await self._inner.revision(space_id, change_request_id)
            paths = {page.id: page.path for page in content.pages}
            extra = [
                self._node(key, text.page_path or paths.get(text.page_id or ""))
                for key, text in self._texts.items()
            ]
            self._revision = replace(content, pages=[*content.pages, *extra])
        return self._revision

    def _node(self, key: str, page_path: str | None) -> PageNode:
        """A page beside the one the text is about (its folder is where links start)."""
        folder = posixpath.dirname(page_path) if page_path else ""
        name = f".{self.page_id(key)}"  # no page has this path: it shadows none
        return PageNode(
            id=self.page_id(key),
            title=f"text {key}",
            path=f"{folder}/{name}" if folder else name,
        )

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> PageBody | None:
        if page_id.startswith(TEXT_PREFIX):
            text = self._texts.get(page_id.removeprefix(TEXT_PREFIX))
            return PageBody(markdown=text.markdown) if text is not None else None
        return await self._inner.page(space_id, change_request_id, page_id)

    async def space_exists(self, space_id: str) -> bool | None:
        return await self._inner.space_exists(space_id)


async def check_texts(
    client: GitBookClient,
    space_id: str,
    change_request_id: str | None,
    texts: Mapping[str, LinkedText],
) -> dict[str, ScanResult]:
    """Each text's links checked against the space's (or change request's) revision and its
    published sites, as a page's are (outside URLs are not checked), by key."""
    if not texts:
        return {}
    org = (await client.spaces.get(space_id)).organization
    sites = ClientSiteReader(client, org) if org else None
    reader = TextPages(ClientContentReader(client, format="markdown"), texts)
    scanner = LinkScanner(reader, sites=sites, keep_links="all")
    return {
        key: await scanner.scan_page(space_id, change_request_id, reader.page_id(key))
        for key in texts
    }
