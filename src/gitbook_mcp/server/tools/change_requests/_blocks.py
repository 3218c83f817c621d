"""The block edits `edit_pages` takes (insert blocks, replace, delete or move one block, settle a
merge conflict), applied to a page's document with no I/O: only the blocks named change, every
other block keeps its key and content. Errors name the edit and say what to give instead.
"""

from __future__ import annotations

from typing import Any

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
from gitbook_mcp.document.nodes import Node
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools._page_links import link_problem, read_page_markdown
from gitbook_mcp.server.tools._pages import RevisionTree
from gitbook_mcp.server.tools.change_requests._edits import PageEdit

__all__ = ["edit_blocks"]


def _index(doc: dict[str, Any], needle: str, where: str, name: str) -> int:
    try:
        return find_block(doc, needle)
    except BlockNotFound as exc:
        if exc.count == 0:
            raise ToolFailure(
                f"{where}: no top-level block has the text {name}={needle[:80]!r}: give the exact "
                "text of a heading, or a part of one block's text, as get_page shows it without "
                "markdown syntax. Nothing was sent."
            ) from None
        raise ToolFailure(
            f"{where}: {exc.count} top-level blocks hold the text {name}={needle[:80]!r}: give "
            "more of one block's text, or its heading. Nothing was sent."
        ) from None


def _blocks(edit: PageEdit, tree: RevisionTree, where: str) -> list[Node]:
    """The blocks of the edit's markdown, its links read as the page's own."""
    page_id = edit.page_id or ""
    read = read_page_markdown(edit.markdown or "", tree, page_id)
    if read.unresolved:
        problems = "; ".join(link_problem(h, tree, page_id) for h in read.unresolved[:5])
        raise ToolFailure(f"{where}: a link resolves to nothing: {problems}. Nothing was sent.")
    nodes: list[Node] = list(read.document.get("nodes") or [])
    if not nodes:
        raise ToolFailure(f"{where}: the markdown holds no block. Nothing was sent.")
    return nodes


def edit_blocks(
    edit: PageEdit, doc: dict[str, Any], tree: RevisionTree, where: str
) -> dict[str, Any]:
    """A copy of ``doc`` with the block edit applied, or a `ToolFailure` naming the edit."""
    if edit.op == "settle":
        settled = settle_conflicts(doc, "change_request")
        if settled is None:
            raise ToolFailure(
                f"{where}: the page holds no merge conflict (<<<<<<< ... ======= ... >>>>>>> "
                "paragraphs); nothing to settle. Nothing was sent."
            )
        return settled
    index = _index(doc, edit.block or "", where, "block")
    if edit.op == "delete_block":
        return delete_block(doc, index)
    if edit.op == "move_block":
        target = _index(doc, edit.to or "", where, "to")
        if target == index:
            raise ToolFailure(f"{where}: block and to name the same block. Nothing was sent.")
        return move_block(doc, index, target, "before" if edit.before else "after")
    blocks = _blocks(edit, tree, where)
    if edit.op == "insert_blocks":
        return insert_blocks(doc, index, blocks, "before" if edit.before else "after")
    fresh: dict[str, Any] = {"object": "document", "data": {}, "nodes": blocks}
    # A block written again as it was stays that block, key included.
    keep_unchanged({"nodes": [doc["nodes"][index]]}, fresh)
    return replace_block(doc, index, blocks)
