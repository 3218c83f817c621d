"""Revisions: the page trees and files of spaces and change requests (state and rules).

A space's published content is its current revision (``spaces.revision_id``); a change request
holds a revision of its own, a copy of the space's at creation. Page ids are stable across
copies of a revision, so links and comments keep pointing at the same page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.db import Migration, new_id

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["LAYOUT", "MIGRATIONS", "RevisionStore"]

APP_URL = "https://app.gitbook.com"
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
}

MIGRATIONS: list[Migration] = [
    (
        "content-0001-revisions",
        """
        CREATE TABLE revisions (
            id TEXT PRIMARY KEY,
            space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            parent_id TEXT,
            created_at TEXT NOT NULL
        );
        CREATE TABLE change_requests (
            id TEXT PRIMARY KEY,
            space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            subject TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('draft', 'open', 'merged', 'archived')),
            created_by TEXT REFERENCES users(id),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            revision_id TEXT NOT NULL REFERENCES revisions(id),
            initial_revision_id TEXT NOT NULL REFERENCES revisions(id),
            UNIQUE (space_id, number)
        );
        CREATE TABLE pages (
            revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            parent_id TEXT,
            position REAL NOT NULL DEFAULT 0,
            title TEXT NOT NULL,
            slug TEXT NOT NULL,
            path TEXT NOT NULL,
            emoji TEXT,
            description TEXT,
            markdown TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (revision_id, id)
        );
        CREATE INDEX pages_path ON pages(revision_id, path);
        CREATE TABLE files (
            revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            name TEXT NOT NULL,
            content_type TEXT NOT NULL,
            size INTEGER NOT NULL DEFAULT 0,
            width INTEGER,
            height INTEGER,
            PRIMARY KEY (revision_id, id)
        );
        CREATE VIRTUAL TABLE pages_fts USING fts5(
            revision_id UNINDEXED, page_id UNINDEXED, title, markdown, tokenize = 'porter unicode61'
        );
        """,
    )
]


class RevisionStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db

    # -- writing ----------------------------------------------------------------------------

    def create(self, space_id: str, *, copy_of: str | None = None) -> str:
        """A new revision of the space, empty or a copy of ``copy_of`` (pages keep their ids)."""
        revision_id = new_id("rev_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO revisions(id, space_id, parent_id, created_at) VALUES (?, ?, ?, ?)",
                (revision_id, space_id, copy_of, self._store.now()),
            )
            if copy_of is not None:
                self._db.execute(
                    "INSERT INTO pages(revision_id, id, parent_id, position, title, slug, path, emoji, description, "
                    "markdown, created_at, updated_at) SELECT ?, id, parent_id, position, title, slug, path, emoji, "
                    "description, markdown, created_at, updated_at FROM pages WHERE revision_id = ?",
                    (revision_id, copy_of),
                )
                self._db.execute(
                    "INSERT INTO files(revision_id, id, name, content_type, size, width, height) "
                    "SELECT ?, id, name, content_type, size, width, height FROM files WHERE revision_id = ?",
                    (revision_id, copy_of),
                )
                self._db.execute(
                    "INSERT INTO pages_fts(revision_id, page_id, title, markdown) "
                    "SELECT ?, id, title, markdown FROM pages WHERE revision_id = ?",
                    (revision_id, revision_id),
                )
        return revision_id

    def add_page(
        self,
        revision_id: str,
        *,
        title: str,
        slug: str,
        markdown: str = "",
        parent_id: str | None = None,
        page_id: str | None = None,
        description: str | None = None,
        emoji: str | None = None,
    ) -> str:
        """Add a page (at the end of its parent's children); its path follows from the parent."""
        page_id = page_id or new_id("pg_")
        parent_path = ""
        if parent_id is not None:
            parent = self.page_row(revision_id, parent_id)
            parent_path = parent["path"] + "/"
        last = self._db.scalar(
            "SELECT MAX(position) FROM pages WHERE revision_id = ? AND parent_id IS ?",
            (revision_id, parent_id),
        )
        now = self._store.now()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO pages(revision_id, id, parent_id, position, title, slug, path, emoji, description, "
                "markdown, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    revision_id,
                    page_id,
                    parent_id,
                    (last or 0) + 1,
                    title,
                    slug,
                    parent_path + slug,
                    emoji,
                    description,
                    markdown,
                    now,
                    now,
                ),
            )
            self._db.execute(
                "INSERT INTO pages_fts(revision_id, page_id, title, markdown) VALUES (?, ?, ?, ?)",
                (revision_id, page_id, title, markdown),
            )
        return page_id

    def set_markdown(self, revision_id: str, page_id: str, markdown: str) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE pages SET markdown = ?, updated_at = ? WHERE revision_id = ? AND id = ?",
                (markdown, self._store.now(), revision_id, page_id),
            )
            self._db.execute(
                "DELETE FROM pages_fts WHERE revision_id = ? AND page_id = ?",
                (revision_id, page_id),
            )
            self._db.execute(
                "INSERT INTO pages_fts(revision_id, page_id, title, markdown) SELECT revision_id, id, title, markdown "
                "FROM pages WHERE revision_id = ? AND id = ?",
                (revision_id, page_id),
            )

    def remove_page(self, revision_id: str, page_id: str) -> None:
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM pages WHERE revision_id = ? AND (id = ? OR parent_id = ?)",
                (revision_id, page_id, page_id),
            )
            self._db.execute(
                "DELETE FROM pages_fts WHERE revision_id = ? AND page_id = ?",
                (revision_id, page_id),
            )

    def add_file(
        self,
        revision_id: str,
        *,
        name: str,
        content_type: str,
        size: int,
        file_id: str | None = None,
        width: int | None = None,
        height: int | None = None,
    ) -> str:
        file_id = file_id or new_id("fl_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO files(revision_id, id, name, content_type, size, width, height) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (revision_id, file_id, name, content_type, size, width, height),
            )
        return file_id

    # -- reading ----------------------------------------------------------------------------

    def page_row(self, revision_id: str, page_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM pages WHERE revision_id = ? AND id = ?", (revision_id, page_id)
        )
        if row is None:
            raise NotFound("page", page_id)
        return row

    def page_by_path(self, revision_id: str, path: str) -> sqlite3.Row:
        clean = path.strip("/").removesuffix(".md")
        row = self._db.one(
            "SELECT * FROM pages WHERE revision_id = ? AND path = ?", (revision_id, clean)
        )
        if row is None:
            raise NotFound("page", path)
        return row

    def pages(self, revision_id: str) -> list[sqlite3.Row]:
        return self._db.all(
            "SELECT * FROM pages WHERE revision_id = ? ORDER BY position, id", (revision_id,)
        )

    def files(self, revision_id: str) -> list[sqlite3.Row]:
        return self._db.all(
            "SELECT * FROM files WHERE revision_id = ? ORDER BY name, id", (revision_id,)
        )

    def file_row(self, revision_id: str, file_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM files WHERE revision_id = ? AND id = ?", (revision_id, file_id)
        )
        if row is None:
            raise NotFound("file", file_id)
        return row

    def render_page(
        self, row: sqlite3.Row, space: sqlite3.Row, *, children: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        page: dict[str, Any] = {
            "id": row["id"],
            "title": row["title"],
            "kind": "sheet",
            "type": "document",
            "urls": {"app": f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/{row['path']}"},
            "slug": row["slug"],
            "path": row["path"],
            "pages": children or [],
            "layout": dict(LAYOUT),
            "markdown": row["markdown"],
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
        }
        if row["emoji"]:
            page["emoji"] = row["emoji"]
        if row["description"]:
            page["description"] = row["description"]
        return page

    def tree(self, revision_id: str, space: sqlite3.Row) -> list[dict[str, Any]]:
        rows = self.pages(revision_id)
        by_parent: dict[str | None, list[sqlite3.Row]] = {}
        for row in rows:
            by_parent.setdefault(row["parent_id"], []).append(row)

        def build(parent: str | None) -> list[dict[str, Any]]:
            return [
                self.render_page(r, space, children=build(r["id"]))
                for r in by_parent.get(parent, [])
            ]

        return build(None)

    def render_file(self, row: sqlite3.Row) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": row["id"],
            "name": row["name"],
            "contentType": row["content_type"],
            "downloadURL": f"https://files.gitbook.test/{row['revision_id']}/{row['id']}/{row['name']}",
            "size": row["size"],
        }
        if row["width"] and row["height"]:
            out["dimensions"] = {"width": row["width"], "height": row["height"]}
        return out

    def render_revision(self, revision_id: str, space: sqlite3.Row) -> dict[str, Any]:
        row = self._db.one("SELECT * FROM revisions WHERE id = ?", (revision_id,))
        if row is None:
            raise NotFound("revision", revision_id)
        return {
            "object": "revision",
            "id": revision_id,
            "type": "edits",
            "parents": [row["parent_id"]] if row["parent_id"] else [],
            "pages": self.tree(revision_id, space),
            "files": [self.render_file(f) for f in self.files(revision_id)],
            "reusableContents": [],
            "variables": {},
            "createdAt": row["created_at"],
            "urls": {
                "app": f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/~/revisions/{revision_id}"
            },
        }
