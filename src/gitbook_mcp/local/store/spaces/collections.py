"""Collections: nested groups of spaces; create, update, delete, move within an organization,
and transfer (with everything inside) to another one.

Deleting a collection deletes its nested collections too; the spaces that were inside them
are not deleted but moved to the organization's top level (after its last item), because the
API deletes spaces only through their own soft delete, which can be undone for 7 days.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Conflict, Invalid, NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import (
    Actor,
    collection_permissions,
    effective_collection_role,
    org_permissions,
    org_role,
    require,
)
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import PageWindow
from gitbook_mcp.local.store.part import StorePart, found
from gitbook_mcp.local.store.spaces.containers import (
    check_parent,
    destination,
    end_position,
    page_by_position,
    prune_foreign_grants,
    render_level,
    stored_level,
)
from gitbook_mcp.local.store.urls import app_urls

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["CollectionStore"]


def _marks(ids: set[str] | list[str]) -> str:
    return ",".join("?" for _ in ids)


@dataclass(eq=False, repr=False)
class CollectionStore(StorePart):
    _spaces: SpaceRows

    # -- lookups --------------------------------------------------------------------------

    def row(self, collection_id: str) -> sqlite3.Row:
        return found(
            self._db, "collection", "SELECT * FROM collections WHERE id = ?", collection_id
        )

    def visible(self, actor: Actor, collection_id: str) -> tuple[sqlite3.Row, dict[str, bool]]:
        """The row and the caller's flags; a collection the caller cannot view is a 404."""
        row = self.row(collection_id)
        flags = collection_permissions(effective_collection_role(self._db, actor, collection_id))
        if not flags["view"]:
            raise NotFound("collection", collection_id)
        return row, flags

    def _admin(self, actor: Actor, collection_id: str) -> sqlite3.Row:
        row, flags = self.visible(actor, collection_id)
        require(flags, "admin", f"collection {collection_id}")
        return row

    def render(self, actor: Actor, collection_id: str) -> dict[str, Any]:
        row, flags = self.visible(actor, collection_id)
        return self.render_row(row, flags)

    def render_row(self, row: sqlite3.Row, flags: dict[str, bool]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "object": "collection",
            "id": row["id"],
            "title": row["title"],
            "organization": row["org_id"],
            "defaultLevel": render_level(row["default_level"]),
            "urls": app_urls(f"{row['org_id']}/c/{row['id']}"),
            "permissions": flags,
        }
        if row["description"]:
            out["description"] = row["description"]
        if row["parent_id"]:
            out["parent"] = row["parent_id"]
        return out

    def descendants(self, collection_id: str) -> set[str]:
        """Every collection nested (at any depth) in this one."""
        found: set[str] = set()
        frontier = [collection_id]
        while frontier:
            current = frontier.pop()
            for r in self._db.all("SELECT id FROM collections WHERE parent_id = ?", (current,)):
                if r["id"] not in found and r["id"] != collection_id:
                    found.add(r["id"])
                    frontier.append(r["id"])
        return found

    # -- reads ----------------------------------------------------------------------------

    def list_collections(
        self, actor: Actor, org_id: str, *, nested: bool, paging: PageWindow
    ) -> dict[str, Any]:
        """The organization's collections the caller can view (top level only unless nested)."""
        org_role(self._db, actor, org_id)
        sql = "SELECT * FROM collections WHERE org_id = ?"
        if not nested:
            sql += " AND parent_id IS NULL"
        visible = []
        for row in self._db.all(sql, (org_id,)):
            flags = collection_permissions(effective_collection_role(self._db, actor, row["id"]))
            if flags["view"]:
                visible.append((row, flags))
        return page_by_position(visible, paging=paging, render=lambda item: self.render_row(*item))

    def list_spaces(
        self, actor: Actor, collection_id: str, *, paging: PageWindow
    ) -> dict[str, Any]:
        """The live spaces directly in the collection that the caller can view."""
        self.visible(actor, collection_id)
        rows = self._db.all(
            "SELECT * FROM spaces WHERE parent_id = ? AND deleted_at IS NULL", (collection_id,)
        )
        return self._spaces.page_of(actor, rows, paging=paging)

    # -- writes ---------------------------------------------------------------------------

    def create(
        self, actor: Actor, org_id: str, *, title: str | None, parent: str | None
    ) -> dict[str, Any]:
        """A new collection, last in its container; needs organization.createContent."""
        require(
            org_permissions(org_role(self._db, actor, org_id)),
            "createContent",
            f"organization {org_id}",
        )
        check_parent(self._db, actor, org_id, parent)
        collection_id = new_id("col_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO collections(id, org_id, parent_id, title, position, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    collection_id,
                    org_id,
                    parent,
                    title if title is not None else "Untitled",
                    end_position(self._db, org_id, parent),
                    self._clock.stamp(),
                ),
            )
        return self.render(actor, collection_id)

    def update(self, actor: Actor, collection_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        """Change title, description and/or defaultLevel (keys of ``changes``)."""
        self._admin(actor, collection_id)
        columns = {"title": "title", "description": "description", "defaultLevel": "default_level"}
        with self._db.transaction():
            for key, value in changes.items():
                stored = stored_level(value) if key == "defaultLevel" else value
                self._db.execute(
                    f"UPDATE collections SET {columns[key]} = ? WHERE id = ?",
                    (stored, collection_id),
                )
        return self.render(actor, collection_id)

    def delete(self, actor: Actor, collection_id: str) -> bool:
        """Delete the collection and its nested ones; their spaces move to the top level.

        False (204) when there is no such collection.
        """
        if self._db.one("SELECT 1 FROM collections WHERE id = ?", (collection_id,)) is None:
            return False
        row = self._admin(actor, collection_id)
        doomed = [collection_id, *sorted(self.descendants(collection_id))]
        with self._db.transaction():
            spaces = self._db.all(
                f"SELECT id FROM spaces WHERE parent_id IN ({_marks(doomed)}) "
                "ORDER BY position, created_at, id",
                doomed,
            )
            position = end_position(self._db, row["org_id"], None)
            for space in spaces:
                self._db.execute(
                    "UPDATE spaces SET parent_id = NULL, position = ? WHERE id = ?",
                    (position, space["id"]),
                )
                position += 1.0
            self._db.execute(
                f"DELETE FROM grants WHERE target_kind = 'collection' "
                f"AND target_id IN ({_marks(doomed)})",
                doomed,
            )
            self._db.execute(f"DELETE FROM collections WHERE id IN ({_marks(doomed)})", doomed)
        return True

    def move(
        self, actor: Actor, collection_id: str, *, parent: Any, position: dict[str, Any] | None
    ) -> dict[str, Any]:
        """Move under another parent (or the top level with None) and/or next to a sibling.

        400: the parent is the collection itself, one of its descendants, or not a visible
        collection of the organization; or the position names an item outside the target.
        409: the collection would stay where it is.
        """
        row = self._admin(actor, collection_id)
        if (
            parent is not ABSENT
            and parent is not None
            and (parent == collection_id or parent in self.descendants(collection_id))
        ):
            raise Invalid("parent", "a collection cannot move under itself or its descendants")
        new_parent, new_position = destination(self._db, actor, row, parent, position)
        with self._db.transaction():
            self._db.execute(
                "UPDATE collections SET parent_id = ?, position = ? WHERE id = ?",
                (new_parent, new_position, collection_id),
            )
        return self.render(actor, collection_id)

    def transfer(self, actor: Actor, collection_id: str, *, organization: str) -> dict[str, Any]:
        """Move the collection, its nested collections and their spaces to another organization.

        404: no such collection, or the caller is not a member of the target organization.
        409: it is already there. 412: the caller is not an admin of the target, or a space
        inside is published on a site of the current organization.
        """
        row = self._admin(actor, collection_id)
        if organization == row["org_id"]:
            raise Conflict("The collection is already in that organization")
        if org_role(self._db, actor, organization) != "admin":
            raise PreconditionFailed(
                "Only an admin of the target organization can receive a collection"
            )
        moved = [collection_id, *sorted(self.descendants(collection_id))]
        spaces = [
            r["id"]
            for r in self._db.all(
                f"SELECT id FROM spaces WHERE parent_id IN ({_marks(moved)})", moved
            )
        ]
        for space_id in spaces:
            self._spaces.check_unpublished(space_id)
        with self._db.transaction():
            position = end_position(self._db, organization, None)
            self._db.execute(
                f"UPDATE collections SET org_id = ? WHERE id IN ({_marks(moved)})",
                (organization, *moved),
            )
            self._db.execute(
                "UPDATE collections SET parent_id = NULL, position = ? WHERE id = ?",
                (position, collection_id),
            )
            if spaces:
                self._db.execute(
                    f"UPDATE spaces SET org_id = ?, updated_at = ? WHERE id IN ({_marks(spaces)})",
                    (organization, self._clock.stamp(), *spaces),
                )
            prune_foreign_grants(
                self._db,
                organization,
                [("collection", c) for c in moved] + [("space", s) for s in spaces],
            )
        return self.render(actor, collection_id)
