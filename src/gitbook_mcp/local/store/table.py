"""`OrgTable`: a table whose rows belong to one organization, found by a key within it.

The organization's sub-stores (invite links, SAML providers, custom fonts, teams, OpenAPI
specs) each find one of their rows or answer 404 naming it, and delete one row reporting
whether it existed; this says how once, from the table's name, the word its errors use and
its key column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitbook_mcp.local.errors import NotFound

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.db import Database

__all__ = ["OrgTable"]


@dataclass(frozen=True)
class OrgTable:
    """Rows of ``name`` owned by an organization (``org_id``), found by ``key``; ``kind`` is
    the word a 404 uses (``"SAML provider"``)."""

    name: str
    kind: str
    key: str = "id"

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

    def delete(self, db: Database, org_id: str, ident: str) -> bool:
        """Delete the organization's row with this key (one transaction); whether it existed."""
        with db.transaction():
            sql = f"DELETE FROM {self.name} WHERE {self.key} = ? AND org_id = ?"
            cursor = db.execute(sql, (ident, org_id))
        return cursor.rowcount > 0
