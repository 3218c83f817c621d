"""A space's or a change request's content: revision, pages, files, links and backlinks, imports.

Two classes, one per parent: ``client.space_content`` for the space's current revision,
``client.change_request_content`` for a change request's latest one (links, backlinks and
imports are the change request's only). ``metadata=False`` omits mutable git metadata;
``computed=False`` skips computed content.
"""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.content import (
    FilesQuery,
    ImportContentRequest,
    ImportContentResult,
    ImportContentSource,
    PageAlone,
    PageList,
    PageQuery,
    Revision,
    RevisionFile,
    RevisionPage,
    RevisionQuery,
)
from gitbook_mcp.client.models.links import ContentLocation, LinkListing, LinkUsage
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation, query_of

__all__ = ["ChangeRequestContent", "SpaceContent"]


class SpaceContent(APIResource):
    """The content of a space's current revision; ids are the space's, then the page's or
    file's."""

    @operation("getCurrentRevision")
    async def get_revision(self, space_id: str, **query: Unpack[RevisionQuery]) -> Revision:
        """The revision: its page tree, files and reusable content."""
        ids = {"spaceId": space_id}
        return await self._get(
            "/spaces/{spaceId}/content",
            ids=ids,
            cast_to=Revision,
            query=query_of(RevisionQuery, query),
            tree=True,
        )

    @operation("listPages")
    async def list_pages(self, space_id: str, **query: Unpack[RevisionQuery]) -> PageList:
        """The page tree (not paginated; walk it with ``.walk()``)."""
        ids = {"spaceId": space_id}
        return await self._get(
            "/spaces/{spaceId}/content/pages",
            ids=ids,
            cast_to=PageList,
            query=query_of(RevisionQuery, query),
            tree=True,
        )

    @operation("getPageById")
    async def get_page(
        self, space_id: str, page_id: str, *, bodies_below: bool = True, **query: Unpack[PageQuery]
    ) -> RevisionPage:
        """One page; ``format="markdown"`` returns its text as markdown (``bodies_below=False``:
        the pages below it without their bodies, `PageBelow`, much cheaper to read)."""
        ids = {"spaceId": space_id, "pageId": page_id}
        return await self._get(
            "/spaces/{spaceId}/content/page/{pageId}",
            ids=ids,
            cast_to=RevisionPage if bodies_below else PageAlone,
            query=query_of(PageQuery, query),
        )

    @operation("getPageByPath")
    async def get_page_by_path(
        self,
        space_id: str,
        page_path: str,
        *,
        bodies_below: bool = True,
        **query: Unpack[PageQuery],
    ) -> RevisionPage:
        """A document or group page by its path (``"guides/install"``; slashes are kept;
        ``bodies_below`` as in `get_page`)."""
        ids = {"spaceId": space_id, "pagePath": page_path}
        return await self._get(
            "/spaces/{spaceId}/content/path/{pagePath}",
            ids=ids,
            cast_to=RevisionPage if bodies_below else PageAlone,
            query=query_of(PageQuery, query),
        )

    @operation("listFiles")
    def list_files(
        self, space_id: str, **query: Unpack[FilesQuery]
    ) -> AsyncPaginator[RevisionFile]:
        """The files (images, attachments) of the revision."""
        ids = {"spaceId": space_id}
        return self._list(
            "/spaces/{spaceId}/content/files",
            ids=ids,
            item=RevisionFile,
            query=query_of(FilesQuery, query),
        )

    @operation("getFileById")
    async def get_file(
        self, space_id: str, file_id: str, **query: Unpack[RevisionQuery]
    ) -> RevisionFile:
        """One file of the revision."""
        ids = {"spaceId": space_id, "fileId": file_id}
        return await self._get(
            "/spaces/{spaceId}/content/files/{fileId}",
            ids=ids,
            cast_to=RevisionFile,
            query=query_of(RevisionQuery, query),
        )


class ChangeRequestContent(APIResource):
    """The content of a change request's latest revision; ids are the space's and the change
    request's (its id, or its number within the space), then the page's or file's."""

    @operation("getRevisionOfChangeRequestById")
    async def get_revision(
        self, space_id: str, change_request_id: str, **query: Unpack[RevisionQuery]
    ) -> Revision:
        """The revision: its page tree, files and reusable content."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
            ids=ids,
            cast_to=Revision,
            query=query_of(RevisionQuery, query),
            tree=True,
        )

    @operation("listPagesInChangeRequest")
    async def list_pages(
        self, space_id: str, change_request_id: str, **query: Unpack[RevisionQuery]
    ) -> PageList:
        """The page tree (not paginated; walk it with ``.walk()``)."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
            ids=ids,
            cast_to=PageList,
            query=query_of(RevisionQuery, query),
            tree=True,
        )

    @operation("getPageInChangeRequestById")
    async def get_page(
        self,
        space_id: str,
        change_request_id: str,
        page_id: str,
        *,
        bodies_below: bool = True,
        **query: Unpack[PageQuery],
    ) -> RevisionPage:
        """One page; ``format="markdown"`` returns its text as markdown (``bodies_below=False``:
        the pages below it without their bodies, `PageBelow`, much cheaper to read)."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "pageId": page_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
            ids=ids,
            cast_to=RevisionPage if bodies_below else PageAlone,
            query=query_of(PageQuery, query),
        )

    @operation("getPageInChangeRequestByPath")
    async def get_page_by_path(
        self,
        space_id: str,
        change_request_id: str,
        page_path: str,
        *,
        bodies_below: bool = True,
        **query: Unpack[PageQuery],
    ) -> RevisionPage:
        """A document or group page by its path (``"guides/install"``; slashes are kept;
        ``bodies_below`` as in `get_page`)."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "pagePath": page_path}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}",
            ids=ids,
            cast_to=RevisionPage if bodies_below else PageAlone,
            query=query_of(PageQuery, query),
        )

    @operation("listFilesInChangeRequestById")
    def list_files(
        self, space_id: str, change_request_id: str, **query: Unpack[FilesQuery]
    ) -> AsyncPaginator[RevisionFile]:
        """The files (images, attachments) of the revision."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
            ids=ids,
            item=RevisionFile,
            query=query_of(FilesQuery, query),
        )

    @operation("getFileInChangeRequestById")
    async def get_file(
        self, space_id: str, change_request_id: str, file_id: str, **query: Unpack[RevisionQuery]
    ) -> RevisionFile:
        """One file of the revision."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "fileId": file_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
            ids=ids,
            cast_to=RevisionFile,
            query=query_of(RevisionQuery, query),
        )

    @operation("listChangeRequestFileBacklinks")
    def list_file_backlinks(
        self, space_id: str, change_request_id: str, file_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[ContentLocation]:
        """Where the file is referenced from, in this content."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "fileId": file_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
            ids=ids,
            item=ContentLocation,
            query=query_of(Paging, query),
        )

    @operation("listPageLinksInChangeRequest")
    def list_page_links(
        self, space_id: str, change_request_id: str, page_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[LinkUsage]:
        """The links of a page with their status (``ok``, ``broken``, ``in-app``); pages carry
        ``stats``.
        """
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "pageId": page_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
            ids=ids,
            item=LinkUsage,
            query=query_of(Paging, query),
            page_type=LinkListing,
        )

    @operation("listChangeRequestPageBacklinks")
    def list_page_backlinks(
        self, space_id: str, change_request_id: str, page_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[ContentLocation]:
        """Where the page is linked from, in this content."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "pageId": page_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
            ids=ids,
            item=ContentLocation,
            query=query_of(Paging, query),
        )

    @operation("importContentInChangeRequest")
    async def import_content(
        self, space_id: str, change_request_id: str, *, url: str, source: ImportContentSource
    ) -> ImportContentResult:
        """Import content from ``url`` (of kind ``source``) into a new revision."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/import",
            ids=ids,
            body=ImportContentRequest(url=url, source=source),
            cast_to=ImportContentResult,
        )
