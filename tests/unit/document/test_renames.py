"""Renamed headings read from two versions of a page: by block key, else by place."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.renames import heading_renames


def _heading(text: str, key: str | None = None, meta: str | None = None) -> dict[str, Any]:
    node: dict[str, Any] = {
        "object": "block",
        "type": "heading-2",
        "data": {},
        "nodes": [{"object": "text", "leaves": [{"object": "leaf", "text": text, "marks": []}]}],
    }
    if key:
        node["key"] = key
    if meta:
        node["meta"] = {"id": meta}
    return node


def _doc(*nodes: dict[str, Any]) -> dict[str, Any]:
    return {"object": "document", "data": {}, "nodes": list(nodes)}


def test_a_heading_of_the_same_key_renamed_is_found_wherever_it_moved() -> None:
    before = _doc(_heading("Setup", "a"), _heading("Usage", "b"))
    after = _doc(_heading("How to use", "b"), _heading("Setup", "a"))
    assert heading_renames(before, after) == {"usage": "how-to-use"}


def test_without_keys_a_heading_in_the_same_place_is_a_rename() -> None:
    before = _doc(_heading("One"), _heading("Two"), _heading("Three"))
    after = _doc(_heading("One"), _heading("Second"), _heading("Three"))
    assert heading_renames(before, after) == {"two": "second"}


def test_a_heading_removed_or_added_is_no_rename() -> None:
    before = _doc(_heading("One"), _heading("Two"))
    assert heading_renames(before, _doc(_heading("One"))) == {}
    assert heading_renames(before, _doc(_heading("One"), _heading("Two"), _heading("New"))) == {}


def test_an_edited_document_is_read_by_the_rule_not_its_stale_meta() -> None:
    before = _doc(_heading("Tokens", "k", meta="tokens"))
    after = _doc(_heading("Access tokens", "k", meta="tokens"))  # meta.id not recomputed
    assert heading_renames(before, after) == {}
    assert heading_renames(before, after, derived=True) == {"tokens": "access-tokens"}
