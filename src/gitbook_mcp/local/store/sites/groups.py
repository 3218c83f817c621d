"""Site section groups (state and rules): named sets of sections at a site's top level.

A group and the ungrouped sections share the top-level order. A section leaving a group (by
removal, or because the group is deleted) takes the group's place at the top level, so the
order a visitor sees barely changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.common import place, present, spread, top_level
from gitbook_mcp.local.store.sites.rows import (
    SECTION_GROUPS,
    Anchors,
    section_row,
    sections_in_group,
    site,
    site_row,
)

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.sites.sections import SectionStore


__all__ = ["GROUP", "SECTION", "SectionGroupStore"]

GROUP = "site-section-group"
SECTION = "site-section"

Pointer = tuple[str, str]
"""(type, id) of a top-level item: ``site-section`` or ``site-section-group``."""


@dataclass(eq=False, repr=False)
class SectionGroupStore(StorePart):
    """The section groups of sites (table ``site_section_groups``)."""

    _sections: SectionStore

    def render(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, Any]:
        """The wire ``SiteSectionGroup`` with its sections, in their order."""
        sections = self._sections
        return {
            "object": "site-section-group",
            "id": row["id"],
            "title": row["title"],
            "sections": [
                sections.render(actor, s, site) for s in sections_in_group(self._db, row["id"])
            ],
            **present(row, {"icon": "icon"}),
        }

    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:
        """One group as the API answers it."""
        db = self._db
        return self.render(actor, SECTION_GROUPS.row(db, site_id, ident), site_row(db, site_id))

    # -- operations -----------------------------------------------------------------------

    def list_page(
        self, actor: Actor, org_id: str, site_id: str, *, paging: PageWindow = FIRST_PAGE
    ) -> dict[str, Any]:
        """A page of the site's groups (membership checked), by position."""
        order = itemgetter("position", "id")
        return SECTION_GROUPS.page(self._db, actor, (org_id, site_id), paging, order, self.render)

    def add(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        title: str,
        icon: str | None = None,
        sections: list[str] | None = None,
        ident: str | None = None,
    ) -> dict[str, Any]:
        """A new group, last at the top level, holding ``sections`` in the order given."""
        group_id = ident or new_id("grp_")
        members = list(dict.fromkeys(sections or []))
        with self._db.transaction():
            site(self._db, actor, org_id, site_id, write=True)
            for section_id in members:
                section_row(self._db, site_id, section_id)
            position = place(top_level(self._db, site_id), moving=group_id, before=None, after=None)
            self._db.execute(
                "INSERT INTO site_section_groups(id, site_id, title, icon, position, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (group_id, site_id, title, icon, position, self._clock.stamp()),
            )
            for index, section_id in enumerate(members):
                self._db.execute(
                    "UPDATE site_sections SET group_id = ?, position = ? WHERE id = ?",
                    (group_id, float(index), section_id),
                )
        return self.one(actor, site_id, group_id)

    def update(
        self, actor: Actor, org_id: str, site_id: str, ident: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Change ``title`` or ``icon`` (organization.admin; None removes the icon)."""
        SECTION_GROUPS.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._change(row, changes)
        )
        return self.one(actor, site_id, ident)

    def _change(self, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        SECTION_GROUPS.set_columns(self._db, row, changes, {"title": "title", "icon": "icon"})

    def delete(self, actor: Actor, org_id: str, site_id: str, ident: str) -> bool:
        """Delete a group (organization.admin), see `_remove`; whether it existed."""
        return SECTION_GROUPS.delete(self._db, actor, (org_id, site_id, ident), self._remove)

    def _remove(self, row: sqlite3.Row) -> None:
        """The group; its sections stay, at the group's place in the top level."""
        later = [p for i, p in top_level(self._db, row["site_id"]) if p > row["position"]]
        members = sections_in_group(self._db, row["id"])
        slots = spread(row["position"], min(later, default=None), len(members))
        for section, position in zip(members, slots, strict=True):
            self._db.execute(
                "UPDATE site_sections SET group_id = NULL, position = ? WHERE id = ?",
                (position, section["id"]),
            )
        SECTION_GROUPS.remove(self._db, row)

    def group_of(self, site_id: str, section_id: str) -> str | None:
        """The group a section of the site is in (None: the top level); 404 for the section."""
        group: str | None = section_row(self._db, site_id, section_id)["group_id"]
        return group

    def add_section(
        self, actor: Actor, org_id: str, site_id: str, group_id: str, section_id: str
    ) -> dict[str, Any]:
        """Put a section last in the group (it leaves any other group); 404 for either."""
        with self._db.transaction():
            SECTION_GROUPS.writable(self._db, actor, (org_id, site_id, group_id))
            section = section_row(self._db, site_id, section_id)
            if section["group_id"] != group_id:
                siblings = [(r["id"], r["position"]) for r in sections_in_group(self._db, group_id)]
                position = place(siblings, moving=section_id, before=None, after=None)
                self._db.execute(
                    "UPDATE site_sections SET group_id = ?, position = ? WHERE id = ?",
                    (group_id, position, section_id),
                )
        return self.one(actor, site_id, group_id)

    def remove_section(
        self, actor: Actor, org_id: str, site_id: str, group_id: str, section_id: str
    ) -> bool:
        """Take a section out of the group, to just after it; False when it was not in it."""
        with self._db.transaction():
            SECTION_GROUPS.writable(self._db, actor, (org_id, site_id, group_id))
            member = self._db.scalar(
                "SELECT 1 FROM site_sections WHERE id = ? AND site_id = ? AND group_id = ?",
                (section_id, site_id, group_id),
            )
            if not member:
                return False
            position = place(
                top_level(self._db, site_id), moving=section_id, before=None, after=group_id
            )
            self._db.execute(
                "UPDATE site_sections SET group_id = NULL, position = ? WHERE id = ?",
                (position, section_id),
            )
        return True

    def move(
        self, actor: Actor, org_id: str, site_id: str, ident: str, anchors: Anchors[Pointer]
    ) -> dict[str, Any]:
        """Place a group before or after a top-level item (organization.admin): another group
        or an ungrouped section (the pointer's type must say which). Last at the top level
        when neither."""
        SECTION_GROUPS.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._reposition(row, *anchors)
        )
        return self.one(actor, site_id, ident)

    def _reposition(self, row: sqlite3.Row, before: Pointer | None, after: Pointer | None) -> None:
        for pointer in (before, after):
            if pointer is not None:
                self._check_top_level(row["site_id"], pointer)
        position = place(
            top_level(self._db, row["site_id"]),
            moving=row["id"],
            before=None if before is None else before[1],
            after=None if after is None else after[1],
        )
        self._db.execute(
            "UPDATE site_section_groups SET position = ? WHERE id = ?", (position, row["id"])
        )

    def _check_top_level(self, site_id: str, pointer: Pointer) -> None:
        kind, ident = pointer
        if kind == GROUP:
            sql = "SELECT 1 FROM site_section_groups WHERE id = ? AND site_id = ?"
            what = "a section group of this site"
        else:
            sql = "SELECT 1 FROM site_sections WHERE id = ? AND site_id = ? AND group_id IS NULL"
            what = "a section of this site outside any group"
        if not self._db.scalar(sql, (ident, site_id)):
            raise Invalid("position", f"{ident!r} is not {what}")
