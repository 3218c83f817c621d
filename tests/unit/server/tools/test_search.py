"""The ``search`` toolset: pages found, with their matching sections."""

from __future__ import annotations

import pytest

from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_search_returns_pages_with_sections(mcp: McpFactory) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "search_content", {"organization_id": "org_acme", "query": "installer"}
        )
    hits = result.structured_content["hits"]
    assert hits[0]["path"] == "getting-started/install"
    assert hits[0]["sections"][0]["title"] == "Install the CLI"


async def test_limit_counts_pages_found_and_the_cursor_resumes_without_loss(
    mcp: McpFactory,
) -> None:
    args = {"organization_id": "org_acme", "query": "the"}
    async with mcp() as client:
        every = await client.call_tool("search_content", {**args, "limit": 100})
        seen: list[str] = []
        cursor = None
        for _ in range(50):
            step = await client.call_tool(
                "search_content", {**args, "limit": 1, **({"cursor": cursor} if cursor else {})}
            )
            hits = step.structured_content["hits"]
            assert len(hits) <= 1
            seen += [h["page_id"] for h in hits]
            cursor = step.structured_content.get("next_cursor")
            if not cursor:
                break
    expected = [h["page_id"] for h in every.structured_content["hits"]]
    assert len(expected) > 2
    assert seen == expected


async def test_a_question_that_finds_nothing_gets_a_hint(mcp: McpFactory) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "search_content",
            {"organization_id": "org_acme", "query": "how do I rotate my zebra credentials?"},
        )
    assert result.structured_content["hits"] == []
    assert "key terms" in result.content[0].text
