"""The server (`server/app.py`): tools served from the project's own definitions, their
arguments validated once a call, their schemas built and slimmed once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.local import Store
from gitbook_mcp.server import app, runner, schemas
from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import Selection, build_tool_list
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio


async def test_initialize_does_not_wait_for_the_tools_and_the_first_listing_builds_them(
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
        assert (await client.list_tools()).tools
        assert (await client.list_tools()).tools
    assert prompts
    assert built == [1]


class _CountingValidator:
    """A model's pydantic validator that counts the validations it runs."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.calls = 0
        self.results: list[Any] = []

    def validate_python(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        result = self.real.validate_python(*args, **kwargs)
        self.results.append(result)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


async def test_a_call_validates_its_arguments_once_and_the_handler_gets_that_result(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = make_server(store)
    tool = server.base_runtime.tools["list_spaces"]
    counting = _CountingValidator(tool.input.__pydantic_validator__)
    monkeypatch.setattr(tool.input, "__pydantic_validator__", counting)
    received: list[Any] = []

    async def handler(ctx: Any, args: Any) -> Any:
        received.append(args)
        return await tool.handler(ctx, args)

    server.base_runtime.tools["list_spaces"] = replace(tool, handler=handler)
    async with Client(server, cache=None) as client:
        result = await client.call_tool("list_spaces", {"organization_id": "org_acme"})
        refused = await client.call_tool("list_spaces", {"organization_id": ""})
    assert result.is_error is False, result.content
    assert refused.is_error is True
    assert counting.calls == 2  # one validation for each of the two calls
    assert len(received) == 1
    assert received[0] is counting.results[0]


def test_no_tool_or_prompt_has_a_synthesized_signature() -> None:
    server_package = Path(app.__file__).parent
    found = [
        str(path.relative_to(server_package))
        for path in sorted(server_package.rglob("*.py"))
        if "__signature__" in path.read_text(encoding="utf-8")
    ]
    assert found == []


async def test_schemas_are_slimmed_once_per_process_not_on_every_listing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Any] = []
    real = schemas.slim

    def counting(schema: Any, **options: Any) -> Any:
        calls.append(schema)
        return real(schema, **options)

    monkeypatch.setattr(schemas, "slim", counting)
    schemas._listed_input_text.cache_clear()  # as in a fresh process
    async with Client(make_server(store), cache=None) as client:
        first = (await client.list_tools()).tools
        once = len(calls)
        second = (await client.list_tools()).tools
    async with Client(make_server(store), cache=None) as client:  # another server: same models
        third = (await client.list_tools()).tools
    assert once > 0
    assert len(calls) == once
    assert [t.input_schema for t in first] == [t.input_schema for t in second]
    assert [t.input_schema for t in first] == [t.input_schema for t in third]
    assert all("title" not in t.input_schema for t in first)
    model = build_tool_list(Selection(toolsets=("all",)))[0].input
    mine = schemas.listed_input_schema(model)
    mine["changed"] = True  # each caller's copy is its own
    assert "changed" not in schemas.listed_input_schema(model)
