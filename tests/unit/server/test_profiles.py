"""Per API profile: which tools and methods are offered, what replaces the others, and how the
section-group methods reach a group on the live profile (through the section update)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.api import operations
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.resources import Sites, SiteSectionGroups, SiteSections
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS
from gitbook_mcp.local.seed.sites import SECTION_GUIDES
from gitbook_mcp.server.calls.offer import for_profile
from gitbook_mcp.server.docs import profiles_cell
from gitbook_mcp.server.runner import create_server
from gitbook_mcp.server.tooling import Needs
from gitbook_mcp.server.toolsets import Selection, all_tools, build_tool_list
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}


def _names(profile: Any) -> set[str]:
    return {t.name for t in build_tool_list(Selection(toolsets=("all",), profile=profile))}


def test_live_leaves_out_the_tools_whose_operations_it_lacks() -> None:
    every = {t.name for t in all_tools()}
    live_only = {t.name for t in all_tools() if t.toolset in ("review", "change_requests", "fixes")}
    live_only.discard("resolve_url")  # a read of sites and pages: both profiles have them
    assert every - _names("seed") == live_only
    assert _names(None) == every
    assert every - _names("live") == {"list_backlinks", "import_content"}


def test_a_method_the_profile_lacks_leaves_the_schema_and_is_named_in_the_description() -> None:
    live = {t.name: t for t in build_tool_list(Selection(toolsets=("all",), profile="live"))}
    seed = {t.name: t for t in build_tool_list(Selection(toolsets=("all",), profile="seed"))}
    assert "transfer" in seed["write_space"].methods
    assert "transfer" not in live["write_space"].methods
    assert "transfer (" in live["write_space"].description
    assert "Not offered" not in seed["write_space"].description
    # The section-group methods have another way on live: they stay.
    assert {"add_section", "remove_section"} <= set(live["write_section_group"].methods)
    with pytest.raises(ValueError, match="transfer"):
        live["write_space"].input.model_validate({"space_id": "s", "method": "transfer"})
    again = {t.name: t for t in build_tool_list(Selection(toolsets=("all",), profile="live"))}
    assert again["write_space"].input is live["write_space"].input  # narrowed once, kept


def test_needs_are_met_by_either_way() -> None:
    needs = Needs((SiteSectionGroups.add_section,), otherwise=(SiteSections.update, Sites.get))
    assert needs.operations == ("addSectionToGroup",)
    assert needs.otherwise == ("updateSiteSectionById", "getSiteById")
    assert needs.met_by(frozenset({"addSectionToGroup"}))
    assert needs.met_by(frozenset({"updateSiteSectionById", "getSiteById"}))
    assert not needs.met_by(frozenset({"updateSiteSectionById"}))
    with pytest.raises(TypeError, match="implements no API operation"):
        Needs((len,))
    tool = next(t for t in all_tools() if t.name == "list_backlinks")
    assert for_profile(tool, operations("live")) is None
    assert for_profile(replace(tool, needs=None), operations("live")) is not None


def test_merge_is_offered_only_where_main_can_be_read() -> None:
    # Its confirmation is bound to main's revision, read with getSpaceById (issue 36).
    tool = next(t for t in all_tools() if t.name == "merge_change_request")
    live = operations("live")
    assert for_profile(tool, live) is not None
    assert for_profile(tool, live - {"getSpaceById"}) is None


async def test_calls_of_what_live_lacks_say_what_replaces_it(mcp: McpFactory) -> None:
    async with mcp(toolsets=("all",), profile="live") as client:
        names = {t.name for t in (await client.list_tools()).tools}
        backlinks = await client.call_tool("list_backlinks", {"space_id": "s", "page_id": "p"})
        transfer = await client.call_tool(
            "write_space", {"space_id": "s", "method": "transfer", "organization_id": "o"}
        )
    assert "list_backlinks" not in names
    assert "check_links" in names
    assert backlinks.is_error
    assert "check_links" in backlinks.content[0].text
    assert transfer.is_error
    assert "'transfer' is not available on this API profile" in transfer.content[0].text


async def test_live_section_group_methods_use_the_section_update(store: Store) -> None:
    sent: list[tuple[str, str, bytes]] = []

    class Recording(LocalTransport):
        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            sent.append((request.method, request.url.path, request.content))
            return await super().handle_async_request(request)

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        app = create_app(store, profile="live")
        async with GitBookClient(
            token="gb_local_admin", base_url="http://local.test/v1", transport=Recording(app)
        ) as client:
            yield client

    settings = Settings(
        local=True, toolsets=("sites_admin",), profile="live", output_schemas="full"
    )
    async with Client(create_server(settings, factory=factory), cache=None) as client:
        group = await client.call_tool(
            "write_section_group", {**SITE, "method": "add", "title": "More"}
        )
        group_id = group.structured_content["group"]["id"]
        joined = await client.call_tool(
            "write_section_group",
            {**SITE, "method": "add_section", "group_id": group_id, "section_id": SECTION_GUIDES},
        )
        left = {**SITE, "method": "remove_section", "group_id": group_id}
        removed = await client.call_tool(
            "write_section_group", {**left, "section_id": SECTION_GUIDES}
        )
        again = await client.call_tool(
            "write_section_group", {**left, "section_id": SECTION_GUIDES}
        )
    assert joined.structured_content["group"]["sections"] == [SECTION_GUIDES]
    assert removed.structured_content == {"removed": True}
    assert again.structured_content == {"removed": False}
    patches = [body for method, path, body in sent if method == "PATCH" and "/sections/" in path]
    assert patches == [
        f'{{"siteSectionGroupId":"{group_id}"}}'.encode(),
        b'{"siteSectionGroupId":null}',
    ]
    assert not any("/section-groups/" in path and "/sections" in path for _, path, _ in sent)


def test_the_tool_table_says_which_profiles_offer_each_tool() -> None:
    cells = {t.name: profiles_cell(t) for t in all_tools()}
    assert cells["list_backlinks"] == "seed"
    assert cells["import_content"] == "seed"
    assert cells["write_space"] == "seed, live (not transfer)"
    assert cells["write_section_group"] == "seed, live"
