"""``org_admin`` OpenAPI specs: create, put, visibility, and the flag they need."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import ORG_GLOBEX
from gitbook_mcp.local.seed.orgs import SPEC_INTERNAL
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, count, result_text

pytestmark = pytest.mark.anyio


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
