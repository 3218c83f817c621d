"""Full-text search over the current content of the spaces a caller can view in an organization
(SQLite FTS5 with porter stemming; bm25 ranking with titles weighing more than body text)."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from typing import Any

from gitbook_mcp.document import slug
from gitbook_mcp.document.scan import headings as atx_headings
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor, effective_space_role, org_role, space_permissions
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.urls import APP_URL

__all__ = ["ContentSearch", "fts_query", "sections_matching"]

_WORD = re.compile(r"\w+", re.UNICODE)
_LINK = re.compile(r"!?\[([^\[\]]*+)\]\([^)\[]*+\)")
"""A link or image (linear: its text stops at a bracket, its target too)."""
TITLE_WEIGHT = 10.0
SNIPPET_WORDS = 24
TOKENIZE = "tokenize = 'porter unicode61'"


def fts_query(text: str) -> str:
    """An FTS5 query matching pages that contain every word (prefix match on the last one)."""
    words = _WORD.findall(text)
    if not words:
        raise Invalid("query", "must contain at least one word")
    quoted = [f'"{w}"' for w in words]
    quoted[-1] += "*"
    return " ".join(quoted)


def _any_word(text: str) -> str:
    """An FTS5 query matching text that contains any of the words (prefix on the last one)."""
    return fts_query(text).replace('" "', '" OR "')


def _sections(markdown: str) -> list[tuple[str, str]]:
    """(heading, body text) of each heading of a page, links reduced to their text."""
    headings = list(atx_headings(markdown))
    out: list[tuple[str, str]] = []
    for index, heading in enumerate(headings):
        end = headings[index + 1].start if index + 1 < len(headings) else len(markdown)
        body = _LINK.sub(lambda m: m.group(1), markdown[heading.end : end])
        out.append((heading.text, re.sub(r"\s+", " ", body).strip()))
    return out


def sections_matching(pages: list[str], query: str) -> list[list[tuple[str, str, str]]]:
    """For each page's markdown, (anchor, heading, snippet) of its sections mentioning a word
    of the query. Sections are matched by FTS5 with the index's own tokenizer, so a section
    matches exactly when its words would (stems and the prefix on the last word included)."""
    found: list[list[tuple[str, str, str]]] = [[] for _ in pages]
    with closing(sqlite3.connect(":memory:")) as scratch:
        scratch.execute(
            f"CREATE VIRTUAL TABLE s USING fts5(page UNINDEXED, title, body, {TOKENIZE})"
        )
        scratch.executemany(
            "INSERT INTO s(page, title, body) VALUES (?, ?, ?)",
            [
                (index, title, body)
                for index, markdown in enumerate(pages)
                for title, body in _sections(markdown)
            ],
        )
        rows = scratch.execute(
            f"SELECT page, title, snippet(s, 2, '', '', '…', {SNIPPET_WORDS}) FROM s "
            "WHERE s MATCH ? ORDER BY rowid",
            (_any_word(query),),
        )
        for page, title, snippet in rows:
            found[int(page)].append((slug(title), title, snippet))
    return found


class ContentSearch(StorePart):
    """See the module's docstring."""

    def _visible(self, actor: Actor, org_id: str) -> dict[str, sqlite3.Row]:
        """The org's live spaces with content that the caller can view, by current revision."""
        visible: dict[str, sqlite3.Row] = {}
        for row in self._db.all(
            "SELECT * FROM spaces WHERE org_id = ? AND deleted_at IS NULL "
            "AND revision_id IS NOT NULL",
            (org_id,),
        ):
            if space_permissions(effective_space_role(self._db, actor, row["id"]))["view"]:
                visible[row["revision_id"]] = row
        return visible

    def search(
        self, actor: Actor, org_id: str, query: str, *, paging: PageWindow
    ) -> dict[str, Any]:
        """Spaces with matching pages, best match first; each page lists its matching sections."""
        org_role(self._db, actor, org_id)
        match = fts_query(query)
        spaces = self._visible(actor, org_id)
        if not spaces:
            return paginate([], key=lambda r: (r,), paging=paging)
        marks = ",".join("?" for _ in spaces)
        hits = self._db.all(
            "SELECT f.revision_id, p.id, p.title, p.path, p.markdown, "
            f"bm25(pages_fts, 0.0, 0.0, {TITLE_WEIGHT}, 1.0) AS rank "
            "FROM pages_fts f JOIN pages p ON p.revision_id = f.revision_id AND p.id = f.page_id "
            f"WHERE pages_fts MATCH ? AND f.revision_id IN ({marks}) ORDER BY rank, p.path",
            (match, *spaces),
        )
        sections = sections_matching([hit["markdown"] for hit in hits], query)
        grouped: dict[str, list[dict[str, Any]]] = {}
        best: dict[str, float] = {}
        for hit, matching in zip(hits, sections, strict=True):
            space = spaces[hit["revision_id"]]
            url = f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/{hit['path']}"
            grouped.setdefault(space["id"], []).append(
                {
                    "id": hit["id"],
                    "title": hit["title"],
                    "path": hit["path"],
                    "sections": [
                        {
                            "id": anchor,
                            "title": title,
                            "path": f"{hit['path']}#{anchor}",
                            "body": body,
                            "urls": {"app": f"{url}#{anchor}"},
                        }
                        for anchor, title, body in matching
                    ],
                    "urls": {"app": url},
                }
            )
            best.setdefault(space["id"], float(hit["rank"]))
        titles = {s["id"]: s["title"] for s in spaces.values()}
        results = [
            {"id": sid, "title": titles[sid], "pages": pages} for sid, pages in grouped.items()
        ]
        return paginate(results, key=lambda r: (best[r["id"]], r["id"]), paging=paging)
