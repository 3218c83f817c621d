"""Links and anchors of a page's JSON document, as the checker's `Link` and anchor map.

The fields that carry a link and the anchors a page offers are GitBook's document model's
(`gitbook_mcp.document`); this module only maps them to targets. A page read as markdown is parsed
into the same model first (`gitbook_mcp.linkcheck.markdown`), so both readings give the same links.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document import LinkField, plain_text, slug
from gitbook_mcp.document import document_links as link_fields
from gitbook_mcp.document.anchors import anchored_blocks
from gitbook_mcp.document.nodes import HEADINGS
from gitbook_mcp.linkcheck.model import Link, Target, TargetKind

__all__ = ["SKIPPED_ANCHOR", "anchor_map", "document_links", "link_of", "ref_target"]

SKIPPED_ANCHOR = "user-content-fn-"
"""Anchors of footnote plumbing (``#user-content-fn-N``): not links an author wrote."""
_OTHER_KINDS: dict[str, TargetKind] = {
    "reusable-content": "reusable-content",
    "tag": "tag",
    "user": "user",
    "collection": "collection",
    "openapi": "openapi",
}


def ref_target(ref: Mapping[str, Any]) -> Target:
    """The `Target` of a content ref (an unknown kind is ``other``)."""
    kind = str(ref.get("kind", ""))
    space = _str(ref.get("space"))
    if kind == "url":
        return Target("url", url=str(ref.get("url", "")), raw_kind=kind)
    if kind == "page":
        return Target("page", page_id=_str(ref.get("page")), space_id=space, raw_kind=kind)
    if kind == "anchor":
        page = _str(ref.get("page"))
        anchor = str(ref.get("anchor", ""))
        return Target("anchor", page_id=page, anchor=anchor, space_id=space, raw_kind=kind)
    if kind == "file":
        return Target("file", file_id=_str(ref.get("file")), space_id=space, raw_kind=kind)
    if kind == "space":
        return Target("space", space_id=space, raw_kind=kind)
    if kind in _OTHER_KINDS:
        ident = ref.get("reusableContent") or ref.get(kind) or ref.get("spec")
        return Target(_OTHER_KINDS[kind], space_id=space, ident=_str(ident), raw_kind=kind)
    return Target("other", space_id=space, raw_kind=kind)


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def link_of(field: LinkField) -> Link | None:
    """The checker's `Link` of one link field (None: footnote plumbing, not a link).

    A bare URL or id (an embed's URL, a table's file id) has no ref: a fix replaces the string.
    """
    ref = field.ref
    if ref.get("kind") == "anchor" and str(ref.get("anchor", "")).startswith(SKIPPED_ANCHOR):
        return None
    target = ref_target(ref)
    text = field.text.strip() or (target.url or "" if target.kind == "url" else "")
    node_type = field.node_type
    if field.pointer.endswith("/refDark"):
        node_type += " (dark)"
    return Link(
        text=text,
        target=target,
        node_type=node_type,
        ref=None if field.wrapped else ref,
        pointer=field.pointer,
    )


def document_links(document: Mapping[str, Any]) -> list[Link]:
    """Every link of a document in document order (fragments included), each with its pointer."""
    return [link for link in map(link_of, link_fields(document)) if link is not None]


def anchor_map(document: Mapping[str, Any]) -> dict[str, str]:
    """The anchors a page offers -> the text of their block, in document order.

    GitBook's anchors (``meta.id``, else a heading's ``data.id``, else the derived slug) come
    first; a heading's custom id and the slug of its text are accepted too, so that a link
    written against either still resolves.
    """
    anchors: dict[str, str] = {}
    blocks = list(anchored_blocks(document))  # one walk: each anchored block with its anchor
    for node, anchor in blocks:
        anchors.setdefault(anchor, _text(node))
    for node, _ in blocks:
        if node.get("type") in HEADINGS:
            text = plain_text(node)
            data = node.get("data")
            custom = data.get("id") if isinstance(data, Mapping) else None
            for extra in (custom, slug(text)):
                if isinstance(extra, str) and extra:
                    anchors.setdefault(extra, text.strip())
    return anchors


def _text(node: Mapping[str, Any]) -> str:
    """A heading's text, else the block's title (a tab), else nothing."""
    if node.get("type") in HEADINGS:
        return plain_text(node).strip()
    data = node.get("data")
    title = data.get("title") if isinstance(data, Mapping) else None
    return title if isinstance(title, str) else ""
