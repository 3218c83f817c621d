"""The link checker fed by the API client: the one module to adapt when client methods change.

``format="document"`` reads pages as JSON documents (link nodes with refs); ``"markdown"`` reads
their markdown, for a backend whose documents carry no link nodes (the local workspace renders
links as plain text in documents, so it is read as markdown).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from gitbook_mcp.client import errors
from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.models.content import ContentFormat, RevisionPage
from gitbook_mcp.client.models.redirects import PageDestination
from gitbook_mcp.linkcheck.model import (
    FileNode,
    PageBody,
    PageNode,
    PublishedSite,
    PublishedSpace,
    RedirectHop,
    RevisionContent,
)

__all__ = ["ClientContentReader", "ClientSiteReader", "raw_document"]


def _flatten(pages: list[RevisionPage], parent: str | None = None) -> Iterator[PageNode]:
    for page in pages:
        yield PageNode(
            id=page.id,
            title=page.title,
            path=page.path or "",
            slug=page.slug or "",
            type=page.type,
            parent_id=parent,
            target=page.target if page.type == "link" else None,
            version=_version(page),
        )
        yield from _flatten(page.pages, page.id)


def _version(page: RevisionPage) -> str | None:
    """The page's content identity: its document's id, else when it last changed."""
    if page.documentId:
        return f"doc:{page.documentId}"
    if page.updatedAt:
        return f"at:{page.updatedAt}"
    return None


def raw_document(page: RevisionPage) -> dict[str, Any] | None:
    """A page's document as the API sent it (every key kept, none added)."""
    if page.document is None:
        return None
    return page.document.model_dump(mode="json", exclude_unset=True)


class ClientContentReader:
    """`ContentReader` over `GitBookClient` (change request content, or the main content)."""

    def __init__(self, client: GitBookClient, *, format: ContentFormat = "document") -> None:
        self._client = client
        self._format: ContentFormat = format

    @property
    def max_concurrency(self) -> int:
        """The client's cap on requests in flight (it enforces it itself)."""
        return self._client.max_concurrency

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:
        """The revision's pages and files, in one request."""
        if change_request_id:
            revision = await self._client.change_request_content.get_revision(
                space_id, change_request_id
            )
        else:
            revision = await self._client.space_content.get_revision(space_id)
        files = [FileNode(id=f.id, name=f.name) for f in revision.files]
        reusable = frozenset(r.id for r in revision.reusableContents)
        return RevisionContent(
            list(_flatten(revision.pages)), files, reusable, revision_id=revision.id
        )

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> PageBody | None:
        """One page's document (or markdown); None when the page does not exist."""
        try:
            if change_request_id:
                page = await self._client.change_request_content.get_page(
                    space_id, change_request_id, page_id, format=self._format
                )
            else:
                page = await self._client.space_content.get_page(
                    space_id, page_id, format=self._format
                )
        except errors.NotFoundError:
            return None
        return PageBody(document=raw_document(page), markdown=page.markdown)

    async def space_exists(self, space_id: str) -> bool:
        """Whether the space can be read with this token."""
        try:
            await self._client.spaces.get(space_id)
        except (errors.NotFoundError, errors.PermissionDeniedError):
            return False
        return True


class ClientSiteReader:
    """`SiteReader` over `GitBookClient`, for one organization's published sites."""

    def __init__(self, client: GitBookClient, organization_id: str) -> None:
        self._client = client
        self._org = organization_id

    async def sites(self) -> list[PublishedSite]:
        """The organization's published sites with their spaces' URLs (none if not readable)."""
        try:
            return await self._sites()
        except (errors.NotFoundError, errors.PermissionDeniedError):
            return []

    async def _sites(self) -> list[PublishedSite]:
        found: list[PublishedSite] = []
        async for site in self._client.sites.list(self._org):
            if not site.published or not site.urls.published:
                continue
            spaces = [
                PublishedSpace(site.id, item.id, item.space.id, item.urls.published)
                async for item in self._client.site_spaces.list(self._org, site.id)
                if item.urls.published
            ]
            found.append(PublishedSite(site.id, site.urls.published, tuple(spaces)))
        return found

    async def redirect(self, site_id: str, source: str) -> RedirectHop | None:
        """Where the site's redirect from ``source`` leads, or None when there is none."""
        try:
            lookup = await self._client.redirects.get_by_source(self._org, site_id, source=source)
        except (
            errors.NotFoundError,
            errors.PermissionDeniedError,
            errors.InvalidRequestError,
            ValidationError,
        ):
            return None
        destination = lookup.redirect.destination
        if isinstance(destination, PageDestination):
            return RedirectHop(lookup.target, destination.siteSpaceId, destination.pageId)
        return RedirectHop(lookup.target)
