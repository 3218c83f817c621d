"""Resources (`server/resources.py`): the spaces listed, page trees and pages as markdown."""

from __future__ import annotations

import pytest

from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_spaces_are_listed_and_trees_and_pages_read(mcp: McpFactory) -> None:
    async with mcp() as client:
        resources = (await client.list_resources()).resources
        templates = (await client.list_resource_templates()).resource_templates
        tree = await client.read_resource("gitbook://spaces/spc_handbook/tree")
        page = await client.read_resource(
            "gitbook://spaces/spc_handbook/change-requests/1/pages/pg_upgrade"
        )
    assert "gitbook://spaces/spc_handbook/tree" in {str(r.uri) for r in resources}
    assert len(templates) == 4
    assert "getting-started/install" in tree.contents[0].text
    assert "Upgrading" in page.contents[0].text


async def test_a_failed_read_is_described_as_the_tools_describe_it(mcp: McpFactory) -> None:
    from mcp import MCPError

    async with mcp() as client:
        with pytest.raises(MCPError) as failed:
            await client.read_resource("gitbook://spaces/spc_nope/tree")
    assert "Not found" in str(failed.value)
    assert "list_spaces" in str(failed.value)
    assert "GET /" not in str(failed.value)
