"""Docs sites of an organization: list them (with filters) and read one."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.sites import Site, SitesQuery
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import reading
from gitbook_mcp.client.resources._resource import ORG, APIResource, operation

__all__ = ["Sites"]


class Sites(APIResource):
    @operation("listSites", "GET /orgs/{organizationId}/sites")
    def list(self, organization_id: str, **query: Unpack[SitesQuery]) -> AsyncPaginator[Site]:
        """Sites of the organization; ``space`` keeps those publishing that space id."""
        return self._paginate(Site)

    get = reading(ORG, "/sites/{siteId}", Site, "getSiteById")
