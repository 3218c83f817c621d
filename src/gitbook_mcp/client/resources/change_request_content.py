"""A change request's content: revision, pages, files, links and backlinks, and imports.

``metadata=False`` omits mutable git metadata; ``computed=False`` skips computed content.
"""

from __future__ import annotations

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.content import (
    ContentFormat,
    ImportContentRequest,
    ImportContentResult,
    ImportContentSource,
    PageList,
    Revision,
    RevisionFile,
    RevisionPage,
)
from gitbook_mcp.client.models.links import ContentLocation, LinkListing, LinkUsage
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["ChangeRequestContent"]


class ChangeRequestContent(APIResource):
    """``change_request_id`` is the change request's id or its number within the space."""

    @operation("getRevisionOfChangeRequestById")
    async def get_revision(
        self,
        space_id: str,
        change_request_id: str,
        *,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> Revision:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content

        The change request's latest revision: its page tree, files and reusable content.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            params={"metadata": metadata, "computed": computed},
            cast_to=Revision,
        )

    @operation("importContentInChangeRequest")
    async def import_content(
        self,
        space_id: str,
        change_request_id: str,
        *,
        url: str,
        source: ImportContentSource,
    ) -> ImportContentResult:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/content/import

        Import content from ``url`` (of kind ``source``) into a new revision of the change request.
        """
        body = ImportContentRequest(url=url, source=source)
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/import",
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            body=body,
            cast_to=ImportContentResult,
        )

    @operation("listPagesInChangeRequest")
    async def list_pages(
        self,
        space_id: str,
        change_request_id: str,
        *,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> PageList:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/pages

        The change request's page tree (not paginated; walk it with ``.walk()``).
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            params={"metadata": metadata, "computed": computed},
            cast_to=PageList,
        )

    @operation("listFilesInChangeRequestById")
    def list_files(
        self,
        space_id: str,
        change_request_id: str,
        *,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[RevisionFile]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/files

        The files (images, attachments) of the change request's revision.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
            item=RevisionFile,
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            params={"metadata": metadata, "computed": computed},
            page=page,
            limit=limit,
        )

    @operation("getFileInChangeRequestById")
    async def get_file(
        self,
        space_id: str,
        change_request_id: str,
        file_id: str,
        *,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> RevisionFile:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}

        One file of the change request's revision.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "fileId": file_id,
            },
            params={"metadata": metadata, "computed": computed},
            cast_to=RevisionFile,
        )

    @operation("listChangeRequestFileBacklinks")
    def list_file_backlinks(
        self,
        space_id: str,
        change_request_id: str,
        file_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ContentLocation]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks

        Where the file is referenced from, in the change request's content.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
            item=ContentLocation,
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "fileId": file_id,
            },
            page=page,
            limit=limit,
        )

    @operation("getPageInChangeRequestById")
    async def get_page(
        self,
        space_id: str,
        change_request_id: str,
        page_id: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        evaluated: bool | NotGiven = NOT_GIVEN,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> RevisionPage:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}

        One page of the change request; ``format="markdown"`` returns its text as markdown.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "pageId": page_id,
            },
            params={
                "format": format,
                "evaluated": evaluated,
                "metadata": metadata,
                "computed": computed,
            },
            cast_to=RevisionPage,
        )

    @operation("getPageInChangeRequestByPath")
    async def get_page_by_path(
        self,
        space_id: str,
        change_request_id: str,
        page_path: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        evaluated: bool | NotGiven = NOT_GIVEN,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> RevisionPage:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}

        A document or group page by its path (``"guides/install"``; slashes are kept).
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "pagePath": page_path,
            },
            params={
                "format": format,
                "evaluated": evaluated,
                "metadata": metadata,
                "computed": computed,
            },
            cast_to=RevisionPage,
        )

    @operation("listPageLinksInChangeRequest")
    def list_page_links(
        self,
        space_id: str,
        change_request_id: str,
        page_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[LinkUsage]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links

        The links of a page with their status (``ok``, ``broken``, ``in-app``); pages carry
        ``stats``.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
            item=LinkUsage,
            page_type=LinkListing,
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "pageId": page_id,
            },
            page=page,
            limit=limit,
        )

    @operation("listChangeRequestPageBacklinks")
    def list_page_backlinks(
        self,
        space_id: str,
        change_request_id: str,
        page_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ContentLocation]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks

        Where the page is linked from, in the change request's content.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
            item=ContentLocation,
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "pageId": page_id,
            },
            page=page,
            limit=limit,
        )
