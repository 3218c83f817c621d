"""Links and anchors of a page's JSON document (the API's ``format=document``).

Every node that carries a content ref counts: inline links, mentions and buttons, content-ref
blocks, images (and their dark variant), inline images, file blocks, and embeds (a URL). Captions
and other fragments are walked too. Headings give the page's anchors: their ``data.id`` when set,
else the slug of their text by the service's rule (`slugify`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from gitbook_mcp.linkcheck.model import Link, Target

__all__ = ["document_anchors", "document_links", "node_text", "ref_target", "slugify"]

_HEADINGS = ("heading-1", "heading-2", "heading-3")
_REF_KEYS = ("ref", "refDark")


def slugify(text: str) -> str:
    """The anchor of a heading: lower case words joined by hyphens (the service's rule)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def node_text(node: Mapping[str, Any]) -> str:
    """The plain text under a node (its leaves, in order)."""
    if node.get("object") == "text":
        return "".join(str(leaf.get("text", "")) for leaf in node.get("leaves", []))
    children = node.get("nodes")
    if not isinstance(children, list):
        return ""
    return "".join(node_text(child) for child in children if isinstance(child, Mapping))


def ref_target(ref: Mapping[str, Any]) -> Target:
    """The `Target` of a document's content ref (kinds other than the checked ones: ``other``)."""
    kind = str(ref.get("kind", ""))
    space = _str(ref.get("space"))
    if kind == "url":
        return Target("url", url=str(ref.get("url", "")), raw_kind=kind)
    if kind == "page":
        return Target(
            "page", page_id=_str(ref.get("page")), anchor=None, space_id=space, raw_kind=kind
        )
    if kind == "anchor":
        return Target(
            "anchor",
            page_id=_str(ref.get("page")),
            anchor=str(ref.get("anchor", "")),
            space_id=space,
            raw_kind=kind,
        )
    if kind == "file":
        return Target("file", file_id=_str(ref.get("file")), space_id=space, raw_kind=kind)
    if kind == "space":
        return Target("space", space_id=space, raw_kind=kind)
    return Target("other", space_id=space, raw_kind=kind)


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _link_text(node: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    text = node_text(node)
    for key in ("label", "alt", "caption", "url"):
        if not text and isinstance(data.get(key), str):
            text = data[key]
    return text.strip()


def _node_links(node: Mapping[str, Any], pointer: str) -> Iterator[Link]:
    data = node.get("data")
    if not isinstance(data, Mapping):
        return
    node_type = str(node.get("type", ""))
    for key in _REF_KEYS:
        ref = data.get(key)
        if isinstance(ref, Mapping) and "kind" in ref:
            yield Link(
                text=_link_text(node, data),
                target=ref_target(ref),
                node_type=node_type if key == "ref" else f"{node_type} (dark)",
                ref=ref,
                pointer=f"{pointer}/data/{key}",
            )
    if node_type == "embed" and isinstance(data.get("url"), str):
        yield Link(
            text=data["url"],
            target=Target("url", url=data["url"], raw_kind="embed"),
            node_type=node_type,
            pointer=f"{pointer}/data/url",
        )


def _walk(node: Mapping[str, Any], pointer: str) -> Iterator[tuple[Mapping[str, Any], str]]:
    yield node, pointer
    for key in ("nodes", "fragments"):
        children = node.get(key)
        if isinstance(children, list):
            for index, child in enumerate(children):
                if isinstance(child, Mapping):
                    yield from _walk(child, f"{pointer}/{key}/{index}")


def document_links(document: Mapping[str, Any]) -> list[Link]:
    """Every link of a document, in document order, each with the pointer of its ref."""
    found: list[Link] = []
    for node, pointer in _walk(document, ""):
        if node is not document:
            found.extend(_node_links(node, pointer))
    return found


def document_anchors(document: Mapping[str, Any]) -> dict[str, str]:
    """The page's anchors: anchor id -> heading text, in document order."""
    anchors: dict[str, str] = {}
    for node, _ in _walk(document, ""):
        if node.get("type") in _HEADINGS:
            text = node_text(node).strip()
            data = node.get("data")
            given = data.get("id") if isinstance(data, Mapping) else None
            meta = node.get("meta")
            meta_id = meta.get("id") if isinstance(meta, Mapping) else None
            explicit = [a for a in (given, meta_id) if isinstance(a, str) and a]
            for anchor in explicit or [slugify(text)]:
                anchors.setdefault(anchor, text)
    return anchors
