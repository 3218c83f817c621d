"""External MCP servers of a docs site: list, create, read, update, delete."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.mcp_servers import (
    CreateSiteMcpServerRequest,
    SiteMcpServer,
    UpdateSiteMcpServerRequest,
)
from gitbook_mcp.client.resources._plain import deleting, listing, reading
from gitbook_mcp.client.resources._resource import SITE, APIResource, operation

__all__ = ["SiteMcpServers"]


class SiteMcpServers(APIResource):
    list = listing(SITE, "/mcp-servers", SiteMcpServer, "listSiteMcpServers")

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

    get = reading(SITE, "/mcp-servers/{siteMcpServerId}", SiteMcpServer, "getSiteMcpServerById")

    @operation(
        "updateSiteMcpServerById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_mcp_server_id: str,
        **body: Unpack[UpdateSiteMcpServerRequest],
    ) -> SiteMcpServer:
        """Only the fields passed change; ``headers`` replaces the whole map."""
        return await self._call(SiteMcpServer)

    delete = deleting(SITE, "/mcp-servers/{siteMcpServerId}", "deleteSiteMcpServerById")
