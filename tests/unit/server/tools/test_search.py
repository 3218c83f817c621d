"""The ``search`` toolset: pages found, with their matching sections."""

from __future__ import annotations

import pytest

from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_search_returns_pages_with_sections(mcp: McpFactory) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "search_content", {"organization_id": "org_acme", "query": "installer"}
        )
    hits = result.structured_content["hits"]
    assert hits[0]["path"] == "getting-started/install"
    assert hits[0]["sections"][0]["title"] == "Install the CLI"
