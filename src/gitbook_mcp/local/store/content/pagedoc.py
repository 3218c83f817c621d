"""Page bodies as the API's JSON documents: markdown parsed into a page's document, a node tree
sent by a client checked and keyed, the document a read shows (``meta.id`` anchors), its markdown
rendering, and the plain text the search index holds."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document import (
    HrefWriter,
    RefResolver,
    document_links,
    new_key,
    parse_markdown,
    plain_text,
    render_markdown,
    walk,
)
from gitbook_mcp.document.anchors import anchored_blocks
from gitbook_mcp.document.blocks import keep_unchanged
from gitbook_mcp.document.jsontext import compact_json, copy_json
from gitbook_mcp.document.nodes import BLOCK_TYPES, HEADINGS, INLINE_TYPES, MARK_TYPES, block, text
from gitbook_mcp.document.refs import is_external
from gitbook_mcp.document.slugs import page_slug
from gitbook_mcp.local.errors import Invalid

__all__ = [
    "EMPTY",
    "checked_tree",
    "dump",
    "keep_unchanged",
    "load",
    "markdown_document",
    "parse_body",
    "read_document",
    "relink_document",
    "render_body",
    "search_text",
    "slugify",
]

EMPTY: dict[str, Any] = {"object": "document", "data": {}, "nodes": []}
_TYPED = {"block": frozenset(BLOCK_TYPES), "inline": frozenset(INLINE_TYPES)}
_TEXT_BLOCKS = frozenset({"paragraph", "code-line"})
_OBJECTS = frozenset({"block", "inline", "text", "fragment"})


def slugify(title: str) -> str:
    """A page slug from a title (`gitbook_mcp.document.slugs.page_slug`, the rule the MCP
    server's dry run reads too; headings' anchors follow GitBook's own rule, `anchors`)."""
    return page_slug(title)


def dump(doc: Mapping[str, Any]) -> str:
    return compact_json(doc)


def load(value: str | None) -> dict[str, Any]:
    """A stored document (an empty one for a page that has none)."""
    if not value:
        return copy.deepcopy(EMPTY)
    doc: dict[str, Any] = json.loads(value)
    return doc


def parse_body(
    markdown: str, resolve: RefResolver | None, *, title_is_heading: bool = True
) -> tuple[dict[str, Any], str | None, list[str]]:
    """(document, title, unresolved hrefs) of page markdown. The parser takes a leading
    ``# heading`` as the page title; with ``title_is_heading`` (``update_page``, the demo) it
    stays the document's first block, as the service keeps it."""
    parsed = parse_markdown(markdown, ref=resolve)
    doc = parsed.document
    if title_is_heading and parsed.title is not None:
        doc["nodes"].insert(0, block("heading-1", [text(parsed.title)]))
    return doc, parsed.title, list(parsed.unresolved)


def markdown_document(markdown: str) -> dict[str, Any]:
    """The document of a short markdown text without links to resolve (a comment, a review, a
    finding's description): links keep their stable forms and URLs."""
    return parse_body(markdown, None)[0]


def _where(field: str, pointer: str) -> str:
    """A JSON pointer of the tree as a field name (``document.nodes[0].nodes[1]``)."""
    out = field
    for part in pointer.split("/")[1:]:
        out += f"[{part}]" if part.isdigit() else f".{part}"
    return out


def checked_tree(raw: Any, field: str) -> dict[str, Any]:
    """A node tree sent as ``{document: <tree>}``, checked (a 400 naming the field when it is
    not a document) and keyed: every node keeps its ``key`` or gets one; ``meta`` (read-only)
    is dropped."""
    if not isinstance(raw, dict) or raw.get("object") != "document":
        raise Invalid(field, 'must be a JSON document (object "document")')
    if not isinstance(raw.get("nodes"), list) or not isinstance(raw.get("data", {}), dict):
        raise Invalid(field, "must have nodes (an array) and data (an object)")
    doc = copy_json(raw)
    doc.setdefault("data", {})
    doc.pop("meta", None)
    for node, pointer in walk(doc):
        if node is doc:
            continue
        _check_node(node, _where(field, pointer))
        node.pop("meta", None)
        if not isinstance(node.get("key"), str) or not node["key"]:
            node["key"] = new_key()
    return doc


def _check_node(node: dict[str, Any], where: str) -> None:
    kind = node.get("object")
    if kind not in _OBJECTS:
        raise Invalid(where, "must be a block, inline, text or fragment node")
    if kind in _TYPED and node.get("type") not in _TYPED[kind]:
        raise Invalid(f"{where}.type", f"is not a known {kind} type")
    if kind == "text":
        leaves = node.get("leaves")
        if not isinstance(leaves, list) or not all(_leaf(leaf) for leaf in leaves):
            raise Invalid(f"{where}.leaves", "must be an array of leaves with text and marks")
    elif not isinstance(node.get("nodes", []), list):
        raise Invalid(f"{where}.nodes", "must be an array")


def _leaf(leaf: Any) -> bool:
    return (
        isinstance(leaf, dict)
        and isinstance(leaf.get("text"), str)
        and isinstance(leaf.get("marks", []), list)
        and all(isinstance(m, dict) and m.get("type") in MARK_TYPES for m in leaf.get("marks", []))
    )


def read_document(doc: dict[str, Any]) -> dict[str, Any]:
    """The document a read answers: ``doc`` (a fresh ``load``, which the caller owns and this
    changes in place, no copy: a page read renders every page below it) with ``meta.id`` on
    every anchored block (the anchor a link to it uses: custom id, else derived from its text;
    repeats get ``-1``, ``-2``…)."""
    for node, anchor in anchored_blocks(doc):
        assert isinstance(node, dict)  # the caller's own nodes
        node["meta"] = {**node.get("meta", {}), "id": anchor}
    return doc


def render_body(doc: Mapping[str, Any], href: HrefWriter | None) -> str:
    """The GitBook markdown of a page's document (no title line: the page carries it)."""
    if not doc.get("nodes"):
        return ""
    return render_markdown(doc, href)


def search_text(doc: Mapping[str, Any]) -> str:
    """The plain text the search index holds: the text of each block that holds text on a line
    of its own, headings marked ``#``/``##``/``###`` so search can cut a page into sections."""
    lines: list[str] = []
    for node, _ in walk(doc):
        kind = str(node.get("type", ""))
        if node.get("object") != "block":
            continue
        if kind in HEADINGS:
            lines.append("#" * int(kind[-1]) + " " + plain_text(node))
        elif kind in _TEXT_BLOCKS:
            lines.append(plain_text(node))
    return "\n".join(line for line in lines if line.strip("# "))


def relink_document(doc: dict[str, Any], resolve: RefResolver) -> bool:
    """Turn the ``url`` refs without a scheme that ``resolve`` now matches into refs by id, in
    place; whether any changed."""
    changed = False
    for link in document_links(doc):
        ref = link.ref
        url = ref.get("url")
        if link.wrapped or ref.get("kind") != "url" or not isinstance(url, str):
            continue
        if is_external(url) or not isinstance(ref, dict):
            continue
        found = resolve(url)
        if found is not None and found.get("kind") != "url":
            ref.clear()
            ref.update(found)
            changed = True
    return changed
