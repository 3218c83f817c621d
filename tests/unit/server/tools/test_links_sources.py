"""`check_links` beyond page content: outside URLs (``external``), the live site's own findings,
and counts that agree between the one-page and the whole-scan modes (issue 14)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import PAGE_PUBLISHING
from tests.unit.linkcheck.fakes import resolver
from tests.unit.server.conftest import McpFactory, make_server

pytestmark = pytest.mark.anyio

HANDBOOK = {"space_id": "spc_handbook"}
HOSTS = {"example.com": ["127.0.0.1"], "app.gitbook.com": ["10.1.2.3"]}


async def _call(client: Any, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool("check_links", args)
    assert result.is_error is False, result.content
    report: dict[str, Any] = result.structured_content
    return report


async def test_external_checks_outside_urls_and_refuses_internal_addresses(store: Store) -> None:
    server = make_server(store, profile="live")
    server.runtime.tool_options = replace(
        server.runtime.tool_options,
        external_checker=lambda: ExternalChecker(resolver=resolver(HOSTS)),
    )
    args = {**HANDBOOK, "page_id": PAGE_PUBLISHING}
    async with Client(server, cache=None) as client:
        plain = await _call(client, args)
        checked = await _call(client, {**args, "external": True})
    vendor = "https://example.com/docs"
    assert [x["status"] for x in plain["links"] if x["target"] == vendor] == ["unchecked"]
    (link,) = [x for x in checked["links"] if x["target"] == vendor]
    assert link["status"] == "unchecked"
    assert link["reason"] == "refused: example.com resolves to 127.0.0.1, a loopback address"
    assert checked["links_checked"] == plain["links_checked"] + 1  # the URL is now looked at


async def test_live_profile_merges_the_sites_findings_with_their_redirect(
    mcp: McpFactory,
) -> None:
    async with mcp(profile="live") as client:
        live = await _call(client, HANDBOOK)
        text = (await client.call_tool("check_links", HANDBOOK)).content[0].text
    async with mcp(profile="seed") as client:
        seed = await _call(client, HANDBOOK)
        seed_text = (await client.call_tool("check_links", HANDBOOK)).content[0].text
    # The text says the suggestion too: Claude Desktop hands the model only the text.
    line = next(row for row in text.splitlines() if ": guides/old-page (" in row)
    assert line.endswith("; the site suggests a redirect /guides/old-page -> guides)")
    assert "suggests a redirect" not in seed_text
    old = [b for b in live["broken"] if b["target"] == "guides/old-page"]
    assert [b["suggested_redirect"] for b in old] == [
        {
            "source": "/guides/old-page",
            "destination": {"kind": "path", "spaceId": "spc_handbook", "path": "guides"},
        }
    ]
    assert all(b.get("suggested_redirect") is None for b in seed["broken"])
    pairs = {(b["page_path"], b["target"]) for b in seed["broken"]}
    assert {(b["page_path"], b["target"]) for b in live["broken"]} == pairs


@pytest.mark.parametrize("profile", ["seed", "live"])
async def test_counts_agree_between_one_page_and_whole_scan(mcp: McpFactory, profile: str) -> None:
    async with mcp(profile=profile) as client:
        full = await _call(client, HANDBOOK)
        tree = await client.call_tool("get_page_tree", HANDBOOK)
        pages = [p["id"] for p in tree.structured_content["pages"]]
        shares = [await _call(client, {**HANDBOOK, "page_id": page}) for page in pages]
    assert full["pages_scanned"] == len(pages)
    assert sum(s["links_checked"] for s in shares) == full["links_checked"]
    assert sum(len(s["broken"]) for s in shares) == len(full["broken"])
    for share in shares:
        assert share["pages_scanned"] == 1
        assert [x for x in share["links"] if x["status"] == "broken"] == share["broken"]
