"""A caller's tools change for that caller alone, and only that caller is told."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio
import pytest
from mcp.server.subscriptions import ToolsListChanged

from gitbook_mcp.server.http.auth.bus import CallerBus
from gitbook_mcp.server.http.auth.keys import CALLER_KEY
from tests.conftest import CANARY
from tests.unit.server.auth.conftest import Running

pytestmark = pytest.mark.anyio

PROMOTE = "UPDATE members SET role = 'admin' WHERE org_id = 'org_acme' AND user_id = 'usr_reader'"


async def _names(client: Any) -> set[str]:
    return {t.name for t in (await client.list_tools()).tools}


async def test_a_refresh_changes_and_announces_the_tools_of_its_caller_only(
    upstream: Callable[..., AbstractAsyncContextManager[Running]],
) -> None:
    async with (
        upstream() as running,
        running.client(CANARY, mode="2026-07-28") as admin,
        running.client("gb_local_reader", mode="2026-07-28") as reader,
    ):
        admin_before, reader_before = await _names(admin), await _names(reader)
        async with (
            admin.listen(tools_list_changed=True) as admin_events,
            reader.listen(tools_list_changed=True) as reader_events,
        ):
            with sqlite3.connect(running.db) as db:
                db.execute(PROMOTE)
            refreshed = await reader.call_tool("refresh_permissions", {})
            with anyio.fail_after(10):
                told = await reader_events.__anext__()
            with anyio.move_on_after(0.5) as quiet:
                await admin_events.__anext__()
        admin_after, reader_after = await _names(admin), await _names(reader)
    assert not refreshed.is_error
    assert isinstance(told, ToolsListChanged)
    assert quiet.cancelled_caught  # the admin's stream heard nothing
    assert reader_after > reader_before
    assert admin_after == admin_before


async def test_the_bus_keeps_each_callers_events_to_its_own_streams() -> None:
    bus = CallerBus()
    heard: dict[str, list[object]] = {"a": [], "b": [], "none": []}
    for who in heard:
        token = CALLER_KEY.set(None if who == "none" else who)
        bus.subscribe(heard[who].append)
        CALLER_KEY.reset(token)
    token = CALLER_KEY.set("a")
    await bus.publish(ToolsListChanged())
    CALLER_KEY.reset(token)
    assert [len(heard[w]) for w in ("a", "b", "none")] == [1, 0, 0]
    await bus.publish(ToolsListChanged())  # outside any caller: everyone
    assert [len(heard[w]) for w in ("a", "b", "none")] == [2, 1, 1]
