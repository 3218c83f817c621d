"""A space's or a change request's content: revision, pages, files, links and backlinks, imports.

One class for both parents (``client.space_content`` for the space's current revision,
``client.change_request_content`` for a change request's latest one). ``metadata=False`` omits
mutable git metadata; ``computed=False`` skips computed content.
"""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.content import (
    FilesQuery,
    ImportContentRequest,
    ImportContentResult,
    ImportContentSource,
    PageList,
    PageQuery,
    Revision,
    RevisionFile,
    RevisionPage,
    RevisionQuery,
)
from gitbook_mcp.client.models.links import ContentLocation, LinkListing, LinkUsage
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import Ids, ScopedResource, scoped

__all__ = ["Content"]

_FILE = "/content/files/{fileId}"
_PAGE = "/content/page/{pageId}"
_BY_PATH = "/content/path/{pagePath}"


class Content(ScopedResource[*Ids]):
    """The content under one parent; ids are the parent's, then the page's or file's."""

    @scoped(
        "GET",
        "/content",
        space="getCurrentRevision",
        change_request="getRevisionOfChangeRequestById",
    )
    async def get_revision(self, *ids: *Ids, **query: Unpack[RevisionQuery]) -> Revision:
        """The revision: its page tree, files and reusable content."""
        return await self._call(Revision)

    @scoped("GET", "/content/pages", space="listPages", change_request="listPagesInChangeRequest")
    async def list_pages(self, *ids: *Ids, **query: Unpack[RevisionQuery]) -> PageList:
        """The page tree (not paginated; walk it with ``.walk()``)."""
        return await self._call(PageList)

    @scoped("GET", _PAGE, space="getPageById", change_request="getPageInChangeRequestById")
    async def get_page(self, *ids: *tuple[*Ids, str], **query: Unpack[PageQuery]) -> RevisionPage:
        """One page; ``format="markdown"`` returns its text as markdown."""
        return await self._call(RevisionPage)

    @scoped("GET", _BY_PATH, space="getPageByPath", change_request="getPageInChangeRequestByPath")
    async def get_page_by_path(
        self, *ids: *tuple[*Ids, str], **query: Unpack[PageQuery]
    ) -> RevisionPage:
        """A document or group page by its path (``"guides/install"``; slashes are kept)."""
        return await self._call(RevisionPage)

    @scoped(
        "GET", "/content/files", space="listFiles", change_request="listFilesInChangeRequestById"
    )
    def list_files(self, *ids: *Ids, **query: Unpack[FilesQuery]) -> AsyncPaginator[RevisionFile]:
        """The files (images, attachments) of the revision."""
        return self._paginate(RevisionFile)

    @scoped("GET", _FILE, space="getFileById", change_request="getFileInChangeRequestById")
    async def get_file(
        self, *ids: *tuple[*Ids, str], **query: Unpack[RevisionQuery]
    ) -> RevisionFile:
        """One file of the revision."""
        return await self._call(RevisionFile)

    @scoped("GET", _FILE + "/backlinks", change_request="listChangeRequestFileBacklinks")
    def list_file_backlinks(
        self, *ids: *tuple[*Ids, str], **query: Unpack[Paging]
    ) -> AsyncPaginator[ContentLocation]:
        """Where the file is referenced from, in this content."""
        return self._paginate(ContentLocation)

    @scoped("GET", _PAGE + "/links", change_request="listPageLinksInChangeRequest")
    def list_page_links(
        self, *ids: *tuple[*Ids, str], **query: Unpack[Paging]
    ) -> AsyncPaginator[LinkUsage]:
        """The links of a page with their status (``ok``, ``broken``, ``in-app``); pages carry
        ``stats``.
        """
        return self._paginate(LinkUsage, page_type=LinkListing)

    @scoped("GET", _PAGE + "/backlinks", change_request="listChangeRequestPageBacklinks")
    def list_page_backlinks(
        self, *ids: *tuple[*Ids, str], **query: Unpack[Paging]
    ) -> AsyncPaginator[ContentLocation]:
        """Where the page is linked from, in this content."""
        return self._paginate(ContentLocation)

    @scoped("POST", "/content/import", change_request="importContentInChangeRequest")
    async def import_content(
        self, *ids: *Ids, url: str, source: ImportContentSource
    ) -> ImportContentResult:
        """Import content from ``url`` (of kind ``source``) into a new revision."""
        body = ImportContentRequest(url=url, source=source)
        return await self._call(ImportContentResult, body=body)
