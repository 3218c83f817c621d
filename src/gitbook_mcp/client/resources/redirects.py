"""Redirects of a docs site: list, create, update, delete, and resolve a source path.

Source paths are checked against the API's pattern (absolute, no trailing slash, at most 512
characters) before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.findings import BulkRedirectsRequest, BulkRedirectsResult
from gitbook_mcp.client.models.redirects import (
    CreateSiteRedirectRequest,
    SiteRedirect,
    SiteRedirectLookup,
    UpdateSiteRedirectRequest,
    source_adapter,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["SiteRedirects"]


class SiteRedirects(APIResource):
    """A ``destination`` names its ``kind``:

    - ``{"kind": "site-section", "siteSectionId": ...}``
    - ``{"kind": "site-space", "siteSpaceId": ...}``
    - ``{"kind": "site-page", "siteSpaceId": ..., "pageId": ...}``
    """

    @operation("listSiteRedirects")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[SiteRedirect]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/redirects",
            ids=ids,
            item=SiteRedirect,
            query=query_of(Paging, query),
        )

    @operation("createSiteRedirect")
    async def create(
        self, organization_id: str, site_id: str, **body: Unpack[CreateSiteRedirectRequest]
    ) -> SiteRedirect:
        """Redirect ``source`` (a path such as ``/old``) to ``destination``."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/redirects",
            ids=ids,
            body=body_of(CreateSiteRedirectRequest, body),
            cast_to=SiteRedirect,
        )

    @operation("updateSiteRedirectById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_redirect_id: str,
        **body: Unpack[UpdateSiteRedirectRequest],
    ) -> SiteRedirect:
        """Change the source path, the destination, or both."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteRedirectId": site_redirect_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
            ids=ids,
            body=body_of(UpdateSiteRedirectRequest, body),
            cast_to=SiteRedirect,
        )

    @operation("deleteSiteRedirectById")
    async def delete(self, organization_id: str, site_id: str, site_redirect_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteRedirectId": site_redirect_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}", ids=ids
        )

    @operation("getSiteRedirectBySource")
    async def get_by_source(
        self,
        organization_id: str,
        site_id: str,
        *,
        source: str,
        share_key: str | NotGiven = NOT_GIVEN,
    ) -> SiteRedirectLookup:
        """The redirect whose source is ``source``, and the URL it resolves to (404 if none)."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}/redirect",
            ids=ids,
            query={"source": source_adapter.validate_python(source), "shareKey": share_key},
            cast_to=SiteRedirectLookup,
        )

    @operation("bulkUpsertSiteRedirects")
    async def bulk_upsert(
        self, organization_id: str, site_id: str, *, redirects: Sequence[Mapping[str, Any]]
    ) -> BulkRedirectsResult:
        """Create, update (``destination``), delete (``destination: None``) or publish (``intent:
        "publish"``) up to 500 redirects in one atomic call (live profile).
        """
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._put(
            "/orgs/{organizationId}/sites/{siteId}/redirects",
            ids=ids,
            body=BulkRedirectsRequest.model_validate({"redirects": list(redirects)}),
            cast_to=BulkRedirectsResult,
        )
