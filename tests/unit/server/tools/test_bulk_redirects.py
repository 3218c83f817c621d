"""Bulk redirect deletion: confirmed against the list of what goes, in both profiles."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.sites import SECTION_API
from tests.unit.server.conftest import McpFactory, confirmed

pytestmark = pytest.mark.anyio

SITE = {"organization_id": "org_acme", "site_id": "site_docs"}
IDS = ["rd_old_install", "rd_v1_api"]


def _left(store: Store) -> set[str]:
    return {str(r["id"]) for r in store.db.all("SELECT id FROM site_redirects")}


@pytest.mark.parametrize("profile", ["seed", "live"])
async def test_the_first_call_lists_what_goes_and_the_second_deletes_it(
    mcp: McpFactory, store: Store, profile: str
) -> None:
    args = {**SITE, "redirect_ids": IDS}
    async with mcp(toolsets=("bulk_redirects",), profile=profile) as client:
        preview = await client.call_tool("delete_redirects", args)
        assert set(IDS) <= _left(store)
        done = await confirmed(client, "delete_redirects", args)
    text = preview.content[0].text
    assert not preview.is_error  # asking is a normal result
    assert "Delete 2 redirect(s) of site site_docs" in text
    assert "/old-install -> site-section" in text
    assert "[rd_old_install]" in text
    assert not done.is_error, done.content[0].text
    assert done.structured_content["deleted"] == [
        "/old-install [rd_old_install]",
        "/docs/v1/api [rd_v1_api]",
    ]
    assert not set(IDS) & _left(store)


async def test_a_redirect_changed_after_it_was_shown_refuses_the_token(
    mcp: McpFactory, store: Store
) -> None:
    args = {**SITE, "redirect_ids": IDS}
    async with mcp(toolsets=("bulk_redirects", "redirects"), profile="live") as client:
        token = (await client.call_tool("delete_redirects", args)).structured_content["confirm"]
        moved = await client.call_tool(
            "update_redirect", {**SITE, "redirect_id": IDS[0], "section_id": SECTION_API}
        )
        assert not moved.is_error, moved.content[0].text
        stale = await client.call_tool("delete_redirects", {**args, "confirm": token})
        other = await client.call_tool(
            "delete_redirects", {**SITE, "redirect_ids": IDS[:1], "confirm": token}
        )
    assert stale.is_error
    assert "changed since it was shown" in stale.content[0].text
    assert other.is_error
    assert "issued for delete_redirects" in other.content[0].text
    assert set(IDS) <= _left(store)


async def test_an_unknown_id_is_named_and_nothing_goes(mcp: McpFactory, store: Store) -> None:
    async with mcp(toolsets=("bulk_redirects",)) as client:
        refused = await client.call_tool(
            "delete_redirects", {**SITE, "redirect_ids": [IDS[0], "rd_nope"]}
        )
    assert refused.is_error
    assert "Not redirects of site site_docs: rd_nope" in refused.content[0].text
    assert IDS[0] in _left(store)
