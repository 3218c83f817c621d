"""Helpers shared by the organization sub-stores: the caller's role and flags, user lookup,
and `TablePart`, the reads and delete of a sub-store kept in one `OrgTable`.

Every organization operation starts here, so "not a member" is a 404 and "member without the
flag" is a 403 in exactly one place.
"""

from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role, require
from gitbook_mcp.local.store.db import Database
from gitbook_mcp.local.store.organizations.table import OrgTable
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate

if TYPE_CHECKING:
    from gitbook_mcp.local.clock import Clock

__all__ = [
    "TablePart",
    "is_member",
    "org_access",
    "page_by_title",
    "page_key",
    "resolve_member",
    "tables",
]


def org_access(db: Database, actor: Actor, org_id: str, flag: str | None = None) -> str | None:
    """The caller's role in the organization (NotFound if not a member), checking ``flag``."""
    role = org_role(db, actor, org_id)
    if flag is not None:
        require(org_permissions(role), flag, f"organization {org_id}")
    return role


def is_member(db: Database, org_id: str, user_id: str) -> bool:
    return (
        db.scalar("SELECT 1 FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id))
        is not None
    )


def resolve_member(db: Database, org_id: str, ref: str, field: str) -> str:
    """A member's user id from a user id or an email; Invalid naming ``field`` otherwise."""
    row = db.one(
        "SELECT m.user_id FROM members m JOIN users u ON u.id = m.user_id "
        "WHERE m.org_id = ? AND (u.id = ? OR lower(u.email) = lower(?))",
        (org_id, ref, ref),
    )
    if row is None:
        raise Invalid(field, f"{ref!r} is not a member of the organization")
    user_id: str = row["user_id"]
    return user_id


def tables(db: Database) -> set[str]:
    """Names of the tables present (other domains' tables may not exist yet)."""
    return {str(r[0]) for r in db.all("SELECT name FROM sqlite_master WHERE type = 'table'")}


def page_key(*parts: Any) -> tuple[Any, ...]:
    """A pagination key with None replaced by "" so that every part compares."""
    return tuple("" if p is None else p for p in parts)


def page_by_title(
    rows: Sequence[sqlite3.Row],
    title: str | None,
    paging: PageWindow,
    render: Callable[[sqlite3.Row], dict[str, Any]],
) -> dict[str, Any]:
    """Rows whose title contains ``title`` (any case), one page of them ordered by title."""
    if title:
        rows = [r for r in rows if title.casefold() in r["title"].casefold()]
    return paginate(
        rows,
        key=lambda r: (r["title"].casefold(), r["id"]),
        paging=paging,
        render=render,
    )


@dataclass(eq=False, repr=False)
class TablePart(ABC):
    """A sub-store kept in one `OrgTable` (``rows``): a page of its rows (those meeting the SQL
    condition ``listed``, when given) and one row, read with the organization flag ``read``
    (None: any member), and a delete needing ``write``. Like a `StorePart`, its fields are the
    connection, the clock, then the collaborators a sub-store adds."""

    _db: Database
    _clock: Clock
    rows: ClassVar[OrgTable]
    read: ClassVar[str | None] = None
    write: ClassVar[str] = "admin"
    listed: ClassVar[str] = ""

    @abstractmethod
    def render(self, actor: Actor, row: sqlite3.Row, role: str | None) -> dict[str, Any]:
        """A row as the API answers it to ``actor``, whose organization role is ``role``."""

    def list_page(
        self, actor: Actor, org_id: str, *, paging: PageWindow = FIRST_PAGE
    ) -> dict[str, Any]:
        """One page of the organization's rows, in the table's order."""
        role = org_access(self._db, actor, org_id, self.read)
        return self.rows.page(
            self._db, org_id, paging, lambda r: self.render(actor, r, role), where=self.listed
        )

    def get(self, actor: Actor, org_id: str, ident: str) -> dict[str, Any]:
        """One row of the organization; 404 naming the table's kind when there is none."""
        role = org_access(self._db, actor, org_id, self.read)
        return self.render(actor, self.rows.row(self._db, org_id, ident), role)

    def delete(self, actor: Actor, org_id: str, ident: str) -> bool:
        """Delete one row of the organization; whether it existed."""
        org_access(self._db, actor, org_id, self.write)
        return self.rows.delete(self._db, org_id, ident)
