"""Docs sites of an organization: list them (with filters) and read one."""

from __future__ import annotations

import builtins

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.sites import Site, SiteType
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import reading
from gitbook_mcp.client.resources._resource import ORG, APIResource, operation

__all__ = ["Sites"]


class Sites(APIResource):
    @operation("listSites", "GET /orgs/{organizationId}/sites")
    def list(
        self,
        organization_id: str,
        *,
        space: str | NotGiven = NOT_GIVEN,
        title: str | NotGiven = NOT_GIVEN,
        published: bool | NotGiven = NOT_GIVEN,
        type: builtins.list[SiteType] | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Site]:
        """Sites of the organization; ``space`` keeps those publishing that space id."""
        return self._paginate(Site)

    get = reading(ORG, "/sites/{siteId}", Site, "getSiteById")
