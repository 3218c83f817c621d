"""The ``org_admin`` tools for configuration: SAML, fonts, OpenAPI specs and deletions
(secrets kept out, the API's rules, permission checks per kind)."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import ORG_GLOBEX
from gitbook_mcp.local.seed.orgs import (
    FONT_BRAND,
    INVITE_EDIT,
    SAML_OKTA,
    SPEC_INTERNAL,
    TEAM_SUPPORT,
    TEAM_WRITERS,
)
from tests.unit.server.conftest import McpFactory
from tests.unit.server.org_support import ORG, TOOLSETS, count, member_role, result_text

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


async def test_openapi_specs_create_put_and_visibility(mcp: McpFactory, store: Store) -> None:
    source = "SELECT source_url, source_text, visibility FROM openapi_specs WHERE slug = ?"
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        put_new = await client.call_tool(
            "write_openapi_spec",
            {**ORG, "method": "put", "slug": "billing", "url": "https://x.test/billing.json"},
        )
        replaced = await client.call_tool(
            "write_openapi_spec",
            {**ORG, "method": "put", "slug": "billing", "text": "openapi: 3.1.0\n"},
        )
        public = await client.call_tool(
            "write_openapi_spec",
            {**ORG, "method": "update", "slug": SPEC_INTERNAL, "visibility": "public"},
        )
        listed = await client.call_tool("list_openapi_specs", ORG)
        both = await client.call_tool(
            "write_openapi_spec",
            {**ORG, "method": "create", "slug": "x", "url": "https://x.test/x", "text": "a"},
        )
        no_visibility = await client.call_tool(
            "write_openapi_spec", {**ORG, "method": "update", "slug": SPEC_INTERNAL}
        )
    assert put_new.structured_content["source_url"] == "https://x.test/billing.json"
    assert not replaced.is_error
    url, text, _ = store.db.one(source, ("billing",))
    assert (url, text) == (None, "openapi: 3.1.0\n")
    assert public.structured_content["visibility"] == "public"
    assert store.db.one(source, (SPEC_INTERNAL,))["visibility"] == "public"
    assert {"billing", SPEC_INTERNAL} <= {s["slug"] for s in listed.structured_content["specs"]}
    assert both.is_error
    assert "exactly one of url or text" in result_text(both)
    assert no_visibility.is_error
    assert "update needs visibility" in result_text(no_visibility)


async def test_spec_writes_need_create_openapi_spec_on_the_target(
    mcp: McpFactory, store: Store
) -> None:
    before = count(store, "openapi_specs")
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        refused = await client.call_tool(
            "write_openapi_spec",
            {**ORG, "method": "create", "slug": "mine", "text": "openapi: 3.0.0\n"},
        )
        allowed = await client.call_tool(
            "write_openapi_spec",
            {
                "organization_id": ORG_GLOBEX,
                "method": "create",
                "slug": "mine",
                "text": "openapi: 3.0.0\n",
            },
        )
    assert refused.is_error
    assert "'createOpenAPISpec' permission on organization org_acme" in result_text(refused)
    assert not allowed.is_error, result_text(allowed)
    assert count(store, "openapi_specs") == before + 1


async def test_delete_org_item_is_idempotent_and_checked_per_kind(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        first = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "invite_link", "id": INVITE_EDIT}
        )
        again = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "invite_link", "id": INVITE_EDIT}
        )
        member = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "member", "id": "usr_sam"}
        )
        spec = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "openapi_spec", "id": SPEC_INTERNAL}
        )
        no_team = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "team_member", "id": "usr_dana"}
        )
    assert first.structured_content == {"deleted": True}
    assert again.structured_content == {"deleted": False}
    assert result_text(again) == "Already gone."
    assert member.structured_content == {"deleted": True}
    assert member_role(store, "usr_sam") is None
    assert not store.db.scalar("SELECT 1 FROM members WHERE user_id = 'usr_sam'")
    assert spec.structured_content == {"deleted": True}
    assert no_team.is_error
    assert "team_member needs team_id" in result_text(no_team)

    fonts = count(store, "custom_fonts")
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        font = await client.call_tool("delete_org_item", {**ORG, "kind": "font", "id": FONT_BRAND})
        team = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "team", "id": TEAM_SUPPORT}
        )
    assert font.is_error
    assert "'admin' permission on organization org_acme" in result_text(font)
    assert count(store, "custom_fonts") == fonts
    assert team.is_error
    assert "'admin' permission on team team_support" in result_text(team)
    assert store.db.scalar("SELECT 1 FROM teams WHERE id = ?", (TEAM_SUPPORT,))
