"""External MCP servers of a docs site: list, create, read, update, delete."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.mcp_servers import (
    CreateSiteMcpServerRequest,
    SiteMcpServer,
    UpdateSiteMcpServerRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["SiteMcpServers"]


class SiteMcpServers(APIResource):
    @operation("listSiteMcpServers")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[SiteMcpServer]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers",
            ids=ids,
            item=SiteMcpServer,
            query=query_of(Paging, query),
        )

    @operation("createSiteMcpServer")
    async def create(
        self,
        organization_id: str,
        site_id: str,
        *,
        name: str,
        url: str,
        headers: Mapping[str, str] | NotGiven = NOT_GIVEN,
    ) -> SiteMcpServer:
        """Add an MCP server (name 1..100, URL up to 2048) with the ``headers`` sent to it."""
        body = CreateSiteMcpServerRequest(
            name=name, url=url, headers=dict(headers) if isinstance(headers, Mapping) else {}
        )
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers",
            ids=ids,
            body=body,
            cast_to=SiteMcpServer,
        )

    @operation("getSiteMcpServerById")
    async def get(
        self, organization_id: str, site_id: str, site_mcp_server_id: str
    ) -> SiteMcpServer:
        """One SiteMcpServer."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteMcpServerId": site_mcp_server_id,
        }
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
            ids=ids,
            cast_to=SiteMcpServer,
        )

    @operation("updateSiteMcpServerById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_mcp_server_id: str,
        **body: Unpack[UpdateSiteMcpServerRequest],
    ) -> SiteMcpServer:
        """Only the fields passed change; ``headers`` replaces the whole map."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteMcpServerId": site_mcp_server_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
            ids=ids,
            body=body_of(UpdateSiteMcpServerRequest, body),
            cast_to=SiteMcpServer,
        )

    @operation("deleteSiteMcpServerById")
    async def delete(self, organization_id: str, site_id: str, site_mcp_server_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteMcpServerId": site_mcp_server_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}", ids=ids
        )
