"""Docs sites of an organization: list them (with filters) and read one."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.sites import Site, SitesQuery
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation, query_of

__all__ = ["Sites"]


class Sites(APIResource):
    @operation("listSites")
    def list(self, organization_id: str, **query: Unpack[SitesQuery]) -> AsyncPaginator[Site]:
        """Sites of the organization; ``space`` keeps those publishing that space id."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/sites", ids=ids, item=Site, query=query_of(SitesQuery, query)
        )

    @operation("getSiteById")
    async def get(self, organization_id: str, site_id: str) -> Site:
        """One Site."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._get("/orgs/{organizationId}/sites/{siteId}", ids=ids, cast_to=Site)
