"""The instructions and prompts name only tools the configuration's ``tools/list`` offers; a
tool that exists but is not offered answers with what it needs (issue 22, item 1)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gitbook_mcp.server.guide import CATALOG
from gitbook_mcp.server.toolsets import Selection, all_tools, build_tool_list
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio
TOOL_NAMES = {t.name for t in all_tools()}
PROMPT_ARGS = {
    "space_id": "spc_handbook",
    "change_request_id": "1",
    "organization_id": "org_acme",
    "site_id": "site_docs",
    "request": "document the new flag",
}


def _named(text: str) -> set[str]:
    return set(re.findall(r"[a-z_]+", text)) & TOOL_NAMES


async def _texts(client: Any) -> list[str]:
    texts = [client.instructions or ""]
    for prompt in (await client.list_prompts()).prompts:
        args = {a.name: PROMPT_ARGS[a.name] for a in prompt.arguments or [] if a.required}
        got = await client.get_prompt(prompt.name, args)
        texts.append(got.messages[0].content.text)
    return texts


@pytest.mark.parametrize("profile", ["seed", "live"])
@pytest.mark.parametrize("toolsets", [("default",), ("all",), ("links",)])
@pytest.mark.parametrize("read_only", [False, True])
async def test_no_tool_is_named_that_the_configuration_does_not_offer(
    mcp: McpFactory, profile: str, toolsets: tuple[str, ...], read_only: bool
) -> None:
    async with mcp(profile=profile, toolsets=toolsets, read_only=read_only) as client:
        listed = {t.name for t in (await client.list_tools()).tools}
        texts = await _texts(client)
    named = set().union(*(_named(text) for text in texts))
    assert named - listed == set(), f"named but not offered: {named - listed}"
    assert "check_links" in named  # the links job is described in every configuration


async def test_a_prompt_whose_job_cannot_be_done_says_what_it_needs(mcp: McpFactory) -> None:
    async with mcp(profile="live", toolsets=("links",)) as client:
        fix = await client.get_prompt(
            "fix_broken_links", {"space_id": "spc_handbook", "change_request_id": "1"}
        )
    text = fix.messages[0].content.text
    assert "the `fixes` toolset, not enabled" in text
    assert "--toolsets default,fixes" in text


@pytest.mark.parametrize("profile", ["seed", "live"])
def test_the_catalog_of_the_instructions_matches_the_tools(profile: str) -> None:
    offered = {t.name: t for t in build_tool_list(Selection(toolsets=("all",), profile=profile))}
    every = {t.name: t for t in all_tools()}
    for name, (toolset, writes, profiles) in CATALOG.items():
        assert every[name].toolset == toolset, name
        assert every[name].read_only is not writes, name
        assert (name in offered) is (profile in profiles), name


async def test_a_tool_not_enabled_names_its_toolset_then_enabling_offers_it(
    mcp: McpFactory,
) -> None:
    async with mcp(profile="live", toolsets=("navigate", "links")) as client:
        before = {t.name for t in (await client.list_tools()).tools}
        refused = await client.call_tool("fix_links", {"space_id": "spc_handbook"})
        enabled = await client.call_tool("enable_toolset", {"toolset": "fixes"})
        after = {t.name for t in (await client.list_tools()).tools}
    assert "fix_links" not in before
    assert "fix_links" in after
    assert refused.is_error
    message = refused.content[0].text
    assert "`fixes` toolset, not enabled" in message
    assert 'enable_toolset(toolset="fixes")' in message
    assert enabled.structured_content["added"] == ["fix_links", "resolve_url"]


async def test_a_write_in_read_only_mode_says_so(mcp: McpFactory) -> None:
    async with mcp(profile="live", read_only=True) as client:
        refused = await client.call_tool("create_redirect", {"site_id": "x"})
    assert refused.is_error
    assert "--read-only" in refused.content[0].text
    assert "Unknown tool" not in refused.content[0].text


async def test_a_tool_the_profile_lacks_says_so(mcp: McpFactory) -> None:
    async with mcp(profile="seed") as client:
        refused = await client.call_tool("fix_links", {"space_id": "spc_handbook"})
    assert refused.is_error
    assert "seed profile lacks" in refused.content[0].text


async def test_the_handshake_announces_that_the_tool_list_changes(mcp: McpFactory) -> None:
    async with mcp() as client:
        tools = client.server_capabilities.tools
    assert tools is not None
    assert tools.list_changed is True
