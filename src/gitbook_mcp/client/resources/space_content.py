"""A space's published content: its current revision and its pages, by id or by path."""

from __future__ import annotations

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.content import ContentFormat, PageList, Revision, RevisionPage
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["SpaceContent"]


class SpaceContent(APIResource):
    """``metadata=False`` omits mutable git metadata; ``computed=False`` skips computed content."""

    @operation("getCurrentRevision")
    async def get_current_revision(
        self,
        space_id: str,
        *,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> Revision:
        """GET /spaces/{spaceId}/content

        The space's current revision: its page tree, files and reusable content.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/content",
            path_params={"spaceId": space_id},
            params={"metadata": metadata, "computed": computed},
            cast_to=Revision,
        )

    @operation("listPages")
    async def list_pages(
        self,
        space_id: str,
        *,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> PageList:
        """GET /spaces/{spaceId}/content/pages

        The page tree of the current revision (not paginated; walk it with ``.walk()``).
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/content/pages",
            path_params={"spaceId": space_id},
            params={"metadata": metadata, "computed": computed},
            cast_to=PageList,
        )

    @operation("getPageById")
    async def get_page(
        self,
        space_id: str,
        page_id: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        evaluated: bool | NotGiven = NOT_GIVEN,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> RevisionPage:
        """GET /spaces/{spaceId}/content/page/{pageId}

        One page of the current revision; ``format="markdown"`` returns its text as markdown.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/content/page/{pageId}",
            path_params={"spaceId": space_id, "pageId": page_id},
            params={
                "format": format,
                "evaluated": evaluated,
                "metadata": metadata,
                "computed": computed,
            },
            cast_to=RevisionPage,
        )

    @operation("getPageByPath")
    async def get_page_by_path(
        self,
        space_id: str,
        page_path: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        evaluated: bool | NotGiven = NOT_GIVEN,
        metadata: bool | NotGiven = NOT_GIVEN,
        computed: bool | NotGiven = NOT_GIVEN,
    ) -> RevisionPage:
        """GET /spaces/{spaceId}/content/path/{pagePath}

        A document or group page by its path (``"guides/install"``; slashes are kept).
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/content/path/{pagePath}",
            path_params={"spaceId": space_id, "pagePath": page_path},
            params={
                "format": format,
                "evaluated": evaluated,
                "metadata": metadata,
                "computed": computed,
            },
            cast_to=RevisionPage,
        )
