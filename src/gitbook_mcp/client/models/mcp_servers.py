"""External MCP servers a docs site points its readers' agents to."""

from __future__ import annotations

from typing import Annotated, TypedDict

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel, RequestModel
from gitbook_mcp.client.models.fields import URLString

__all__ = [
    "CreateSiteMcpServerRequest",
    "McpServerUrls",
    "SiteMcpServer",
    "UpdateSiteMcpServerRequest",
]

McpServerName = Annotated[str, Field(min_length=1, max_length=100)]
HeaderValue = Annotated[str, Field(min_length=1, max_length=512)]


class McpServerUrls(APIModel):
    location: str


class SiteMcpServer(APIModel):
    object: str
    id: str
    name: str
    url: str
    headers: dict[str, str]
    urls: McpServerUrls


class CreateSiteMcpServerRequest(RequestModel):
    name: McpServerName
    url: URLString
    headers: dict[str, HeaderValue]


class UpdateSiteMcpServerRequest(TypedDict, total=False):
    """Only the fields given change; ``headers`` replaces the whole map."""

    name: McpServerName
    url: URLString
    headers: dict[str, HeaderValue]
