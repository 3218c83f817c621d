"""The stored blocks a page read again from markdown keeps: each top-level block that reads as
a stored block is that block, key and content, so a rewrite changes only the blocks whose text
changed.

Pure functions on copies; linear in the document's size.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.render import render_markdown

__all__ = ["keep_unchanged"]


def keep_unchanged(old: Mapping[str, Any], new: dict[str, Any]) -> None:
    """Give each top-level block of ``new`` (a page's markdown, parsed) that reads as a block of
    ``old`` (the page's stored document) that stored block, keys and ids included, in place: a
    page rewritten as markdown changes only the blocks whose text changed (each stored block is
    reused once, in document order)."""
    stored: dict[str, list[Any]] = {}
    for node in old.get("nodes") or []:
        stored.setdefault(_block_markdown(node), []).append(node)
    nodes = new.get("nodes") or []
    for index, node in enumerate(nodes):
        same = stored.get(_block_markdown(node))
        if same:
            nodes[index] = copy.deepcopy(same.pop(0))


def _block_markdown(node: Any) -> str:
    return render_markdown({"object": "document", "data": {}, "nodes": [node]})
