"""Findings of a docs site (live profile): broken links and other issues, resolved or dismissed."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.findings import (
    SiteFinding,
    SiteFindingsQuery,
    UpdateSiteFindingRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["SiteFindings"]


class SiteFindings(APIResource):
    @operation("listSiteFindings")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteFindingsQuery]
    ) -> AsyncPaginator[SiteFinding]:
        """The site's findings, by status and type (``broken-link``, ``outbound-link-error``...)."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/findings",
            ids=ids,
            item=SiteFinding,
            query=query_of(SiteFindingsQuery, query),
        )

    @operation("getSiteFindingById")
    async def get(self, organization_id: str, site_id: str, site_finding_id: str) -> SiteFinding:
        """One finding, with the pages it affects."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteFindingId": site_finding_id,
        }
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}",
            ids=ids,
            cast_to=SiteFinding,
        )

    @operation("updateSiteFindingById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_finding_id: str,
        **body: Unpack[UpdateSiteFindingRequest],
    ) -> SiteFinding:
        """Resolve (``done``), dismiss (``canceled``) or reopen (``open``) a finding."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteFindingId": site_finding_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}",
            ids=ids,
            body=body_of(UpdateSiteFindingRequest, body),
            cast_to=SiteFinding,
        )
