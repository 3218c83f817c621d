"""The ``site_spaces`` toolset: a space added to a site goes to its default section, and moves."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_a_site_space_is_added_then_moved_before_another(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp() as client:
        added = await client.call_tool(
            "add_site_space",
            {"organization_id": "org_acme", "site_id": "site_docs", "space_id": "spc_runbooks"},
        )
        first = added.structured_content
        moved = await client.call_tool(
            "move_site_space",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "site_space_id": first["id"],
                "before": "ss_handbook",
            },
        )
    assert first["section_id"] == "sec_guides"
    assert not moved.is_error
    order = [
        r["id"]
        for r in store.db.all(
            "SELECT id FROM site_spaces WHERE section_id = 'sec_guides' ORDER BY position"
        )
    ]
    assert order.index(first["id"]) < order.index("ss_handbook")
