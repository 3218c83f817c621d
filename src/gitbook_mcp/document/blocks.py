"""Edits of a document's top-level blocks that leave every other block as it was, key and
content: a block found by its text or its heading; blocks inserted before or after it, it
replaced, deleted or moved; a merge conflict settled on one side; and the stored blocks a
re-read page keeps.

Pure functions on copies; linear in the document's size (a block's text is read once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from gitbook_mcp.document.jsontext import copy_json
from gitbook_mcp.document.nodes import HEADINGS, Node, plain_text
from gitbook_mcp.document.render import render_markdown

__all__ = [
    "BlockNotFound",
    "Place",
    "Side",
    "delete_block",
    "find_block",
    "insert_blocks",
    "keep_unchanged",
    "move_block",
    "replace_block",
    "settle_conflicts",
]

Place = Literal["before", "after"]


class BlockNotFound(LookupError):
    """No top-level block, or more than one, has the text asked for (``count``: how many)."""

    def __init__(self, needle: str, count: int) -> None:
        super().__init__(needle)
        self.needle, self.count = needle, count


def find_block(doc: Mapping[str, Any], needle: str) -> int:
    """The index of the one top-level block whose text is ``needle`` as a heading, else the one
    whose text holds ``needle`` (a paragraph, a hint, a code block...); `BlockNotFound` when none
    or several do (a heading of that exact text wins over blocks that merely hold it)."""
    wanted = needle.strip()
    nodes = doc.get("nodes") or []
    texts = [plain_text(node) if isinstance(node, Mapping) else "" for node in nodes]
    headings = [
        i
        for i, node in enumerate(nodes)
        if isinstance(node, Mapping) and node.get("type") in HEADINGS and texts[i].strip() == wanted
    ]
    found = headings or [i for i, value in enumerate(texts) if wanted and wanted in value]
    if len(found) != 1:
        raise BlockNotFound(needle, len(found))
    return found[0]


def _nodes(doc: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    out: dict[str, Any] = copy_json(dict(doc))
    nodes: list[Any] = out.setdefault("nodes", [])
    return out, nodes


def insert_blocks(
    doc: Mapping[str, Any], index: int, blocks: list[Node], place: Place
) -> dict[str, Any]:
    """A copy of ``doc`` with ``blocks`` put before or after its block ``index``."""
    out, nodes = _nodes(doc)
    at = index + (1 if place == "after" else 0)
    nodes[at:at] = copy_json(blocks)
    return out


def replace_block(doc: Mapping[str, Any], index: int, blocks: list[Node]) -> dict[str, Any]:
    """A copy of ``doc`` with its block ``index`` replaced by ``blocks``."""
    out, nodes = _nodes(doc)
    nodes[index : index + 1] = copy_json(blocks)
    return out


def delete_block(doc: Mapping[str, Any], index: int) -> dict[str, Any]:
    """A copy of ``doc`` without its block ``index``."""
    out, nodes = _nodes(doc)
    del nodes[index]
    return out


def move_block(doc: Mapping[str, Any], index: int, target: int, place: Place) -> dict[str, Any]:
    """A copy of ``doc`` with its block ``index`` (key and content) moved before or after its
    block ``target`` (indexes as before the move)."""
    if index == target:
        raise ValueError("a block cannot move next to itself")
    out, nodes = _nodes(doc)
    moving = nodes.pop(index)
    at = target - (1 if target > index else 0) + (1 if place == "after" else 0)
    nodes.insert(at, moving)
    return out


def keep_unchanged(
    old: Mapping[str, Any], new: dict[str, Any], shown: Callable[[str], str] = str
) -> None:
    """Give each top-level block of ``new`` (a page's markdown, parsed) that reads as a block of
    ``old`` (the page's stored document) that stored block, keys and ids included, in place: a
    page rewritten as markdown changes only the blocks whose text changed (each stored block is
    reused once, in document order). ``shown`` is what the writer was shown of a block's
    markdown (a reader that drops invisible characters): a block read back as shown is the
    stored block, the characters it was not shown included."""
    stored: dict[str, list[Any]] = {}
    for node in old.get("nodes") or []:
        stored.setdefault(shown(_block_markdown(node)), []).append(node)
    nodes = new.get("nodes") or []
    for index, node in enumerate(nodes):
        same = stored.get(shown(_block_markdown(node)))
        if same:
            nodes[index] = copy_json(same.pop(0))


def _block_markdown(node: Any) -> str:
    return render_markdown({"object": "document", "data": {}, "nodes": [node]})


Side = Literal["change_request", "main"]
_MARKS = ("<<<<<<< ", "=======", ">>>>>>> ")


def _marker(node: Any) -> int | None:
    """Which conflict marker a top-level block is (0 start, 1 middle, 2 end), or None."""
    if not isinstance(node, Mapping) or node.get("type") != "paragraph":
        return None
    value = plain_text(node)
    for number, mark in enumerate(_MARKS):
        if value == mark.strip() or (number != 1 and value.startswith(mark)):
            return number
    return None


def settle_conflicts(doc: Mapping[str, Any], keep: Side) -> dict[str, Any] | None:
    """A copy of ``doc`` with each git-style conflict (a ``<<<<<<<`` paragraph, the change
    request's blocks, ``=======``, main's blocks, ``>>>>>>>``) settled on one side: that side's
    blocks stay, keys and content, the markers and the other side go. None when ``doc`` has no
    whole conflict (markers out of order count as none)."""
    out, nodes = _nodes(doc)
    kept: list[Any] = []
    state, settled = 0, False  # 0 outside, 1 change request's side, 2 main's side
    for node in nodes:
        mark = _marker(node)
        if mark is not None and mark == state:  # the next marker in order
            state = (state + 1) % 3
            settled = settled or state == 0
            continue
        if state == 0 or (state == 1) == (keep == "change_request"):
            kept.append(node)
    if state != 0 or not settled:
        return None
    out["nodes"] = kept
    return out
