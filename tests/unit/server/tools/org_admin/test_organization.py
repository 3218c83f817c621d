"""``org_admin`` organization: read by id or email domain, settings written and cleared."""

from __future__ import annotations

import json

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import ORG_ACME, ORG_GLOBEX, SITE_DOCS
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, result_text

pytestmark = pytest.mark.anyio


async def test_get_organization_by_id_or_email_domain(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        one = await client.call_tool("get_organization", ORG)
        by_domain = await client.call_tool("get_organization", {"email_domain": "GLOBEX.test"})
        neither = await client.call_tool("get_organization", {})
    org = one.structured_content["organizations"][0]
    assert org["title"] == "Acme Docs"
    assert org["email_domains"] == ["acme.test"]
    assert org["default_role"] == "read"
    assert org["invite_links"] is True
    assert "permissions" not in org
    assert "urls" not in org
    assert "Acme Docs [org_acme]: pro" in result_text(one)
    assert [o["id"] for o in by_domain.structured_content["organizations"]] == [ORG_GLOBEX]
    assert neither.is_error
    assert "organization_id or email_domain" in result_text(neither)


async def test_update_organization_writes_settings_and_clears_with_empty(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        set_ = await client.call_tool(
            "update_organization",
            {**ORG, "default_role": "guest", "default_site": SITE_DOCS, "invite_links": False},
        )
        cleared = await client.call_tool("update_organization", {**ORG, "default_site": ""})
        nothing = await client.call_tool("update_organization", ORG)
    assert set_.structured_content["default_role"] == "guest"
    assert set_.structured_content["default_site"] == SITE_DOCS
    assert set_.structured_content["invite_links"] is False
    assert "default_site" not in cleared.structured_content
    data = json.loads(store.db.scalar("SELECT data FROM organizations WHERE id = ?", (ORG_ACME,)))
    assert data["defaultRole"] is None
    assert data["inviteLinks"] is False
    assert "defaultContent" not in data
    assert nothing.is_error
    assert "Nothing to change" in result_text(nothing)
