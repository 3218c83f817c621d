"""``org_admin`` SAML providers: never their certificates."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.orgs import SAML_OKTA, TEAM_WRITERS
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, result_text

pytestmark = pytest.mark.anyio


async def test_saml_providers_never_show_certificates(mcp: McpFactory, store: Store) -> None:
    secret = "MIIC-very-secret-cert"
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        listed = await client.call_tool("list_saml_providers", ORG)
        created = await client.call_tool(
            "write_saml_provider",
            {
                **ORG,
                "method": "create",
                "label": "Entra",
                "certificate": secret,
                "sso_url": "https://login.example.test/saml",
                "entity_id": "https://sts.example.test/acme",
                "default_team": TEAM_WRITERS,
            },
        )
        pid = created.structured_content["id"]
        updated = await client.call_tool(
            "write_saml_provider",
            {**ORG, "method": "update", "provider_id": pid, "default_role": "guest"},
        )
        one = await client.call_tool(
            "list_saml_providers", {**ORG, "method": "get", "provider_id": pid}
        )
        logins = await client.call_tool("list_saml_providers", {**ORG, "method": "sso_logins"})
        no_label = await client.call_tool("write_saml_provider", {**ORG, "method": "create"})
    seeded = store.db.scalar("SELECT certificate FROM saml_providers WHERE id = ?", (SAML_OKTA,))
    for result in (listed, created, updated, one, logins):
        dumped = result.model_dump_json()
        assert seeded not in dumped
        assert secret not in dumped
    assert store.db.scalar("SELECT certificate FROM saml_providers WHERE id = ?", (pid,)) == secret
    assert created.structured_content["default_team"] == TEAM_WRITERS
    assert updated.structured_content["default_role"] == "guest"
    assert one.structured_content["providers"][0]["label"] == "Entra"
    assert SAML_OKTA in {x["id"] for x in logins.structured_content["logins"]}
    assert no_label.is_error
    assert "create needs label" in result_text(no_label)
