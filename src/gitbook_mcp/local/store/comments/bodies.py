"""Comment and reply bodies: the ``Document`` variants a write may send, read as markdown (the
text the local workspace stores), the emoji a reaction may name, and an update's `Edit`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.local.errors import Invalid

__all__ = ["EMOJI_MAX_LEN", "Edit", "body_markdown", "check_emoji", "document_markdown"]

EMOJI_MAX_LEN = 50
"""The contract's ``Emoji``: a string of at most 50 characters."""

_MARKS = {"bold": "**", "italic": "_", "code": "`", "strikethrough": "~~"}


def body_markdown(value: Mapping[str, Any], *, allow_empty: bool) -> str | None:
    """The markdown of a ``Document`` body: ``{markdown}``, ``{document}`` or ``{}``.

    ``{}`` (the contract's "Empty" variant) reads as None when ``allow_empty`` (an update that
    leaves the text alone) and is refused otherwise; a body without text is refused.
    """
    if "markdown" in value and "document" in value:
        raise Invalid("body", "send either markdown or document, not both")
    if "markdown" in value:
        text = value["markdown"]
        if not isinstance(text, str):
            raise Invalid("body.markdown", "must be a string")
        if not text.strip():
            raise Invalid("body.markdown", "must not be empty")
        return text
    if "document" in value:
        document = value["document"]
        if not isinstance(document, Mapping) or not isinstance(document.get("nodes"), list):
            raise Invalid("body.document", "must be a document object with a nodes array")
        text = document_markdown(document)
        if not text.strip():
            raise Invalid("body.document", "has no text")
        return text
    if not value and allow_empty:
        return None
    raise Invalid("body.markdown", "is required: send {markdown} or {document}")


def check_emoji(values: Iterable[str], field: str) -> list[str]:
    """The emoji of ``addedReactions`` / ``removedReactions``, each once, in the order sent."""
    seen: list[str] = []
    for emoji in values:
        if not emoji.strip():
            raise Invalid(field, "must not contain an empty emoji")
        if len(emoji) > EMOJI_MAX_LEN:
            raise Invalid(field, f"must contain emoji of at most {EMOJI_MAX_LEN} characters")
        if emoji not in seen:
            seen.append(emoji)
    return seen


@dataclass(frozen=True)
class Edit:
    """An update of a comment or reply, checked alike for both: new text (or None), reactions."""

    markdown: str | None
    added: list[str]
    removed: list[str]

    @classmethod
    def of(
        cls, markdown: str | None = None, added: Iterable[str] = (), removed: Iterable[str] = ()
    ) -> Edit:
        """The edit, its ``addedReactions`` and ``removedReactions`` checked (`check_emoji`)."""
        return cls(
            markdown, check_emoji(added, "addedReactions"), check_emoji(removed, "removedReactions")
        )


# -- JSON document -> markdown --------------------------------------------------------------


def document_markdown(document: Mapping[str, Any]) -> str:
    """Markdown for a JSON document: headings, paragraphs, lists, quotes, code, dividers,
    links and text marks; other blocks contribute their text."""
    return _blocks(document.get("nodes"))


def _children(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    nodes = node.get("nodes")
    return [n for n in nodes if isinstance(n, Mapping)] if isinstance(nodes, list) else []


def _data(node: Mapping[str, Any]) -> Mapping[str, Any]:
    data = node.get("data")
    return data if isinstance(data, Mapping) else {}


def _blocks(nodes: Any) -> str:
    if not isinstance(nodes, list):
        return ""
    parts = [_block(n) for n in nodes if isinstance(n, Mapping)]
    return "\n\n".join(p for p in parts if p.strip())


def _block(node: Mapping[str, Any]) -> str:
    if node.get("object") != "block":
        return _inline([node])
    kind = str(node.get("type", ""))
    children = _children(node)
    if kind.startswith("heading-") and kind[-1:].isdigit():
        return "#" * int(kind[-1]) + " " + _inline(children)
    if kind == "paragraph":
        return _inline(children)
    if kind in ("list-unordered", "list-ordered", "list-tasks"):
        start = _data(node).get("start", 1)
        number = start if isinstance(start, int) else 1
        lines = []
        for offset, item in enumerate(children):
            marker = f"{number + offset}." if kind == "list-ordered" else "-"
            lines.append(f"{marker} {_blocks(item.get('nodes')).replace(chr(10), ' ')}")
        return "\n".join(lines)
    if kind == "code":
        syntax = _data(node).get("syntax", "")
        lines = [_inline(_children(line)) for line in children]
        return f"```{syntax if isinstance(syntax, str) else ''}\n" + "\n".join(lines) + "\n```"
    if kind == "divider":
        return "---"
    if kind in ("blockquote", "hint"):
        return "\n".join(f"> {line}".rstrip() for line in _blocks(children).splitlines())
    if children and all(c.get("object") == "block" for c in children):
        return _blocks(children)
    return _inline(children)


def _inline(nodes: list[Mapping[str, Any]]) -> str:
    out: list[str] = []
    for node in nodes:
        if node.get("object") == "text":
            out.append(_leaves(node))
        elif node.get("object") == "inline":
            text = _inline(_children(node))
            ref = _data(node).get("ref")
            url = ref.get("url") if isinstance(ref, Mapping) else None
            out.append(f"[{text}]({url})" if node.get("type") == "link" and url else text)
        elif node.get("object") == "block":
            out.append(_block(node))
    return "".join(out)


def _leaves(node: Mapping[str, Any]) -> str:
    leaves = node.get("leaves")
    if not isinstance(leaves, list):
        return ""
    out: list[str] = []
    for leaf in leaves:
        if not isinstance(leaf, Mapping) or not isinstance(leaf.get("text"), str):
            continue
        text = leaf["text"]
        marks = leaf.get("marks")
        for mark in marks if isinstance(marks, list) and text else []:
            wrap = _MARKS.get(mark.get("type", "")) if isinstance(mark, Mapping) else None
            if wrap:
                text = f"{wrap}{text}{wrap}"
        out.append(text)
    return "".join(out)
