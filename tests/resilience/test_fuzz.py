"""Fuzzing of tool inputs: for every tool, arguments generated from its ``inputSchema`` and
deliberately broken ones. No call may break the protocol or crash the server, and every invalid
input must come back as a tool error naming the field."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gitbook_mcp.local import Store
from tests.unit.server.conftest import McpFactory

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

ODD = ["", " ", "é", "\u202e\u200b", "😀" * 3, "a/../b", "%00", "' OR 1=1 --", "x" * 600, "\n\t"]
IDS = ["org_acme", "spc_handbook", "site_docs", "1", "pg_install", "nope", "cm_install_typo"]


def _valid(schema: dict[str, Any], rng: random.Random) -> Any:
    if "enum" in schema:
        return rng.choice(schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 10_000)
        return rng.randint(low, high)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        return [_valid(schema.get("items", {}), rng) for _ in range(rng.randint(0, 3))]
    value = rng.choice(IDS + ODD[:5])
    return value[: schema.get("maxLength", len(value))]


def _arguments(schema: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    props: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    return {
        name: _valid(p, rng) for name, p in props.items() if name in required or rng.random() < 0.5
    }


def _broken(schema: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """Arguments with one deliberate fault, and the field the error must name."""
    props: dict[str, Any] = schema.get("properties", {})
    args = _arguments(schema, rng)
    kind = rng.choice(["unknown", "type", "missing", "long"])
    required = list(schema.get("required", []))
    if kind == "missing" and required:
        field = rng.choice(required)
        args.pop(field, None)
        return args, field
    strings = [n for n, p in props.items() if p.get("maxLength")]
    if kind == "long" and strings:
        field = rng.choice(strings)
        args[field] = "x" * (props[field]["maxLength"] + 1)
        return args, field
    typed = [
        n for n, p in props.items() if p.get("type") in ("string", "integer", "boolean", "array")
    ]
    if kind == "type" and typed:
        field = rng.choice(typed)
        args[field] = {"nested": ["wrong type"]}
        return args, field
    args["not_a_field"] = 1
    return args, "not_a_field"


async def test_generated_and_broken_arguments_for_every_tool(mcp: McpFactory, store: Store) -> None:
    rng = random.Random(11)
    async with mcp(toolsets=("all",)) as client:
        tools = (await client.list_tools()).tools
        assert tools
        for tool in tools:
            for _ in range(8):
                result = await client.call_tool(tool.name, _arguments(tool.input_schema, rng))
                text = result.content[0].text if result.content else ""
                assert "Traceback" not in text, (tool.name, text)
            for _ in range(6):
                args, field = _broken(tool.input_schema, rng)
                result = await client.call_tool(tool.name, args)
                assert result.is_error, (tool.name, args)
                assert field in result.content[0].text, (tool.name, field, result.content[0].text)
        after = await client.call_tool("list_organizations", {})
    assert not after.is_error
    assert store.db.integrity_check() == "ok"
