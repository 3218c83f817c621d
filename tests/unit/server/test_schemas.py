"""What agents see, per API profile: the ``tools/list`` byte budgets, and one schema snapshot per
tool (``snapshots/<profile>/<tool>.json``).

Set UPDATE_SNAPSHOTS=1 to rewrite the snapshots after an intended change; the diff then shows in
review.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.unit.server.conftest import McpFactory, snapshot_drift

pytestmark = [pytest.mark.anyio, pytest.mark.parametrize("profile", ["seed", "live"])]
SNAPSHOTS = Path(__file__).parent / "snapshots"
DEFAULT_BUDGET = 20_000
ALL_BUDGET = 60_000
BYTES_PER_TOOL = 600
"""150 tokens per tool on average, at about 4 bytes a token."""


def _compact(tools: list[Any]) -> str:
    return json.dumps(
        [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools],
        separators=(",", ":"),
    )


async def test_default_toolsets_fit_the_budget(mcp: McpFactory, profile: str) -> None:
    async with mcp("gb_local_admin", profile=profile, output_schemas="none") as client:
        tools = (await client.list_tools()).tools
    size = len(_compact(tools).encode())
    assert size <= DEFAULT_BUDGET, f"tools/list is {size} bytes, budget {DEFAULT_BUDGET}"
    assert size / len(tools) <= BYTES_PER_TOOL, f"{size / len(tools):.0f} bytes a tool"


async def test_all_toolsets_fit_the_budget(mcp: McpFactory, profile: str) -> None:
    async with mcp(
        "gb_local_admin", toolsets=("all",), profile=profile, output_schemas="none"
    ) as client:
        size = len(_compact((await client.list_tools()).tools).encode())
    assert size <= ALL_BUDGET, f"tools/list is {size} bytes, budget {ALL_BUDGET}"


async def test_every_tool_matches_its_snapshot(mcp: McpFactory, profile: str) -> None:
    async with mcp(
        "gb_local_admin", toolsets=("all",), profile=profile, output_schemas="none"
    ) as client:
        tools = (await client.list_tools()).tools
    texts = {
        tool.name: json.dumps(
            tool.model_dump(mode="json", by_alias=True, exclude_none=True),
            indent=2,
            sort_keys=True,
            ensure_ascii=False,
        )
        + "\n"
        for tool in tools
    }
    drift, stale = snapshot_drift(SNAPSHOTS / profile, texts)
    assert drift == [], f"schemas changed for {drift}: review, then rerun with UPDATE_SNAPSHOTS=1"
    assert stale == set(), f"snapshots of removed tools: {stale}"
