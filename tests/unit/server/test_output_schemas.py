"""Typed output schemas (``--output-schemas full``): every field of every tool's result typed,
nested objects and arrays with their items, enums; listed only when asked for, since the default
``tools/list`` would not fit its budget with them (`test_schemas.py`). That each tool's
structured results are valid against its schema is checked where every tool is called: the
reach scenarios (`reach.conform`) and `test_text_parity.py`.

Set UPDATE_SNAPSHOTS=1 to rewrite ``snapshots/output/<tool>.json`` after an intended change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pytest
from jsonschema import Draft202012Validator
from pydantic import BaseModel, Field

from gitbook_mcp.server.app import confirmed
from gitbook_mcp.server.schemas import output_schema
from gitbook_mcp.server.toolsets import all_tools
from tests.unit.server.conftest import McpFactory, snapshot_drift

SNAPSHOTS = Path(__file__).parent / "snapshots" / "output"
TYPED = frozenset({"type", "enum", "const", "anyOf"})
"""What says a value's type: a schema with none of these (``{}``) admits anything."""


class _Item(BaseModel):
    title: str
    kind: Literal["page", "link"] = "page"


class _Result(BaseModel):
    space_id: str = Field(description="Space id")
    items: list[_Item]
    total: int
    note: str | None = Field(default=None, description="Why some were left out")
    parent: _Item | None = None
    labels: dict[str, str | None] = {}


def _untyped(node: Any, where: str) -> list[str]:
    """Every place under ``node`` whose schema does not say its type."""
    if not isinstance(node, dict):
        return []
    found = [] if TYPED & node.keys() else [where]
    for name, prop in node.get("properties", {}).items():
        found += _untyped(prop, f"{where}.{name}")
    for key in ("items", "additionalProperties"):
        found += _untyped(node.get(key), f"{where}.{key}")
    for variant in node.get("anyOf", []):
        found += _untyped(variant, f"{where}|")
    return found


def test_a_result_model_becomes_a_typed_compact_schema() -> None:
    schema = output_schema(_Result)
    assert schema == {
        "type": "object",
        "properties": {
            "space_id": {"type": "string"},
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"title": {"type": "string"}, "kind": {"enum": ["page", "link"]}},
                    "required": ["title", "kind"],
                },
            },
            "total": {"type": "integer"},
            "note": {"type": "string", "description": "Why some were left out"},
            "parent": {
                "type": "object",
                "properties": {"title": {"type": "string"}, "kind": {"enum": ["page", "link"]}},
                "required": ["title", "kind"],
            },
            "labels": {"type": "object", "additionalProperties": {"type": ["string", "null"]}},
        },
        "required": ["space_id", "items", "total", "labels"],
    }


def test_the_schema_admits_the_dumped_result_and_refuses_a_wrong_one() -> None:
    validator = Draft202012Validator(output_schema(_Result))
    result = _Result(space_id="s", items=[_Item(title="A")], total=1, labels={"x": None})
    assert list(validator.iter_errors(result.model_dump(mode="json", exclude_none=True))) == []
    wrong = [
        {"space_id": "s", "items": [], "total": "1", "labels": {}},
        {"space_id": "s", "items": [{"title": "A", "kind": "file"}], "total": 1, "labels": {}},
        {"space_id": "s", "items": [], "total": 1, "labels": {}, "note": None},
        {"space_id": "s", "items": [], "labels": {}},
    ]
    assert [validator.is_valid(w) for w in wrong] == [False] * len(wrong)


def test_every_field_of_every_result_is_typed() -> None:
    for tool in all_tools():
        schema = output_schema(tool.output)
        Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object", tool.name
        assert "$ref" not in json.dumps(schema), f"{tool.name}: a reference left unresolved"
        assert _untyped(schema, tool.name) == []


def test_every_output_schema_matches_its_snapshot() -> None:
    texts = {
        tool.name: json.dumps(
            output_schema(tool.output, confirmed=confirmed(tool)), indent=2, sort_keys=True
        )
        + "\n"
        for tool in all_tools()
    }
    drift, stale = snapshot_drift(SNAPSHOTS, texts)
    assert drift == [], f"output schemas changed for {drift}: review, rerun with UPDATE_SNAPSHOTS=1"
    assert stale == set(), f"snapshots of removed tools: {stale}"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["none", "full"])
async def test_tools_list_carries_output_schemas_only_when_asked(
    mcp: McpFactory, mode: str
) -> None:
    async with mcp("gb_local_admin", output_schemas=mode) as client:
        tools = (await client.list_tools()).tools
    outputs = {t.name: t.output_schema for t in tools}
    definitions = {t.name: t for t in all_tools()}
    expected = {
        name: output_schema(definitions[name].output, confirmed=confirmed(definitions[name]))
        if mode == "full"
        else None
        for name in outputs
    }
    assert outputs == expected
