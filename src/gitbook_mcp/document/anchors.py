"""GitBook's heading anchors: the rule that derives an anchor from a heading's text, and the
anchors a document offers (headings, tab items, expandables, OpenAPI blocks)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from gitbook_mcp.document.nodes import HEADINGS, nodes_of, plain_text

__all__ = [
    "ANCHORED_TYPES",
    "MAX_ANCHOR_TEXT",
    "anchor_of",
    "anchored_blocks",
    "document_anchors",
    "slug",
    "slug_variants",
]

MAX_ANCHOR_TEXT = 2_000
"""Characters of heading text the rule reads; an anchor longer than this is useless."""

ANCHORED_TYPES = frozenset(
    {*HEADINGS, "tabs-item", "expandable", "swagger", "openapi-operation"}
    | {"openapi-schemas", "openapi-webhook"}
)
"""Block types that carry ``meta.id``, the target of an anchor ref."""

_DROPPED = frozenset("'\u2019()?")
_KEPT = frozenset(".-_+")


def slug(heading: str) -> str:
    """The anchor GitBook derives from a heading's text (section 9 of the reference): words
    lower-cased and joined by ``-``; ``'()?`` and other punctuation dropped; ``.``, ``_``, ``+``
    and ``-`` kept; a leading digit gets ``id-``. Capitals are lower-cased, never spelt out
    (``Issuer DID`` is ``issuer-did``: every anchor GitBook wrote in two real repositories
    resolves so; the one ``azure-a-d`` seen is an exception, and the service's ``meta.id``, when
    sent, is taken as it is).

    The rule is inferred from observed anchors (the service does not publish it); an empty
    result is ``id``."""
    words = heading[:MAX_ANCHOR_TEXT].split()
    out: list[str] = []
    for word in words:
        if word.isalnum():  # most words: every character kept (none of `_DROPPED` is alnum)
            out.append(word.lower())
            continue
        kept = "".join(c for c in word if c not in _DROPPED and (c.isalnum() or c in _KEPT))
        if kept:
            out.append(kept.lower())
    result = "-".join(out)
    if not result:
        return "id"
    return f"id-{result}" if result[0].isdigit() else result


def slug_variants(heading: str) -> frozenset[str]:
    """Anchors the heading might have under the parts of the rule nobody has observed, other
    than `slug`'s: a trailing ``.`` or ``-`` trimmed, runs of ``-`` collapsed, punctuation
    turned into ``-`` rather than dropped. A link to one of these is not known to be broken."""
    dashed = "".join(c if c.isalnum() or c in _KEPT or c in _DROPPED else " " for c in heading)
    found: set[str] = set()
    for form in (slug(heading), slug(dashed)):
        collapsed = "-".join(part for part in form.split("-") if part)
        for variant in (form, collapsed):
            found |= {variant, variant.strip("-."), variant.rstrip("-.")}
    return frozenset(found - {slug(heading), ""})


def anchor_of(node: Mapping[str, Any]) -> str | None:
    """The anchor a block offers: ``meta.id`` when computed, else ``data.id`` (custom heading
    anchor), else derived (heading text; a tab item's title or its key; an expandable's
    summary)."""
    meta = node.get("meta")
    if isinstance(meta, Mapping) and isinstance(meta.get("id"), str):
        return str(meta["id"])
    data = node.get("data")
    data = data if isinstance(data, Mapping) else {}
    kind = node.get("type")
    if kind in HEADINGS:
        custom = data.get("id")
        return custom if isinstance(custom, str) and custom else slug(plain_text(node))
    if kind == "tabs-item":
        title = data.get("title")
        if isinstance(title, str) and title:
            return slug(title)
        key = node.get("key")
        return key if isinstance(key, str) else None
    if kind == "expandable":
        title = _expandable_title(node)
        return slug(title) if title else None
    return None


def _expandable_title(node: Mapping[str, Any]) -> str:
    """The text of an expandable's summary (its ``expandable-title`` fragment)."""
    for part in node.get("fragments") or ():
        if isinstance(part, Mapping) and "expandable-title" in (
            part.get("fragment"),
            part.get("type"),
        ):
            return plain_text(part).strip()
    return ""


def document_anchors(doc: Mapping[str, Any]) -> list[str]:
    """Every anchor of a document in order, including inside fragments. Derived heading anchors
    that repeat get ``-1``, ``-2``… (a guess: GitBook's duplicate rule is not published)."""
    return [anchor for _, anchor in anchored_blocks(doc)]


def anchored_blocks(doc: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Each anchored block of a document with its anchor, repeats numbered (see
    `document_anchors`); the node is the document's own, so a caller may annotate it."""
    seen: dict[str, int] = {}
    for node in nodes_of(doc):
        if node.get("type") not in ANCHORED_TYPES or node.get("object") != "block":
            continue
        anchor = anchor_of(node)
        if anchor is None:
            continue
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        yield node, anchor if count == 0 else f"{anchor}-{count}"
