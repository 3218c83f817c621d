"""Moves, slugs and paths in the working revision of a content batch (state, no HTTP).

A page's path is its parent's path and its slug; moving a page or changing its slug rewrites
the paths of its whole subtree. Positions are renumbered among siblings when a page is placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.content.pagedoc import slugify
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.content.batch_parse import Change

__all__ = ["PageTree"]


@dataclass(eq=False, repr=False)
class PageTree(StorePart):
    """The pages of one revision, for the batch that edits it."""

    revision: str

    def row(self, page_id: str) -> sqlite3.Row | None:
        return self._db.one(
            "SELECT * FROM pages WHERE revision_id = ? AND id = ?", (self.revision, page_id)
        )

    def _siblings(self, parent: str | None, without: str | None) -> list[sqlite3.Row]:
        rows = self._db.all(
            "SELECT * FROM pages WHERE revision_id = ? AND parent_id IS ? ORDER BY position, id",
            (self.revision, parent),
        )
        return [r for r in rows if r["id"] != without]

    def check_slug(self, change: Change, parent: str | None, slug: str, page: str | None) -> None:
        """Refuse a slug already used by a sibling (``page`` itself excepted)."""
        if any(r["slug"] == slug for r in self._siblings(parent, page)):
            raise Invalid(change.field("slug"), f"a sibling page already has the slug {slug!r}")

    def place(self, page_id: str, parent: str | None, at: int | None) -> None:
        """Put the page under ``parent`` at index ``at`` (the end when None), renumbering."""
        siblings = [r["id"] for r in self._siblings(parent, page_id)]
        siblings.insert(len(siblings) if at is None else min(at, len(siblings)), page_id)
        with self._db.transaction():
            for position, sibling in enumerate(siblings, start=1):
                self._db.execute(
                    "UPDATE pages SET parent_id = ?, position = ? WHERE revision_id = ? AND id = ?",
                    (parent, position, self.revision, sibling),
                )
        self.repath(page_id)

    def repath(self, page_id: str) -> None:
        """Recompute the path of a page and of every page below it."""
        row = self.row(page_id)
        assert row is not None
        parent = self.row(row["parent_id"]) if row["parent_id"] else None
        path = (parent["path"] + "/" if parent else "") + row["slug"]
        self._db.execute(
            "UPDATE pages SET path = ? WHERE revision_id = ? AND id = ?",
            (path, self.revision, page_id),
        )
        for child in self._siblings(page_id, None):
            self.repath(child["id"])

    def _descendant(self, page_id: str, candidate: str) -> bool:
        """Whether ``candidate`` is ``page_id`` or below it."""
        current: str | None = candidate
        while current is not None:
            if current == page_id:
                return True
            row = self.row(current)
            current = row["parent_id"] if row else None
        return False

    def _target_parent(self, change: Change, row: sqlite3.Row) -> str | None:
        if change.into is ABSENT:
            parent: str | None = row["parent_id"]
            return parent
        if change.into is None:
            return None
        into = str(change.into)
        if self.row(into) is None:
            raise Invalid(change.field("into"), f"no page {into!r} in the change request")
        if self._descendant(row["id"], into):
            raise Invalid(change.field("into"), "a page cannot move under itself or below it")
        return into

    def update(self, change: Change, page_id: str) -> None:
        """Apply an ``update_page`` change: document, metadata, slug and move."""
        row = self.row(page_id)
        if row is None:
            raise NotFound("page", page_id)
        parent = self._target_parent(change, row)
        meta = change.meta
        slug = meta.get("slug", row["slug"]) or slugify(str(meta.get("title", row["title"])))
        moved = parent != row["parent_id"]
        if moved or slug != row["slug"]:
            self.check_slug(change, parent, slug, page_id)
        icon = meta.get("emoji", meta.get("icon", ABSENT))
        with self._db.transaction():
            self._db.execute(
                "UPDATE pages SET title = ?, slug = ?, description = ?, emoji = ?, hidden = ?, "
                "updated_at = ? WHERE revision_id = ? AND id = ?",
                (
                    meta.get("title", row["title"]),
                    slug,
                    meta.get("description", row["description"]) or None,
                    (row["emoji"] if icon is ABSENT else icon) or None,
                    int(meta.get("hidden", bool(row["hidden"]))),
                    self._clock.stamp(),
                    self.revision,
                    page_id,
                ),
            )
            if moved or change.at is not None:
                self.place(page_id, parent, change.at)
            else:
                self.repath(page_id)

    def restore(self, before: sqlite3.Row, *, present: bool) -> None:
        """Give a page the fields it had in ``before`` (re-adding it when it was deleted)."""
        with self._db.transaction():
            if present:
                self._db.execute(
                    "UPDATE pages SET title = ?, slug = ?, description = ?, emoji = ?, "
                    "hidden = ?, markdown = ?, document = ?, updated_at = ? "
                    "WHERE revision_id = ? AND id = ?",
                    (
                        before["title"],
                        before["slug"],
                        before["description"],
                        before["emoji"],
                        before["hidden"],
                        before["markdown"],
                        before["document"],
                        self._clock.stamp(),
                        self.revision,
                        before["id"],
                    ),
                )
                self.repath(before["id"])
                return
            parent = before["parent_id"] if self.row(before["parent_id"] or "") else None
            self._db.execute(
                "INSERT INTO pages(revision_id, id, parent_id, position, title, slug, path, emoji, "
                "description, markdown, document, hidden, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?)",
                (
                    self.revision,
                    before["id"],
                    parent,
                    before["position"],
                    before["title"],
                    before["slug"],
                    before["emoji"],
                    before["description"],
                    before["markdown"],
                    before["document"],
                    before["hidden"],
                    before["created_at"],
                    self._clock.stamp(),
                ),
            )
            self.repath(before["id"])
