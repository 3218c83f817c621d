"""Headings a new version of a page renamed: old anchor -> new anchor, read from the two
documents themselves (the change, not a likeness of texts), so that links to a renamed heading
can follow it with certainty."""

from __future__ import annotations

from collections.abc import Mapping
from difflib import SequenceMatcher
from typing import Any

from gitbook_mcp.document.anchors import anchored_blocks, slug
from gitbook_mcp.document.nodes import HEADINGS, nodes_of, plain_text

__all__ = ["heading_renames"]


def _key(node: Mapping[str, Any]) -> str | None:
    key = node.get("key")
    return key if isinstance(key, str) else None


def _derived(doc: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """Each heading's (key, anchor) by the rule alone (its custom id, else its text's slug;
    repeats numbered), ignoring ``meta.id``: an edited document still carries the old one."""
    seen: dict[str, int] = {}
    out: list[tuple[str | None, str]] = []
    for node in nodes_of(doc):
        if node.get("type") not in HEADINGS or node.get("object") != "block":
            continue
        data = node.get("data")
        custom = data.get("id") if isinstance(data, Mapping) else None
        anchor = custom if isinstance(custom, str) and custom else slug(plain_text(node))
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        out.append((_key(node), anchor if count == 0 else f"{anchor}-{count}"))
    return out


def _headings(doc: Mapping[str, Any], derived: bool) -> list[tuple[str | None, str]]:
    """Each heading's (key, anchor), in document order."""
    if derived:
        return _derived(doc)
    return [
        (_key(node), anchor)
        for node, anchor in anchored_blocks(doc)
        if node.get("type") in HEADINGS
    ]


def heading_renames(
    before: Mapping[str, Any], after: Mapping[str, Any], *, derived: bool = False
) -> dict[str, str]:
    """Old anchor -> new anchor of each heading whose anchor ``after`` no longer has: the heading
    of the same block key, else the heading in its place (the sequences of anchors aligned, a
    run of replaced headings paired one to one only when both runs are as long). An anchor both
    versions have is never renamed; a heading removed or added is no rename. ``derived``: the
    anchors by the rule alone (for a document edited here, whose ``meta.id`` is stale)."""
    old, new = _headings(before, derived), _headings(after, derived)
    old_anchors, new_anchors = {a for _, a in old}, {a for _, a in new}
    by_key = {key: anchor for key, anchor in new if key}
    out: dict[str, str] = {}
    for key, anchor in old:
        renamed = by_key.get(key) if key else None
        if anchor not in new_anchors and renamed is not None and renamed not in old_anchors:
            out[anchor] = renamed
    matcher = SequenceMatcher(None, [a for _, a in old], [a for _, a in new], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace" or i2 - i1 != j2 - j1:
            continue
        for (_, was), (_, now) in zip(old[i1:i2], new[j1:j2], strict=True):
            if was not in new_anchors and now not in old_anchors:
                out.setdefault(was, now)
    return out
