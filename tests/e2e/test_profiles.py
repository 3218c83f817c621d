"""End to end, per API profile: the real process over stdio against ``--local``, listing the
tools and calling one tool of each toolset (``--toolsets all``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.server.toolsets import ALL_TOOLSETS, Selection, build_tool_list
from tests.e2e.test_process import stdio_client

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

ORG = {"organization_id": "org_acme"}
SITE = {**ORG, "site_id": "site_docs"}
HANDBOOK = {"space_id": "spc_handbook"}
ONE_CALL_PER_TOOLSET: dict[str, tuple[str, dict[str, Any], str]] = {
    "navigate": ("list_organizations", {}, "organizations"),
    "search": ("search_content", {**ORG, "query": "install"}, "hits"),
    "comments": ("list_comments", {**HANDBOOK, "status": "all"}, "comments"),
    "content": ("get_page_tree", {**HANDBOOK, "change_request_id": "1"}, "pages"),
    "links": ("check_links", {**HANDBOOK, "change_request_id": "1"}, "broken"),
    "redirects": ("list_redirects", SITE, "redirects"),
    "site_spaces": ("list_site_spaces", SITE, "site_spaces"),
    "sites_admin": ("list_site_sections", SITE, "sections"),
    "spaces": ("get_space", HANDBOOK, "space"),
    "collections": ("list_collections", ORG, "collections"),
    "org_admin": ("get_organization", ORG, "organizations"),
    "change_requests": (
        "get_change_request_changes",
        {**HANDBOOK, "change_request_id": "cr_install_rewrite"},
        "changes",
    ),
    "review": ("list_reviews", {**HANDBOOK, "change_request_id": "cr_install_rewrite"}, "reviews"),
    "fixes": ("fix_links", {**HANDBOOK, "change_request_id": "1"}, "fixes"),
    # Irreversible: the first call answers what would go and a confirm token, deleting nothing.
    "bulk_redirects": ("delete_redirects", {**SITE, "redirect_ids": ["rd_setup"]}, "confirm"),
}
LIVE_ONLY = frozenset({"change_requests", "review", "fixes"})
"""Toolsets whose every tool needs operations only the live profile has."""


def test_one_call_is_listed_for_every_toolset() -> None:
    assert set(ONE_CALL_PER_TOOLSET) == set(ALL_TOOLSETS)


@pytest.mark.parametrize("profile", ["seed", "live"])
async def test_every_toolset_answers_over_stdio(tmp_path: Path, profile: str) -> None:
    db = tmp_path / "local.db"
    async with stdio_client(db, "--toolsets", "all", "--profile", profile) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        results = {
            toolset: await client.call_tool(name, arguments)
            for toolset, (name, arguments, _) in ONE_CALL_PER_TOOLSET.items()
            if profile == "live" or toolset not in LIVE_ONLY
        }
    expected = build_tool_list(Selection(toolsets=("all",), profile=profile))
    assert set(tools) == {t.name for t in expected}
    assert ("list_backlinks" in tools) is (profile == "seed")
    assert ("list_reviews" in tools) is (profile == "live")
    methods = tools["write_space"].input_schema["properties"]["method"]["enum"]
    assert ("transfer" in methods) is (profile == "seed")
    for toolset, result in results.items():
        name, _, key = ONE_CALL_PER_TOOLSET[toolset]
        assert not result.is_error or key == "confirm", f"{profile} {name}: {result.content}"
        assert result.structured_content[key], f"{profile} {name} answered nothing"
    assert len(results["links"].structured_content["broken"]) == 4
