"""Findings of a docs site (live profile): broken links and other issues, resolved or dismissed."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.findings import (
    SiteFinding,
    SiteFindingsQuery,
    UpdateSiteFindingRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import reading
from gitbook_mcp.client.resources._resource import SITE, APIResource, operation

__all__ = ["SiteFindings"]


class SiteFindings(APIResource):
    @operation("listSiteFindings", "GET /orgs/{organizationId}/sites/{siteId}/findings")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteFindingsQuery]
    ) -> AsyncPaginator[SiteFinding]:
        """The site's findings, by status and type (``broken-link``, ``outbound-link-error``...)."""
        return self._paginate(SiteFinding)

    get = reading(
        SITE,
        "/findings/{siteFindingId}",
        SiteFinding,
        "getSiteFindingById",
        doc="One finding, with the pages it affects.",
    )

    @operation(
        "updateSiteFindingById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}",
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_finding_id: str,
        **body: Unpack[UpdateSiteFindingRequest],
    ) -> SiteFinding:
        """Resolve (``done``), dismiss (``canceled``) or reopen (``open``) a finding."""
        return await self._call(SiteFinding)
