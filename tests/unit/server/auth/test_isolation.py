"""Each caller acts with its own token: its own tools, results and errors, under load.

Two roles of the demo workspace (the admin, through the canary token, and the reader) use one
``--local --auth upstream`` server over real HTTP on loopback, 10 clients each, interleaved.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio
import anyio.lowlevel
import pytest
import structlog
from mcp.client import Client
from mcp.client.sse import sse_client

from gitbook_mcp.server.http.auth.keys import caller_key
from tests.conftest import CANARY
from tests.unit.server.auth.conftest import Running
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

READER = "gb_local_reader"
ROLES = {"admin": CANARY, "reader": READER}
CLIENTS_PER_ROLE = 10
CALLS_PER_CLIENT = 10


def _text(result: Any) -> str:
    return "\n".join(part.text for part in result.content if hasattr(part, "text"))


async def _calls(client: Client) -> dict[str, tuple[bool, str]]:
    """What a caller sees of the calls the load test makes: (is an error, text) each."""
    seen: dict[str, tuple[bool, str]] = {}
    for name in ("list_organizations", "create_redirect"):
        result = await client.call_tool(name, {})
        seen[name] = (bool(result.is_error), _text(result))
    return seen


async def _expected(mcp: McpFactory) -> dict[str, tuple[set[str], dict[str, tuple[bool, str]]]]:
    """Each role's tools and answers, from a server started with that role's own token."""
    expected = {}
    for role, token in ROLES.items():
        async with mcp(
            token,
            profile="live",
        ) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            expected[role] = (tools, await _calls(client))
    return expected


async def test_two_roles_interleaved_under_load_each_see_only_their_own(
    upstream: Callable[..., AbstractAsyncContextManager[Running]],
    mcp: McpFactory,
    caplog: pytest.LogCaptureFixture,
) -> None:
    expected = await _expected(mcp)
    admin_tools, reader_tools = expected["admin"][0], expected["reader"][0]
    assert reader_tools < admin_tools  # the roles differ, or the test would show nothing
    assert expected["admin"][1] != expected["reader"][1]
    assert "not offered to this token" in expected["reader"][1]["create_redirect"][1]
    seen: list[tuple[str, set[str], list[tuple[str, bool, str]]]] = []

    async def one_client(running: Running, role: str) -> None:
        async with running.client(ROLES[role]) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            answers = []
            for i in range(CALLS_PER_CLIENT):
                name = ("list_organizations", "create_redirect")[i % 2]
                result = await client.call_tool(name, {})
                answers.append((name, bool(result.is_error), _text(result)))
                await anyio.lowlevel.checkpoint()
            seen.append((role, tools, answers))

    caplog.set_level(logging.DEBUG)
    with structlog.testing.capture_logs() as logs:
        async with upstream() as running:
            async with anyio.create_task_group() as tg:
                for _ in range(CLIENTS_PER_ROLE):
                    for role in ROLES:
                        tg.start_soon(one_client, running, role)
            cache_keys = running.server.callers.held_keys() if running.server.callers else []
            verdict_keys = (
                running.server.verifier.verdicts.held_keys() if running.server.verifier else []
            )

    assert len(seen) == 2 * CLIENTS_PER_ROLE
    for role, tools, answers in seen:
        assert tools == expected[role][0], role
        assert len(answers) == CALLS_PER_CLIENT
        for name, is_error, text in answers:
            assert (is_error, text) == expected[role][1][name], (role, name)
            assert CANARY not in text
    # One cached caller per token, keyed by its hash; no token in any key, log or log event.
    assert sorted(cache_keys) == sorted(caller_key(t) for t in ROLES.values())
    assert sorted(verdict_keys) == sorted(cache_keys)
    assert any(event["event"] == "auth.verified" for event in logs)
    for text in (repr(logs), caplog.text, repr(cache_keys), repr(verdict_keys)):
        assert CANARY not in text
        assert READER not in text


async def test_over_sse_each_caller_sees_its_own_tools_and_results(
    upstream: Callable[..., AbstractAsyncContextManager[Running]], mcp: McpFactory
) -> None:
    expected = await _expected(mcp)
    seen = {}
    async with upstream(transport="sse") as running, anyio.create_task_group() as tg:

        async def one(role: str) -> None:
            headers = {"authorization": f"Bearer {ROLES[role]}"}
            transport = sse_client(f"{running.url}/sse", headers=headers)
            async with Client(transport, cache=None) as client:
                tools = {t.name for t in (await client.list_tools()).tools}
                seen[role] = (tools, await _calls(client))

        for role in ROLES:
            tg.start_soon(one, role)
    assert seen == expected
