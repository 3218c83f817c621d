"""`SitePart`: the base of the site store and of its five parts (site spaces, sections, section
groups, redirects, MCP servers): the access check, the published URLs, and row lookups.

Each part names its table and the word its errors use; the lookups of sections that several
parts need (a section, the default one, those of a group) live here so that no part needs
another part's store for them. `EditablePart` runs an update (check, change, answer) once for
the five parts, `MovablePart` a move for the three that have an order, `ListedPart` a
listing for the four listed one page at a time, and `RenderedPart` the answer for the three
whose rows render within their site; each part says only what is its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role, require
from gitbook_mcp.local.store.db import loads
from gitbook_mcp.local.store.paging import FIRST_PAGE, Paging, paginate
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.urls import API_URL

if TYPE_CHECKING:
    import sqlite3

__all__ = ["EditablePart", "ListedPart", "MovablePart", "RenderedPart", "SitePart"]

A = TypeVar("A")


class SitePart(StorePart):
    """What every part of a docs site shares; ``table`` and ``kind`` name the part's rows."""

    table: ClassVar[str] = ""
    kind: ClassVar[str] = ""

    def site(self, actor: Actor, org_id: str, site_id: str, *, write: bool = False) -> sqlite3.Row:
        """The site row: 404 unless the caller is a member; 403 for a write by a non-admin."""
        role = org_role(self._db, actor, org_id)
        row = self._db.one("SELECT * FROM sites WHERE id = ? AND org_id = ?", (site_id, org_id))
        if row is None:
            raise NotFound("site", site_id)
        if write:
            require(org_permissions(role), "admin", f"organization {org_id}")
        return row

    def base_url(self, site: sqlite3.Row) -> str:
        """Where the site is published: its own hostname, else the organization's subdomain."""
        data = loads(site["data"]) or {}
        if data.get("hostname"):
            return f"https://{data['hostname']}/{site['basename']}"
        org = self._db.scalar("SELECT data FROM organizations WHERE id = ?", (site["org_id"],))
        subdomain = (loads(org) or {}).get("hostname") or site["org_id"]
        return f"https://{subdomain}.gitbook.io/{site['basename']}"

    def location(self, site: sqlite3.Row, suffix: str = "") -> str:
        """The API URL of the site, or of one of its parts (``suffix`` like ``/redirects/x``)."""
        return f"{API_URL}/orgs/{site['org_id']}/sites/{site['id']}{suffix}"

    def site_row(self, site_id: str) -> sqlite3.Row:
        return self._found("site", "SELECT * FROM sites WHERE id = ?", site_id)

    def row(self, site_id: str, ident: str) -> sqlite3.Row:
        """One row of this part's table, within the site; NotFound naming the part otherwise."""
        return self._in_site(self.table, self.kind, site_id, ident)

    def _in_site(self, table: str, kind: str, site_id: str, ident: str) -> sqlite3.Row:
        """One row of a site part's ``table``, within the site; NotFound naming ``kind``."""
        sql = f"SELECT rowid AS seq, * FROM {table} WHERE id = ? AND site_id = ?"
        return self._found(kind, sql, ident, site_id)

    def writable(self, actor: Actor, org_id: str, site_id: str, ident: str) -> sqlite3.Row:
        """For a write to one row of this part: organization.admin, then the row."""
        self.site(actor, org_id, site_id, write=True)
        return self.row(site_id, ident)

    def delete(self, actor: Actor, org_id: str, site_id: str, ident: str) -> bool:
        """Delete one row of this part (organization.admin), see `remove`; whether it existed."""
        with self._db.transaction():
            self.site(actor, org_id, site_id, write=True)
            row = self._db.one(
                f"SELECT * FROM {self.table} WHERE id = ? AND site_id = ?", (ident, site_id)
            )
            if row is None:
                return False
            self.remove(row)
        return True

    def remove(self, row: sqlite3.Row) -> None:
        """Delete ``row``, by this part's rules (in the write): by default, the row alone."""
        self._db.execute(f"DELETE FROM {self.table} WHERE id = ?", (row["id"],))

    # -- section lookups several parts use -------------------------------------------------

    def section_row(self, site_id: str, section_id: str) -> sqlite3.Row:
        return self._in_site("site_sections", "section", site_id, section_id)

    def section_of(self, site_space: sqlite3.Row) -> sqlite3.Row | None:
        """The section a site space belongs to; None for one published at the site's root."""
        if site_space["section_id"] is None:
            return None
        return self._db.one("SELECT * FROM site_sections WHERE id = ?", (site_space["section_id"],))

    def default_section_id(self, site_id: str) -> str | None:
        value = self._db.scalar(
            "SELECT id FROM site_sections WHERE site_id = ? AND is_default = 1", (site_id,)
        )
        return None if value is None else str(value)

    def sections_in_group(self, group_id: str) -> list[sqlite3.Row]:
        return self._db.all(
            "SELECT * FROM site_sections WHERE group_id = ? ORDER BY position, id", (group_id,)
        )


class EditablePart(SitePart, ABC):
    """A part whose rows are changed field by field, and answered as the API renders them."""

    @abstractmethod
    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:
        """One row of this part as the API answers it, after a read or a write."""

    @abstractmethod
    def change(self, site: sqlite3.Row, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        """Apply the fields of an update to ``row`` of ``site``, by this part's rules (in the
        write)."""

    def update(
        self, actor: Actor, org_id: str, site_id: str, ident: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Change the fields given (organization.admin; absent fields stay), see `change`."""
        with self._db.transaction():
            site = self.site(actor, org_id, site_id, write=True)
            self.change(site, self.row(site_id, ident), changes)
        return self.one(actor, site_id, ident)

    def set_columns(
        self,
        row: sqlite3.Row,
        changes: Mapping[str, Any],
        columns: Mapping[str, str],
        encode: Callable[[Any], Any] = lambda value: value,
    ) -> None:
        """Write each field of ``changes`` that ``columns`` maps onto a column of the row."""
        for field, column in columns.items():
            if field in changes:
                self._db.execute(
                    f"UPDATE {self.table} SET {column} = ? WHERE id = ?",
                    (encode(changes[field]), row["id"]),
                )


class MovablePart(EditablePart, Generic[A]):
    """A part whose rows have an order: moved before or after a neighbour named by an ``A``."""

    @abstractmethod
    def reposition(self, row: sqlite3.Row, before: A | None, after: A | None) -> None:
        """Give ``row`` its new place, by this part's rules (in the write)."""

    def move(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        ident: str,
        *,
        before: A | None = None,
        after: A | None = None,
    ) -> dict[str, Any]:
        """Place a row next to a neighbour (organization.admin), see `reposition`."""
        with self._db.transaction():
            self.reposition(self.writable(actor, org_id, site_id, ident), before, after)
        return self.one(actor, site_id, ident)


class ListedPart(EditablePart, ABC):
    """A part whose rows are listed one page at a time (sections, section groups, redirects,
    MCP servers)."""

    def list_page(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        paging: Paging = FIRST_PAGE,
    ) -> dict[str, Any]:
        """A page of this part's rows in the site (membership checked), in the part's order."""
        site = self.site(actor, org_id, site_id)
        rows = self._db.all(
            f"SELECT rowid AS seq, * FROM {self.table} WHERE site_id = ?", (site_id,)
        )
        return paginate(
            rows,
            key=self.ordering(site_id),
            paging=paging,
            render=lambda row: self.listed(actor, site, row),
        )

    def ordering(self, site_id: str) -> Callable[[sqlite3.Row], tuple[Any, ...]]:
        """How a listing of the site orders its rows: by `order`, unless the part needs the
        site's state to tell (sections follow their groups)."""
        return self.order

    def order(self, row: sqlite3.Row) -> tuple[Any, ...]:
        """Where a row stands in a listing: by default, in the order the rows were added."""
        return (row["seq"],)

    @abstractmethod
    def listed(self, actor: Actor, site: sqlite3.Row, row: sqlite3.Row) -> dict[str, Any]:
        """A row as a listing shows it."""


class RenderedPart(ListedPart, ABC):
    """A listed part whose rows render within their site, alike alone and in a listing
    (sections, section groups, MCP servers)."""

    @abstractmethod
    def render(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, Any]:
        """A row of ``site`` as the API answers it."""

    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:
        return self.render(actor, self.row(site_id, ident), self.site_row(site_id))

    def listed(self, actor: Actor, site: sqlite3.Row, row: sqlite3.Row) -> dict[str, Any]:
        return self.render(actor, row, site)
