"""How reads render pages: the page layout every page shows, the read switches (`View`), and the
git metadata of a git-synced space."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from gitbook_mcp.local.store.db import loads
from gitbook_mcp.local.store.lru import Memo

if TYPE_CHECKING:
    import sqlite3

__all__ = [
    "LAYOUT",
    "MAX_READ_CHARS",
    "MAX_RENDERED",
    "READS",
    "RENDERED",
    "Body",
    "RawJSON",
    "Refs",
    "View",
    "blob",
    "document_id",
    "git_synced",
    "read_json",
    "rendered_markdown",
    "renders_markdown",
    "tree_signature",
]

MAX_RENDERED = 100_000
"""Pages' markdown kept for the git metadata of a tree read (least recently used out)."""

RENDERED: Memo[tuple[str, ...], str] = Memo(MAX_RENDERED)

MAX_READ_CHARS = 32_000_000
"""Read documents kept as JSON, in characters in all (least recently used out)."""

READS: Memo[str, str] = Memo(MAX_READ_CHARS, len)

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


@dataclass(frozen=True, slots=True)
class RawJSON:
    """JSON text that an answer holds as it is, to be written into the answer's JSON unparsed
    (`local.http.call.Shaped`): a page read holds the document of every page below it, and
    parsing each kept text only to serialise it again was most of a read's cost."""

    text: str


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


def renders_markdown(view: View, space: sqlite3.Row) -> bool:
    """Whether a page read of this view renders markdown (its body, or a git-synced space's
    blob), and so needs the revision's page tree for its links."""
    return view.body == "markdown" or bool(view.metadata and git_synced(space))


def document_id(stored: str) -> str:
    """A page document's id, from its stored JSON: the same content, the same id."""
    return "doc_" + hashlib.sha256(stored.encode()).hexdigest()[:20]


def blob(text: str) -> str:
    """The git object id of a blob with this text."""
    raw = text.encode()
    return hashlib.sha1(b"blob %d\0" % len(raw) + raw, usedforsecurity=False).hexdigest()


def tree_signature(paths: Iterable[tuple[str, str]]) -> str:
    """What a page's markdown depends on besides its document: every page's id and path (links
    are written as relative paths)."""
    digest = hashlib.sha256()
    for page_id, path in paths:
        digest.update(f"{page_id}={path}\n".encode())
    return digest.hexdigest()


def rendered_markdown(key: tuple[str, ...], render: Callable[[], str]) -> str:
    """A page's markdown, rendered once per key (its document's id, its id, the tree's
    signature, the refs mode): a tree read of a git-synced space shows every page's git blob,
    and rendering 50,000 pages at each read took minutes."""
    return RENDERED.get(key, render)


def read_json(document_id: str, build: Callable[[], str]) -> str:
    """The JSON of the document a read shows (``build``: the stored document with its anchors),
    built once per document id: a page read shows every page below it, so a corpus's pages were
    walked for their anchors at every read of each of their ancestors. The id is the stored
    content's hash (`document_id`), so the same id is the same document."""
    return READS.get(document_id, build)
