"""What the parts of a docs site (site spaces, sections, section groups, redirects, MCP
servers, findings) share, as functions they call: the access check, the published URLs, the
lookups of sections several parts need, and `SiteTable`, the rows of one part's table.

Each part is a plain class over `StorePart`: its update, move, delete and listing are its own
methods, read top to bottom, calling these for the steps they share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role, require
from gitbook_mcp.local.store.db import loads
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import found
from gitbook_mcp.local.store.urls import API_URL

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.db import Database

__all__ = [
    "FINDINGS",
    "MCP_SERVERS",
    "REDIRECTS",
    "SECTIONS",
    "SECTION_GROUPS",
    "SITE_SPACES",
    "Anchors",
    "RowIds",
    "SiteTable",
    "base_url",
    "default_section_id",
    "location",
    "section_of",
    "section_row",
    "sections_in_group",
    "site",
    "site_row",
]


A = TypeVar("A")

Anchors = tuple[A | None, A | None]
"""Where a move puts a row: (before, after) a neighbour, at most one given; neither, last."""
RowIds = tuple[str, str, str]
"""Which row of a part's table: (organization id, site id, the row's id)."""


def site(
    db: Database, actor: Actor, org_id: str, site_id: str, *, write: bool = False
) -> sqlite3.Row:
    """The site row: 404 unless the caller is a member; 403 for a write by a non-admin."""
    role = org_role(db, actor, org_id)
    row = db.one("SELECT * FROM sites WHERE id = ? AND org_id = ?", (site_id, org_id))
    if row is None:
        raise NotFound("site", site_id)
    if write:
        require(org_permissions(role), "admin", f"organization {org_id}")
    return row


def site_row(db: Database, site_id: str) -> sqlite3.Row:
    return found(db, "site", "SELECT * FROM sites WHERE id = ?", site_id)


def base_url(db: Database, site: sqlite3.Row) -> str:
    """Where the site is published: its own hostname, else the organization's subdomain."""
    data = loads(site["data"]) or {}
    if data.get("hostname"):
        return f"https://{data['hostname']}/{site['basename']}"
    org = db.scalar("SELECT data FROM organizations WHERE id = ?", (site["org_id"],))
    subdomain = (loads(org) or {}).get("hostname") or site["org_id"]
    return f"https://{subdomain}.gitbook.io/{site['basename']}"


def location(site: sqlite3.Row, suffix: str = "") -> str:
    """The API URL of the site, or of one of its parts (``suffix`` like ``/redirects/x``)."""
    return f"{API_URL}/orgs/{site['org_id']}/sites/{site['id']}{suffix}"


# -- section lookups several parts use ----------------------------------------------------


def section_row(db: Database, site_id: str, section_id: str) -> sqlite3.Row:
    return SECTIONS.row(db, site_id, section_id)


def section_of(db: Database, site_space: sqlite3.Row) -> sqlite3.Row | None:
    """The section a site space belongs to; None for one published at the site's root."""
    if site_space["section_id"] is None:
        return None
    return db.one("SELECT * FROM site_sections WHERE id = ?", (site_space["section_id"],))


def default_section_id(db: Database, site_id: str) -> str | None:
    value = db.scalar(
        "SELECT id FROM site_sections WHERE site_id = ? AND is_default = 1", (site_id,)
    )
    return None if value is None else str(value)


def sections_in_group(db: Database, group_id: str) -> list[sqlite3.Row]:
    return db.all(
        "SELECT * FROM site_sections WHERE group_id = ? ORDER BY position, id", (group_id,)
    )


# -- one part's table ---------------------------------------------------------------------


@dataclass(frozen=True)
class SiteTable:
    """The rows of one site part: ``name`` is the table, ``kind`` the word a 404 uses."""

    name: str
    kind: str

    def row(self, db: Database, site_id: str, ident: str) -> sqlite3.Row:
        """One row of the table, within the site; NotFound naming the kind otherwise."""
        sql = f"SELECT rowid AS seq, * FROM {self.name} WHERE id = ? AND site_id = ?"
        return found(db, self.kind, sql, ident, site_id)

    def writable(self, db: Database, actor: Actor, ids: RowIds) -> tuple[sqlite3.Row, sqlite3.Row]:
        """For a write to one row: organization.admin, then (the site, the row)."""
        org_id, site_id, ident = ids
        return site(db, actor, org_id, site_id, write=True), self.row(db, site_id, ident)

    def write(
        self, db: Database, actor: Actor, ids: RowIds, step: Callable[[sqlite3.Row], None]
    ) -> None:
        """One write to one row (organization.admin, then the row): ``step`` is given the row,
        in one transaction."""
        with db.transaction():
            step(self.writable(db, actor, ids)[1])

    def delete(
        self,
        db: Database,
        actor: Actor,
        ids: RowIds,
        remove: Callable[[sqlite3.Row], None] | None = None,
    ) -> bool:
        """Delete one row (organization.admin) with ``remove`` (by default, the row alone),
        in one transaction; whether it existed."""
        org_id, site_id, ident = ids
        with db.transaction():
            site(db, actor, org_id, site_id, write=True)
            row = db.one(
                f"SELECT * FROM {self.name} WHERE id = ? AND site_id = ?", (ident, site_id)
            )
            if row is None:
                return False
            if remove is None:
                self.remove(db, row)
            else:
                remove(row)
        return True

    def remove(self, db: Database, row: sqlite3.Row) -> None:
        """Delete ``row`` alone (in the caller's write)."""
        db.execute(f"DELETE FROM {self.name} WHERE id = ?", (row["id"],))

    def set_columns(
        self,
        db: Database,
        row: sqlite3.Row,
        changes: Mapping[str, Any],
        columns: Mapping[str, str],
        encode: Callable[[Any], Any] = lambda value: value,
    ) -> None:
        """Write each field of ``changes`` that ``columns`` maps onto a column of the row."""
        for field, column in columns.items():
            if field in changes:
                db.execute(
                    f"UPDATE {self.name} SET {column} = ? WHERE id = ?",
                    (encode(changes[field]), row["id"]),
                )

    def page(
        self,
        db: Database,
        actor: Actor,
        ids: tuple[str, str],
        paging: PageWindow,
        key: Callable[[sqlite3.Row], tuple[Any, ...]],
        render: Callable[[Actor, sqlite3.Row, sqlite3.Row], dict[str, Any]],
    ) -> dict[str, Any]:
        """A page of the rows of the site ``ids`` (organization id, site id; membership
        checked), ordered by ``key`` (``seq`` is the order of addition), each as ``render``
        shows it to ``actor`` within its site."""
        shown = site(db, actor, *ids)
        sql = f"SELECT rowid AS seq, * FROM {self.name} WHERE site_id = ?"
        rows = db.all(sql, (shown["id"],))
        return paginate(rows, key=key, paging=paging, render=lambda r: render(actor, r, shown))


SECTIONS = SiteTable("site_sections", "section")
SECTION_GROUPS = SiteTable("site_section_groups", "section group")
SITE_SPACES = SiteTable("site_spaces", "site space")
REDIRECTS = SiteTable("site_redirects", "redirect")
MCP_SERVERS = SiteTable("site_mcp_servers", "MCP server")
FINDINGS = SiteTable("site_findings", "finding")
