"""Comment and reply bodies: the ``Document`` variants a write may send, read as markdown (the
text the local workspace stores), the emoji a reaction may name, and a `CommentUpdate`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.document import render_markdown
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.content.pagedoc import checked_tree

__all__ = ["EMOJI_MAX_LEN", "CommentUpdate", "body_markdown", "check_emoji", "document_markdown"]

EMOJI_MAX_LEN = 50
"""The contract's ``Emoji``: a string of at most 50 characters."""


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
class CommentUpdate:
    """An update of a comment or reply, checked alike for both: new text (or None), reactions."""

    markdown: str | None
    added: list[str]
    removed: list[str]

    @classmethod
    def of(
        cls, markdown: str | None = None, added: Iterable[str] = (), removed: Iterable[str] = ()
    ) -> CommentUpdate:
        """The edit, its ``addedReactions`` and ``removedReactions`` checked (`check_emoji`)."""
        return cls(
            markdown, check_emoji(added, "addedReactions"), check_emoji(removed, "removedReactions")
        )


def document_markdown(document: Mapping[str, Any]) -> str:
    """GitBook markdown for a comment's JSON document (checked first: a 400 names the node)."""
    tree = checked_tree({"object": "document", "data": {}, **document}, "body.document")
    return render_markdown(tree).rstrip("\n") if tree["nodes"] else ""
