"""Block edits of a document: only the blocks named change, every other keeps key and content."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gitbook_mcp.document.blocks import (
    BlockNotFound,
    delete_block,
    find_block,
    insert_blocks,
    keep_unchanged,
    move_block,
    replace_block,
    settle_conflicts,
)
from gitbook_mcp.document.nodes import block, document, plain_text, text
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown


def _para(value: str) -> dict[str, Any]:
    return block("paragraph", [text(value)])


def _page() -> dict[str, Any]:
    return document(
        [
            block("heading-2", [text("Install")]),
            _para("Download the installer."),
            block("hint", [_para("Needs no root.")], {"style": "info"}),
            block("heading-2", [text("Configure")]),
            _para("Edit the file, then install again."),
        ]
    )


def _keys(doc: dict[str, Any]) -> list[str]:
    return [node["key"] for node in doc["nodes"]]


def test_a_heading_of_that_exact_text_wins_over_blocks_that_hold_it() -> None:
    # "Install" is a heading and a part of the last paragraph's text.
    assert find_block(_page(), "Install") == 0
    assert find_block(_page(), "Needs no") == 2


@pytest.mark.parametrize(("needle", "count"), [("nowhere", 0), ("install", 2), ("", 0)])
def test_no_block_or_several_is_an_error_that_counts_them(needle: str, count: int) -> None:
    with pytest.raises(BlockNotFound) as caught:
        find_block(_page(), needle)
    assert caught.value.count == count


@pytest.mark.parametrize(("place", "at"), [("after", 2), ("before", 1)])
def test_inserted_blocks_go_beside_the_block_and_nothing_else_moves(place: Any, at: int) -> None:
    page = _page()
    kept = copy.deepcopy(page)
    new = [_para("One."), _para("Two.")]
    out = insert_blocks(page, 1, new, place)
    assert page == kept  # the input is not touched
    assert out["nodes"][at : at + 2] == new
    assert out["nodes"][:at] + out["nodes"][at + 2 :] == page["nodes"]


def test_replace_and_delete_change_one_block() -> None:
    page = _page()
    out = replace_block(page, 2, [_para("New.")])
    assert _keys(out)[:2] + _keys(out)[3:] == _keys(page)[:2] + _keys(page)[3:]
    assert out["nodes"][2]["type"] == "paragraph"
    assert plain_text(out["nodes"][2]) == "New."
    gone = delete_block(page, 0)
    assert gone["nodes"] == page["nodes"][1:]


@pytest.mark.parametrize(
    ("index", "target", "place", "order"),
    [
        (0, 4, "after", [1, 2, 3, 4, 0]),
        (4, 0, "before", [4, 0, 1, 2, 3]),
        (1, 3, "before", [0, 2, 1, 3, 4]),
        (3, 1, "after", [0, 1, 3, 2, 4]),
    ],
)
def test_a_moved_block_keeps_its_key_and_content(
    index: int, target: int, place: Any, order: list[int]
) -> None:
    page = _page()
    out = move_block(page, index, target, place)
    assert out["nodes"] == [page["nodes"][i] for i in order]


def _conflicted(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> dict[str, Any]:
    return document(
        [
            _para("Intro."),
            _para("<<<<<<< change request"),
            *ours,
            _para("======="),
            *theirs,
            _para(">>>>>>> main content"),
            _para("Outro."),
        ]
    )


@pytest.mark.parametrize("side", ["change_request", "main"])
def test_a_conflict_settles_on_one_side_keeping_its_blocks_as_they_were(side: Any) -> None:
    ours, theirs = [_para("Ours 1."), _para("Ours 2.")], [_para("Theirs.")]
    doc = _conflicted(ours, theirs)
    out = settle_conflicts(doc, side)
    assert out is not None
    chosen = ours if side == "change_request" else theirs
    assert out["nodes"] == [doc["nodes"][0], *chosen, doc["nodes"][-1]]


def test_a_page_without_a_whole_conflict_has_nothing_to_settle() -> None:
    assert settle_conflicts(_page(), "main") is None
    half = document([_para("<<<<<<< change request"), _para("Mine."), _para("=======")])
    assert settle_conflicts(half, "main") is None


def test_blocks_read_again_as_they_were_are_the_stored_ones() -> None:
    stored = _page()
    # The page as markdown, with its hint and last paragraph gone and a paragraph added.
    blocks = render_markdown(stored).split("\n\n")
    assert blocks[3] == "### Configure"
    markdown = "\n\n".join([*blocks[:2], "A new paragraph.", blocks[3]])
    again = parse_markdown(markdown).document
    keep_unchanged(stored, again)
    assert [n["key"] for n in again["nodes"]] == [
        stored["nodes"][0]["key"],
        stored["nodes"][1]["key"],
        again["nodes"][2]["key"],
        stored["nodes"][3]["key"],
    ]
    assert again["nodes"][2]["key"] not in _keys(stored)
