"""The few reads the link checker needs, as Protocols: the client, the local workspace or a fake.

``change_request_id=None`` means the space's main content (its current revision).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from gitbook_mcp.linkcheck.model import PageBody, PublishedSite, RedirectHop, RevisionContent

__all__ = ["CappedReader", "ContentReader", "SiteReader"]


class ContentReader(Protocol):
    """Reads a revision's page tree and files, its pages, and whether a space exists."""

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:
        """The revision's pages, flattened in tree order, and its files (raises when absent)."""
        ...

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> PageBody | None:
        """One page's content (its document, else its markdown); None when it does not exist."""
        ...

    async def space_exists(self, space_id: str) -> bool | None:
        """Whether the space exists and can be read with this token (None: the reader cannot
        tell, as a folder on disk cannot for any other space)."""
        ...


@runtime_checkable
class CappedReader(Protocol):
    """A reader that bounds its own requests in flight (the API client does)."""

    @property
    def max_concurrency(self) -> int:
        """The most requests it has in flight at once."""
        ...


class SiteReader(Protocol):
    """Reads the organization's published sites and resolves a redirect."""

    async def sites(self) -> list[PublishedSite]:
        """Every published site of the organization, with the URLs of its spaces."""
        ...

    async def redirect(self, site_id: str, source: str) -> RedirectHop | None:
        """Where a site's redirect from ``source`` (``/old/path``) leads, or None."""
        ...
