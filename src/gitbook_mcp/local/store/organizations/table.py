"""`OrgTable`: a table whose rows belong to one organization, found by a key within it.

The organization's sub-stores (invite links, SAML providers, custom fonts, teams, OpenAPI
specs) each find one of their rows or answer 404 naming it, change some of its columns, delete
one row reporting whether it existed, and list their rows a page at a time; this says how
once, from the table's name, the word its errors use and its key column.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.paging import PageWindow, paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.db import Database

__all__ = ["OrgTable"]


@dataclass(frozen=True)
class OrgTable:
    """Rows of ``name`` owned by an organization (``org_id``), found by ``key`` and listed by
    ``order`` (``seq``, the SQLite rowid: the order they were added); ``kind`` is the word a
    404 uses (``"SAML provider"``)."""

    name: str
    kind: str
    key: str = "id"
    order: str = "seq"

    def find(self, db: Database, org_id: str, ident: str) -> sqlite3.Row | None:
        """The organization's row with this key, or None."""
        sql = f"SELECT * FROM {self.name} WHERE {self.key} = ? AND org_id = ?"
        return db.one(sql, (ident, org_id))

    def row(self, db: Database, org_id: str, ident: str) -> sqlite3.Row:
        """The organization's row with this key; `NotFound` naming the kind otherwise."""
        row = self.find(db, org_id, ident)
        if row is None:
            raise NotFound(self.kind, ident)
        return row

    def update(self, db: Database, org_id: str, ident: str, values: Mapping[str, Any]) -> None:
        """Set the columns ``values`` names on the organization's row with this key (nothing
        when it names none); the caller runs it in its write."""
        if not values:
            return
        assignments = ", ".join(f"{column} = ?" for column in values)
        sql = f"UPDATE {self.name} SET {assignments} WHERE {self.key} = ? AND org_id = ?"
        db.execute(sql, (*values.values(), ident, org_id))

    def delete(self, db: Database, org_id: str, ident: str) -> bool:
        """Delete the organization's row with this key (one transaction); whether it existed."""
        with db.transaction():
            sql = f"DELETE FROM {self.name} WHERE {self.key} = ? AND org_id = ?"
            cursor = db.execute(sql, (ident, org_id))
        return cursor.rowcount > 0

    def page(
        self,
        db: Database,
        org_id: str,
        paging: PageWindow,
        render: Callable[[sqlite3.Row], dict[str, Any]],
        *,
        where: str = "",
    ) -> dict[str, Any]:
        """One page of the organization's rows (those the SQL condition ``where`` keeps too),
        by ``order``, each as ``render`` shows it."""
        sql = f"SELECT rowid AS seq, * FROM {self.name} WHERE org_id = ?"
        if where:
            sql += f" AND {where}"
        rows = db.all(sql, (org_id,))
        return paginate(rows, key=lambda r: (r[self.order],), paging=paging, render=render)
