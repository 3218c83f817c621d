"""The server (`server/app.py`): setup on first need, by one middleware; schemas slimmed once."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.local import Store
from gitbook_mcp.server import app, runner
from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import Selection, build_tool_list
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio


async def test_initialize_does_not_wait_for_the_tools_and_the_first_listing_sets_up(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []

    def tools(selection: Selection) -> list[ToolDef]:
        built.append(1)
        return build_tool_list(selection)

    monkeypatch.setattr(runner, "build_tool_list", tools)
    async with Client(make_server(store), cache=None) as client:
        assert built == []
        prompts = (await client.list_prompts()).prompts
        assert built == [1]
        assert (await client.list_tools()).tools
    assert prompts
    assert built == [1]


async def test_schemas_are_slimmed_once_not_on_every_listing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Any] = []
    real = app.slim

    def counting(schema: Any, **options: Any) -> Any:
        calls.append(schema)
        return real(schema, **options)

    monkeypatch.setattr(app, "slim", counting)
    async with Client(make_server(store), cache=None) as client:
        first = (await client.list_tools()).tools
        once = len(calls)
        second = (await client.list_tools()).tools
    assert once > 0
    assert len(calls) == once
    assert [t.input_schema for t in first] == [t.input_schema for t in second]
    assert all("title" not in t.input_schema for t in first)
