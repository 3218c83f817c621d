"""The three-way merge rules on their own: one-sided changes win, both-sided ones conflict
without losing either side, and paths follow merged parents."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document import plain_text
from gitbook_mcp.document.nodes import block, document, text
from gitbook_mcp.local.store.change_requests.merge import PAGE_FIELDS, merge_items
from gitbook_mcp.local.store.content.pagedoc import dump, load, search_text


def _body(words: str) -> str:
    """A stored document of one paragraph (fixed keys, so equal texts give equal bodies)."""
    return dump(document([block("paragraph", [text(words, key="t")], key="p")]))


def _page(page_id: str, **changes: Any) -> dict[str, Any]:
    page: dict[str, Any] = {
        "id": page_id,
        "parent_id": None,
        "position": 1,
        "title": page_id.title(),
        "slug": page_id,
        "path": page_id,
        "emoji": None,
        "description": None,
        "document": _body(page_id),
        "markdown": page_id,
        "hidden": 0,
        "created_at": "2026-03-02T10:00:00.000Z",
        "updated_at": "2026-03-02T10:00:00.000Z",
    }
    page.update(changes)
    return page


def _by_id(*pages: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in pages}


def test_changes_on_one_side_each_are_both_kept() -> None:
    base = _by_id(_page("a"), _page("b"))
    ours = _by_id(_page("a", document=_body("ours")), _page("b"), _page("new"))
    theirs = _by_id(_page("a", title="Renamed"), _page("b", document=_body("theirs")))
    tree = merge_items(base, ours, theirs, PAGE_FIELDS)
    assert tree.conflicts == []
    assert tree.items["a"]["document"] == _body("ours")
    assert tree.items["a"]["title"] == "Renamed"
    assert tree.items["b"]["document"] == _body("theirs")
    assert "new" in tree.items


def test_a_body_edited_on_both_sides_keeps_both_between_markers() -> None:
    base = _by_id(_page("a"))
    tree = merge_items(
        base,
        _by_id(_page("a", document=_body("ours"))),
        _by_id(_page("a", document=_body("theirs"))),
        PAGE_FIELDS,
    )
    assert tree.conflicts == ["a"]
    merged = [plain_text(node) for node in load(tree.items["a"]["document"])["nodes"]]
    assert merged == ["<<<<<<< change request", "ours", "=======", "theirs", ">>>>>>> main content"]
    assert tree.items["a"]["markdown"] == search_text(load(tree.items["a"]["document"]))
    assert "ours" in tree.items["a"]["markdown"]
    assert "theirs" in tree.items["a"]["markdown"]


def test_a_page_deleted_on_one_side_and_edited_on_the_other_is_kept() -> None:
    base = _by_id(_page("a"), _page("b"))
    ours = _by_id(_page("b", document=_body("edited")))
    theirs = _by_id(_page("a", document=_body("edited too")))
    tree = merge_items(base, ours, theirs, PAGE_FIELDS)
    assert sorted(tree.conflicts) == ["a", "b"]
    assert tree.items["a"]["document"] == _body("edited too")
    assert tree.items["b"]["document"] == _body("edited")


def test_a_page_deleted_on_one_side_only_is_deleted() -> None:
    base = _by_id(_page("a"), _page("b"))
    tree = merge_items(base, _by_id(_page("b")), base, PAGE_FIELDS)
    assert tree.conflicts == []
    assert list(tree.items) == ["b"]
