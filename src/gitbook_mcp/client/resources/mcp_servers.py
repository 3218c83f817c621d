"""External MCP servers of a docs site: list, create, read, update, delete."""

from __future__ import annotations

from collections.abc import Mapping

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.mcp_servers import (
    CreateSiteMcpServerRequest,
    SiteMcpServer,
    UpdateSiteMcpServerRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["SiteMcpServers"]


class SiteMcpServers(APIResource):
    @operation("listSiteMcpServers", "GET /orgs/{organizationId}/sites/{siteId}/mcp-servers")
    def list(
        self,
        organization_id: str,
        site_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[SiteMcpServer]:
        """The MCP servers the site lists."""
        return self._paginate(SiteMcpServer, page=page, limit=limit)

    @operation("createSiteMcpServer", "POST /orgs/{organizationId}/sites/{siteId}/mcp-servers")
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
        return await self._call(SiteMcpServer, body=body)

    @operation(
        "getSiteMcpServerById",
        "GET /orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
    )
    async def get(
        self, organization_id: str, site_id: str, site_mcp_server_id: str
    ) -> SiteMcpServer:
        """One MCP server of the site."""
        return await self._call(SiteMcpServer)

    @operation(
        "updateSiteMcpServerById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
        body=UpdateSiteMcpServerRequest,
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_mcp_server_id: str,
        *,
        name: str | NotGiven = NOT_GIVEN,
        url: str | NotGiven = NOT_GIVEN,
        headers: Mapping[str, str] | NotGiven = NOT_GIVEN,
    ) -> SiteMcpServer:
        """Only the fields passed change; ``headers`` replaces the whole map."""
        return await self._call(SiteMcpServer)

    @operation(
        "deleteSiteMcpServerById",
        "DELETE /orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
    )
    async def delete(self, organization_id: str, site_id: str, site_mcp_server_id: str) -> bool:
        """True if the server was deleted, False if it did not exist."""
        return await self._delete()
