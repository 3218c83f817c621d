"""Findings of a docs site (live profile): broken links and other issues, resolved or dismissed."""

from __future__ import annotations

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.findings import (
    SiteFinding,
    SiteFindingStatus,
    SiteFindingType,
    UpdateSiteFindingRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["SiteFindings"]

_FINDINGS = "/orgs/{organizationId}/sites/{siteId}/findings"


class SiteFindings(APIResource):
    @operation("listSiteFindings")
    def list(
        self,
        organization_id: str,
        site_id: str,
        *,
        status: SiteFindingStatus | NotGiven = NOT_GIVEN,
        type: list[SiteFindingType] | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[SiteFinding]:
        """GET /orgs/{organizationId}/sites/{siteId}/findings

        The site's findings, by status and type (``broken-link``, ``outbound-link-error``...).
        """
        return self._client.paginate(
            _FINDINGS,
            item=SiteFinding,
            ids=(organization_id, site_id),
            params={"status": status, "type": type},
            page=page,
            limit=limit,
        )

    @operation("getSiteFindingById")
    async def get(self, organization_id: str, site_id: str, site_finding_id: str) -> SiteFinding:
        """GET /orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}

        One finding, with the pages it affects.
        """
        return await self._client.request(
            "GET",
            _FINDINGS + "/{siteFindingId}",
            ids=(organization_id, site_id, site_finding_id),
            cast_to=SiteFinding,
        )

    @operation("updateSiteFindingById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_finding_id: str,
        *,
        status: SiteFindingStatus,
    ) -> SiteFinding:
        """PATCH /orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}

        Resolve (``done``), dismiss (``canceled``) or reopen (``open``) a finding.
        """
        return await self._client.request(
            "PATCH",
            _FINDINGS + "/{siteFindingId}",
            ids=(organization_id, site_id, site_finding_id),
            body=UpdateSiteFindingRequest(status=status),
            cast_to=SiteFinding,
        )
