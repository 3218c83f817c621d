"""``org_admin`` custom fonts: create, update, and the API's rules."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.orgs import FONT_BRAND
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, result_text

pytestmark = pytest.mark.anyio


async def test_fonts_create_update_and_the_api_rules(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        created = await client.call_tool(
            "write_font",
            {
                **ORG,
                "method": "create",
                "family": "Serif",
                "faces": {"400": "fonts/s-400.woff2", "700": "fonts/s-700.woff2"},
            },
        )
        fid = created.structured_content["id"]
        updated = await client.call_tool(
            "write_font",
            {
                **ORG,
                "method": "update",
                "font_id": fid,
                "family": "Serif Pro",
                "faces": {"300": "fonts/s-300.woff2"},
            },
        )
        one = await client.call_tool("list_fonts", {**ORG, "font_id": FONT_BRAND})
        no_bold = await client.call_tool(
            "write_font",
            {**ORG, "method": "create", "family": "Thin", "faces": {"400": "fonts/t.woff2"}},
        )
        no_faces = await client.call_tool(
            "write_font", {**ORG, "method": "create", "family": "Empty"}
        )
    assert created.structured_content["weights"] == [400, 700]
    assert updated.structured_content == {
        "id": fid,
        "family": "Serif Pro",
        "weights": [300, 400, 700],
    }
    assert store.db.scalar("SELECT font_family FROM custom_fonts WHERE id = ?", (fid,)) == (
        "Serif Pro"
    )
    assert one.structured_content["fonts"] == [
        {"id": FONT_BRAND, "family": "Acme Sans", "weights": [400, 700]}
    ]
    assert no_bold.is_error
    assert "700" in result_text(no_bold)
    assert no_faces.is_error
    assert "faces" in result_text(no_faces)
    assert store.db.scalar("SELECT COUNT(*) FROM custom_fonts WHERE font_family = 'Thin'") == 0
