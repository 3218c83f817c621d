"""Collections: nested groups of spaces, with move (within an organization) and transfer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["CollectionStore", "resolve_position"]

APP_URL = "https://app.gitbook.com"
ABSENT: Any = object()


def resolve_position(position: dict[str, Any] | None) -> tuple[str | None, str | None]:
    """(before id, after id) from a ContentPosition; 400 naming the field when malformed."""
    if not position:
        return None, None
    ids: list[str | None] = []
    for side in ("before", "after"):
        pointer = position.get(side)
        if pointer is None:
            ids.append(None)
            continue
        if not isinstance(pointer, dict) or pointer.get("type") not in ("space", "collection"):
            raise Invalid(
                f"position.{side}", "must be {type: space, space} or {type: collection, collection}"
            )
        value = pointer.get(pointer["type"])
        if not isinstance(value, str):
            raise Invalid(f"position.{side}.{pointer['type']}", "must be an id")
        ids.append(value)
    if ids[0] and ids[1]:
        raise Invalid("position", "give before or after, not both")
    return ids[0], ids[1]


class CollectionStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db

    def row(self, collection_id: str) -> sqlite3.Row:
        row = self._db.one("SELECT * FROM collections WHERE id = ?", (collection_id,))
        if row is None:
            raise NotFound("collection", collection_id)
        return row

    def _visible(self, actor: Actor, collection_id: str) -> tuple[sqlite3.Row, dict[str, bool]]:
        row = self.row(collection_id)
        flags = collection_permissions(effective_collection_role(self._db, actor, collection_id))
        if not flags["view"]:
            raise NotFound("collection", collection_id)
        return row, flags

    def render(self, actor: Actor, collection_id: str) -> dict[str, Any]:
        row, flags = self._visible(actor, collection_id)
        out: dict[str, Any] = {
            "object": "collection",
            "id": row["id"],
            "title": row["title"],
            "organization": row["org_id"],
            "defaultLevel": row["default_level"] or "inherit",
            "urls": {
                "location": f"{APP_URL}/o/{row['org_id']}/c/{row['id']}",
                "app": f"{APP_URL}/o/{row['org_id']}/c/{row['id']}/",
            },
            "permissions": flags,
        }
        if row["description"]:
            out["description"] = row["description"]
        if row["parent_id"]:
            out["parent"] = row["parent_id"]
        return out

    def list_collections(
        self, actor: Actor, org_id: str, *, nested: bool, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        org_role(self._db, actor, org_id)
        sql = "SELECT id, position, created_at FROM collections WHERE org_id = ?"
        if not nested:
            sql += " AND parent_id IS NULL"
        rows = self._db.all(sql, (org_id,))
        visible = [
            r
            for r in rows
            if collection_permissions(effective_collection_role(self._db, actor, r["id"]))["view"]
        ]
        return paginate(
            visible,
            key=lambda r: (r["position"], r["created_at"], r["id"]),
            cursor=page,
            limit=limit,
            render=lambda r: self.render(actor, r["id"]),
        )

    def create(
        self, actor: Actor, org_id: str, *, title: str | None, parent: str | None
    ) -> dict[str, Any]:
        require(
            org_permissions(org_role(self._db, actor, org_id)),
            "createContent",
            f"organization {org_id}",
        )
        if parent is not None:
            parent_row = self._db.one("SELECT org_id FROM collections WHERE id = ?", (parent,))
            if parent_row is None or parent_row["org_id"] != org_id:
                raise Invalid("parent", f"no collection {parent!r} in this organization")
        collection_id = new_id("col_")
        siblings = self.siblings(org_id, parent)
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO collections(id, org_id, parent_id, title, position, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    collection_id,
                    org_id,
                    parent,
                    title or "Untitled",
                    position_between(siblings, moving=collection_id),
                    self._store.now(),
                ),
            )
        return self.render(actor, collection_id)

    def update(self, actor: Actor, collection_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        _, flags = self._visible(actor, collection_id)
        require(flags, "admin", f"collection {collection_id}")
        columns = {"title": "title", "description": "description", "defaultLevel": "default_level"}
        with self._db.transaction():
            for key, value in changes.items():
                self._db.execute(
                    f"UPDATE collections SET {columns[key]} = ? WHERE id = ?",
                    (value, collection_id),
                )
        return self.render(actor, collection_id)

    def delete(self, actor: Actor, collection_id: str) -> bool:
        if self._db.one("SELECT 1 FROM collections WHERE id = ?", (collection_id,)) is None:
            return False
        _, flags = self._visible(actor, collection_id)
        require(flags, "admin", f"collection {collection_id}")
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM grants WHERE target_kind = 'collection' AND target_id = ?",
                (collection_id,),
            )
            self._db.execute("DELETE FROM collections WHERE id = ?", (collection_id,))
        return True

    def list_spaces(
        self, actor: Actor, collection_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        self._visible(actor, collection_id)
        self._store.spaces.purge_expired()
        rows = self._db.all(
            "SELECT * FROM spaces WHERE parent_id = ? AND deleted_at IS NULL", (collection_id,)
        )
        return self._store.spaces.page_of(actor, rows, page=page, limit=limit)

    def siblings(self, org_id: str, parent: str | None) -> list[tuple[str, float]]:
        where = "parent_id IS NULL" if parent is None else "parent_id = ?"
        args: tuple[Any, ...] = (org_id,) if parent is None else (org_id, parent)
        rows = self._db.all(
            f"SELECT id, position FROM collections WHERE org_id = ? AND {where}", args
        )
        rows += self._db.all(
            f"SELECT id, position FROM spaces WHERE org_id = ? AND {where} AND deleted_at IS NULL",
            args,
        )
        return [(r["id"], float(r["position"])) for r in rows]

    def descendants(self, collection_id: str) -> set[str]:
        found: set[str] = set()
        frontier = [collection_id]
        while frontier:
            current = frontier.pop()
            for r in self._db.all("SELECT id FROM collections WHERE parent_id = ?", (current,)):
                if r["id"] not in found:
                    found.add(r["id"])
                    frontier.append(r["id"])
        return found

    def move(
        self, actor: Actor, collection_id: str, *, parent: Any, position: dict[str, Any] | None
    ) -> dict[str, Any]:
        row, flags = self._visible(actor, collection_id)
        require(flags, "admin", f"collection {collection_id}")
        new_parent = row["parent_id"] if parent is ABSENT else parent
        if new_parent is not None:
            if new_parent == collection_id or new_parent in self.descendants(collection_id):
                raise Invalid("parent", "a collection cannot move under itself")
            target = self._db.one("SELECT org_id FROM collections WHERE id = ?", (new_parent,))
            if target is None or target["org_id"] != row["org_id"]:
                raise Invalid("parent", f"no collection {new_parent!r} in this organization")
        before, after = resolve_position(position)
        if new_parent == row["parent_id"] and before is None and after is None:
            raise Conflict("The move would change nothing")
        siblings = self.siblings(row["org_id"], new_parent)
        new_position = position_between(siblings, moving=collection_id, before=before, after=after)
        with self._db.transaction():
            self._db.execute(
                "UPDATE collections SET parent_id = ?, position = ? WHERE id = ?",
                (new_parent, new_position, collection_id),
            )
        return self.render(actor, collection_id)

    def transfer(self, actor: Actor, collection_id: str, *, organization: str) -> dict[str, Any]:
        row, flags = self._visible(actor, collection_id)
        require(flags, "admin", f"collection {collection_id}")
        if organization == row["org_id"]:
            raise Conflict("The collection is already in that organization")
        target_role = org_role(self._db, actor, organization)
        if target_role != "admin":
            raise PreconditionFailed(
                "Only an admin of the target organization can receive a collection"
            )
        moved = {collection_id, *self.descendants(collection_id)}
        marks = ",".join("?" for _ in moved)
        with self._db.transaction():
            self._db.execute(
                f"UPDATE collections SET org_id = ? WHERE id IN ({marks})", (organization, *moved)
            )
            self._db.execute(
                "UPDATE collections SET parent_id = NULL WHERE id = ?", (collection_id,)
            )
            self._db.execute(
                f"UPDATE spaces SET org_id = ? WHERE parent_id IN ({marks})", (organization, *moved)
            )
        return self.render(actor, collection_id)
