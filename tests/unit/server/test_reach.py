"""With ``--toolsets all`` every seed operation but the two link listings is reachable.

Each toolset's scenario (``tests/unit/server/reach/<toolset>.py``) must call every tool of the
toolset and every method of a grouped tool, without a tool error; together the scenarios must
send every operation of the contract.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable

import pytest

from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import ALL_TOOLSETS, all_tools
from tests.conftest import SEED_TIME
from tests.support.contract import load_contract
from tests.unit.server.reach import Caller, Reached, operation_of, run_scenario

pytestmark = pytest.mark.anyio


def _scenario(toolset: str) -> Callable[[Caller], Awaitable[None]]:
    module = importlib.import_module(f"tests.unit.server.reach.{toolset}")
    scenario: Callable[[Caller], Awaitable[None]] = module.scenario
    return scenario


def _expected_calls(tool: ToolDef) -> set[tuple[str, str | None]]:
    return {(tool.name, m) for m in tool.methods} or {(tool.name, None)}


async def _reach(toolset: str) -> Reached:
    # A scenario module may set PROFILE = "live" when its toolset calls live-only operations.
    profile = getattr(
        importlib.import_module(f"tests.unit.server.reach.{toolset}"), "PROFILE", "seed"
    )
    return await run_scenario(_scenario(toolset), clock=ManualClock(SEED_TIME), profile=profile)


def test_operation_of_matches_the_route_templates() -> None:
    assert operation_of("GET", "/spaces/s1/content/path/a/b/c") == "getPageByPath"
    assert operation_of("GET", "/orgs/o/members/u") == "getMemberInOrganizationById"
    assert operation_of("GET", "/orgs/o/members/u/teams") == "listTeamsForOrganizationMember"
    assert operation_of("POST", "/orgs/o/members/u") is None


@pytest.mark.parametrize("toolset", ALL_TOOLSETS)
async def test_the_scenario_calls_every_tool_and_method_of_its_toolset(toolset: str) -> None:
    reached = await _reach(toolset)
    expected: set[tuple[str, str | None]] = set()
    for tool in all_tools():
        if tool.toolset == toolset:
            expected |= _expected_calls(tool)
    assert sorted(expected - reached.calls, key=str) == []


UNUSED = {"listSpaceLinks", "listPageLinksInChangeRequest"}
"""Link listings no tool calls: check_links reads links from content (the live API lacks them)."""


async def test_all_toolsets_together_reach_every_operation() -> None:
    operations: set[str] = set()
    for toolset in ALL_TOOLSETS:
        operations |= (await _reach(toolset)).operations
    assert operations & UNUSED == set()
    expected = set(load_contract().operations) - UNUSED
    assert sorted(expected - operations) == []
