"""The one table of what a node's data may hold (`document.fields`) is the live contract's, row
for row, and `data_problems` names each field that breaks it by path with the allowed values."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document import parse_markdown
from gitbook_mcp.document.fields import DATA_RULES, HINT_STYLES, data_problems
from tests.support.contract import load_profile_contract


def _contract_rules() -> dict[str, tuple[set[str], dict[str, list[str]], set[str]]]:
    """Per node type of the live contract: required data fields, enumerated ones, string ones."""
    contract = load_profile_contract("live")
    out: dict[str, tuple[set[str], dict[str, list[str]], set[str]]] = {}
    for name, schema in contract.document["components"]["schemas"].items():
        kind = schema.get("properties", {}).get("type", {}).get("enum")
        if not name.startswith("Document") or not kind or len(kind) != 1:
            continue
        data = contract.resolve(schema["properties"].get("data", {}))
        parts = [data, *(contract.resolve(m) for m in data.get("allOf", ()))]
        required: set[str] = set()
        values: dict[str, list[str]] = {}
        strings: set[str] = set()
        for part in parts:
            required |= set(part.get("required", ()))
            for field, spec in part.get("properties", {}).items():
                spec = contract.resolve(spec)
                if "enum" in spec:
                    values[field] = spec["enum"]
                elif spec.get("type") == "string":
                    strings.add(field)
        if required or values or strings:
            out[kind[0]] = (required, values, strings)
    return out


def test_the_table_is_the_live_contracts() -> None:
    expected = _contract_rules()
    expected = {k: v for k, v in expected.items() if v[0] or v[1]}  # a rule to check
    assert set(DATA_RULES) == set(expected)
    for kind, (required, values, strings) in expected.items():
        rule = DATA_RULES[kind]
        assert set(rule.required) == required, kind
        assert {k: list(v) for k, v in rule.values.items()} == values, kind
        assert set(rule.strings) <= strings, kind
    assert list(DATA_RULES["hint"].values["style"]) == ["info", "warning", "danger", "success"]
    assert DATA_RULES["hint"].values["style"] is HINT_STYLES


def _hint(style: Any) -> dict[str, Any]:
    return {"object": "block", "type": "hint", "data": {"style": style}, "nodes": []}


def _doc(*nodes: dict[str, Any]) -> dict[str, Any]:
    return {"object": "document", "data": {}, "nodes": list(nodes)}


def test_a_tip_hint_parsed_from_markdown_is_named_with_the_allowed_styles() -> None:
    doc = parse_markdown('Intro.\n\n{% hint style="tip" %}\nA tip.\n{% endhint %}\n').document
    assert data_problems(doc) == [
        "nodes[1].data.style: 'tip' is not allowed; allowed: info, warning, danger, success"
    ]
    ok = parse_markdown('{% hint style="warning" %}\nCareful.\n{% endhint %}\n').document
    assert data_problems(ok) == []


def test_a_non_string_syntax_a_missing_field_and_a_mark_are_named() -> None:
    code = {"object": "block", "type": "code", "data": {"syntax": 5}, "nodes": []}
    assert data_problems(_doc(code)) == ["nodes[0].data.syntax: must be a string, not int"]
    assert data_problems(_doc({**_hint("info"), "data": {}})) == [
        "nodes[0].data.style: a hint needs it"
    ]
    assert data_problems(_doc({**_hint("info"), "data": None})) == [
        "nodes[0].data: a hint needs data (style)"
    ]
    mark = {
        "object": "mark",
        "type": "color",
        "data": {"text": "ultraviolet", "background": "default"},
    }
    leaf = {"object": "leaf", "text": "x", "marks": [mark]}
    para = {"object": "block", "type": "paragraph", "nodes": [{"object": "text", "leaves": [leaf]}]}
    [problem] = data_problems(_doc(para))
    assert problem.startswith("nodes[0].nodes[0].leaves[0].marks[0].data.text: 'ultraviolet'")


def test_problems_are_capped_and_an_unhashable_value_is_named() -> None:
    many = _doc(*[_hint("tip") for _ in range(30)])
    assert len(data_problems(many)) == 20
    assert len(data_problems(many, limit=3)) == 3
    assert data_problems(_doc(_hint(["info"])))[0].startswith("nodes[0].data.style: ['info']")
