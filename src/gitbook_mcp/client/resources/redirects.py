"""Redirects of a docs site: list, create, update, delete, and resolve a source path.

Source paths are checked against the API's pattern (absolute, no trailing slash, at most 512
characters) before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.findings import BulkRedirectsRequest, BulkRedirectsResult
from gitbook_mcp.client.models.redirects import (
    CreateSiteRedirectRequest,
    SiteRedirect,
    SiteRedirectLookup,
    UpdateSiteRedirectRequest,
    source_adapter,
)
from gitbook_mcp.client.resources._plain import deleting, listing
from gitbook_mcp.client.resources._resource import SITE, APIResource, operation

__all__ = ["SiteRedirects"]


class SiteRedirects(APIResource):
    """A ``destination`` names its ``kind``:

    - ``{"kind": "site-section", "siteSectionId": ...}``
    - ``{"kind": "site-space", "siteSpaceId": ...}``
    - ``{"kind": "site-page", "siteSpaceId": ..., "pageId": ...}``
    """

    list = listing(SITE, "/redirects", SiteRedirect, "listSiteRedirects")

    @operation("createSiteRedirect", "POST /orgs/{organizationId}/sites/{siteId}/redirects")
    async def create(
        self, organization_id: str, site_id: str, **body: Unpack[CreateSiteRedirectRequest]
    ) -> SiteRedirect:
        """Redirect ``source`` (a path such as ``/old``) to ``destination``."""
        return await self._call(SiteRedirect)

    @operation(
        "updateSiteRedirectById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_redirect_id: str,
        **body: Unpack[UpdateSiteRedirectRequest],
    ) -> SiteRedirect:
        """Change the source path, the destination, or both."""
        return await self._call(SiteRedirect)

    delete = deleting(SITE, "/redirects/{siteRedirectId}", "deleteSiteRedirectById")

    @operation("getSiteRedirectBySource", "GET /orgs/{organizationId}/sites/{siteId}/redirect")
    async def get_by_source(
        self,
        organization_id: str,
        site_id: str,
        *,
        source: str,
        share_key: str | NotGiven = NOT_GIVEN,
    ) -> SiteRedirectLookup:
        """The redirect whose source is ``source``, and the URL it resolves to (404 if none)."""
        return await self._call(
            SiteRedirectLookup,
            params={"source": source_adapter.validate_python(source), "shareKey": share_key},
        )

    @operation("bulkUpsertSiteRedirects", "PUT /orgs/{organizationId}/sites/{siteId}/redirects")
    async def bulk_upsert(
        self, organization_id: str, site_id: str, *, redirects: Sequence[Mapping[str, Any]]
    ) -> BulkRedirectsResult:
        """Create, update (``destination``), delete (``destination: None``) or publish (``intent:
        "publish"``) up to 500 redirects in one atomic call (live profile).
        """
        body = BulkRedirectsRequest.model_validate({"redirects": list(redirects)})
        return await self._call(BulkRedirectsResult, body=body)
