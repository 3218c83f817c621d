"""The corpus is valid against the live contract's ``JSONDocument`` and uses every block,
inline and mark type the contract names (read from the vendored contract, so a new type fails)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from gitbook_mcp.document.nodes import BLOCK_TYPES, INLINE_TYPES, MARK_TYPES, walk
from tests.support.contract import CONTRACT_FILES, JSON_DOCUMENT, document_contract
from tests.unit.document.corpus import CORPUS


def _schemas() -> dict[str, Any]:
    document = json.loads(CONTRACT_FILES["live"].read_text())
    schemas: dict[str, Any] = document["components"]["schemas"]
    return schemas


def _enum_types(prefix: str, skip: tuple[str, ...] = ()) -> set[str]:
    found: set[str] = set()
    for name, schema in _schemas().items():
        if not name.startswith(prefix) or name.startswith(skip):
            continue
        kind = schema.get("properties", {}).get("type", {})
        found.update(kind.get("enum", []))
    return found


def test_the_relaxed_defects_are_still_there() -> None:
    schemas = _schemas()
    assert "type" not in schemas["PlainObject"]
    assert "oneOf" in schemas["PlainObject"]["additionalProperties"]
    button = schemas["DocumentInlineButton"]["properties"]["data"]["allOf"][1]["oneOf"]
    assert all(alt.get("additionalProperties") is False for alt in button)
    value = schemas["DocumentTableRecord"]["properties"]["values"]["additionalProperties"]
    kinds = [alt.get("$ref", "").rsplit("/", 1)[-1] for alt in value["oneOf"]]
    assert {"ContentRef", "DocumentTableImageRecord"} <= set(kinds)
    image = schemas["DocumentTableImageRecord"]["oneOf"]
    assert {"$ref": "#/components/schemas/ContentRefURL"} in image


def _used(kind: str) -> Iterator[str]:
    for build in CORPUS.values():
        for node, _ in walk(build()):
            if node.get("object") == kind and kind != "text":
                yield str(node["type"])
            if node.get("object") == "text" == kind:
                for leaf in node["leaves"]:
                    yield from (f"mark:{m['type']}" for m in leaf["marks"])


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_the_corpus_is_valid_against_the_live_contract(name: str) -> None:
    document_contract().validate(JSON_DOCUMENT, CORPUS[name](), name)


def test_the_validator_rejects_a_broken_document() -> None:
    doc = CORPUS["basics"]()
    doc["nodes"][0]["data"]["id"] = "Not An Id"
    with pytest.raises(AssertionError):
        document_contract().validate(JSON_DOCUMENT, doc, "broken")


def test_every_node_of_the_corpus_has_a_key() -> None:
    for build in CORPUS.values():
        for node, where in walk(build()):
            if node.get("object") in ("block", "inline", "text"):
                assert node.get("key"), where


def test_the_corpus_uses_every_type_of_thedocument_contract() -> None:
    blocks = _enum_types("DocumentBlock", skip=("DocumentBlocks",))
    inlines = _enum_types("DocumentInline")
    marks = _enum_types("DocumentMark")
    assert (len(blocks), len(inlines), len(marks)) == (38, 9, 8)
    assert (blocks, inlines, marks) == (set(BLOCK_TYPES), set(INLINE_TYPES), set(MARK_TYPES))
    assert blocks <= set(_used("block"))
    assert inlines <= set(_used("inline"))
    assert {f"mark:{m}" for m in marks} <= set(_used("text"))
