"""How reads render pages: the page layout every page shows, the read switches (`View`), and the
git metadata of a git-synced space."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from gitbook_mcp.local.store.db import loads

if TYPE_CHECKING:
    import sqlite3

__all__ = ["LAYOUT", "Body", "Refs", "View", "blob", "document_id", "git_synced"]

LAYOUT = {
    "width": "default",
    "cover": False,
    "coverSize": "full",
    "title": True,
    "description": True,
    "tableOfContents": True,
    "outline": True,
    "pagination": True,
    "metadata": True,
    "coverMask": "none",
    "tags": True,
    "actions": True,
    "anchors": True,
}

Body = Literal["markdown", "document"]
Refs = Literal["relative", "stable"]


@dataclass(frozen=True)
class View:
    """How one read renders pages and files: the body format, whether the git metadata of a
    git-synced space is shown (the ``metadata`` switch), and how markdown writes links."""

    body: Body = "markdown"
    metadata: bool = True
    refs: Refs = "relative"
    """``format.markdown.refs``: links as relative ``.md`` paths, or in their stable forms."""


def git_synced(space: sqlite3.Row) -> bool:
    return "gitSync" in (loads(space["data"]) or {})


def document_id(stored: str) -> str:
    """A page document's id, from its stored JSON: the same content, the same id."""
    return "doc_" + hashlib.sha256(stored.encode()).hexdigest()[:20]


def blob(text: str) -> str:
    """The git object id of a blob with this text."""
    raw = text.encode()
    return hashlib.sha1(b"blob %d\0" % len(raw) + raw, usedforsecurity=False).hexdigest()
