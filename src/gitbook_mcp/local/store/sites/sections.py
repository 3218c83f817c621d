"""Site sections (state and rules): the parts of a site, each publishing one or more spaces.

A site has one default section (the first one created, until it is deleted); the first
section of a site without sections takes in the site spaces published at its root. A section
moves among the siblings of the section it is placed next to: the site's top level (shared
with section groups) or the sections of a group.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.common import (
    free_path,
    group_positions,
    ordered_sections,
    place,
    present,
    section_key,
    section_url,
    slugify,
    top_level,
)
from gitbook_mcp.local.store.sites.rows import (
    SECTIONS,
    Anchors,
    base_url,
    location,
    sections_in_group,
    site,
    site_row,
)

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.sites.site_spaces import SiteSpaceStore

__all__ = ["SectionStore"]

_COLUMNS = {
    "title": "title",
    "path": "path",
    "condition": "condition",
    "icon": "icon",
    "description": "description",
}
"""Body fields of a section update that map onto one column each."""
_OPTIONAL = {
    "description": "description",
    "icon": "icon",
    "condition": "condition",
    "sectionGroup": "group_id",
}
"""Wire fields of a section that are left out when their column is null."""


@dataclass(eq=False, repr=False)
class SectionStore(StorePart):
    """The sections of sites (table ``site_sections``)."""

    _site_spaces: SiteSpaceStore

    # -- rendering ------------------------------------------------------------------------

    def render(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, Any]:
        """The wire ``SiteSection`` with its site spaces, in their order."""
        spaces = self._site_spaces
        urls: dict[str, str] = {"location": location(site, f"/sections/{row['id']}")}
        if site["published"]:
            urls["published"] = section_url(base_url(self._db, site), row)
        return {
            "object": "site-section",
            "id": row["id"],
            "title": row["title"],
            "path": row["path"],
            "default": bool(row["is_default"]),
            "siteSpaces": [
                spaces.render(actor, s, site, row) for s in spaces.in_section(site["id"], row["id"])
            ],
            "urls": urls,
            **present(row, _OPTIONAL),
        }

    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:
        """One section as the API answers it."""
        db = self._db
        return self.render(actor, SECTIONS.row(db, site_id, ident), site_row(db, site_id))

    # -- operations -----------------------------------------------------------------------

    def list_page(
        self, actor: Actor, org_id: str, site_id: str, *, paging: PageWindow = FIRST_PAGE
    ) -> dict[str, Any]:
        """A page of the site's sections (membership checked), in the order of the site's
        structure (groups expanded)."""
        groups = group_positions(self._db, site_id)
        order = functools.partial(section_key, group_positions=groups)
        return SECTIONS.page(self._db, actor, (org_id, site_id), paging, order, self.render)

    def add(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        space_id: str,
        title: str | None = None,
        icon: str | None = None,
        ident: str | None = None,
        site_space_ident: str | None = None,
    ) -> dict[str, Any]:
        """A new section, last at the top level, publishing the space as its site space."""
        section_id = ident or new_id("sec_")
        with self._db.transaction():
            site(self._db, actor, org_id, site_id, write=True)
            space = self._site_spaces.space_in_org(org_id, space_id)
            name = title or _title_from(space["title"])
            existing = self._db.all("SELECT path FROM site_sections WHERE site_id = ?", (site_id,))
            first = not existing
            position = place(
                top_level(self._db, site_id), moving=section_id, before=None, after=None
            )
            self._db.execute(
                "INSERT INTO site_sections(id, site_id, position, title, path, icon, is_default, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    section_id,
                    site_id,
                    position,
                    name,
                    free_path(slugify(name, "section"), (r["path"] for r in existing)),
                    icon,
                    int(first),
                    self._clock.stamp(),
                ),
            )
            if first:
                # The site's content so far (published at its root) becomes the first section's.
                self._db.execute(
                    "UPDATE site_spaces SET section_id = ? WHERE site_id = ? AND section_id IS NULL",
                    (section_id, site_id),
                )
            self._site_spaces.insert(site_id, section_id, space, ident=site_space_ident)
        return self.one(actor, site_id, section_id)

    def update(
        self, actor: Actor, org_id: str, site_id: str, ident: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Change the fields given (organization.admin; absent fields stay); None removes
        ``condition``, ``icon`` or ``description``."""
        SECTIONS.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._change(row, changes)
        )
        return self.one(actor, site_id, ident)

    def _change(self, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        if "path" in changes:
            taken = self._db.scalar(
                "SELECT 1 FROM site_sections WHERE site_id = ? AND path = ? AND id != ?",
                (row["site_id"], changes["path"], row["id"]),
            )
            if taken:
                raise Invalid(
                    "path", f"another section of the site has the path {changes['path']!r}"
                )
        if "defaultSiteSpace" in changes:
            self._set_default(row, changes["defaultSiteSpace"])
        SECTIONS.set_columns(self._db, row, changes, _COLUMNS)

    def _set_default(self, section: sqlite3.Row, site_space_id: str) -> None:
        found = self._db.scalar(
            "SELECT 1 FROM site_spaces WHERE id = ? AND section_id = ?",
            (site_space_id, section["id"]),
        )
        if not found:
            raise Invalid(
                "defaultSiteSpace", f"{site_space_id!r} is not a site space of this section"
            )
        self._db.execute(
            "UPDATE site_spaces SET is_default = 0 WHERE section_id = ?", (section["id"],)
        )
        self._db.execute("UPDATE site_spaces SET is_default = 1 WHERE id = ?", (site_space_id,))

    def delete(self, actor: Actor, org_id: str, site_id: str, ident: str) -> bool:
        """Delete a section (organization.admin), see `_remove`; whether it existed."""
        return SECTIONS.delete(self._db, actor, (org_id, site_id, ident), self._remove)

    def _remove(self, row: sqlite3.Row) -> None:
        """The section with its site spaces (and the redirects to them).

        When it was the default section, the first section left in the structure takes over.
        """
        SECTIONS.remove(self._db, row)
        remaining = ordered_sections(self._db, row["site_id"])
        if row["is_default"] and remaining:
            self._db.execute(
                "UPDATE site_sections SET is_default = 1 WHERE id = ?", (remaining[0]["id"],)
            )

    def move(
        self, actor: Actor, org_id: str, site_id: str, ident: str, anchors: Anchors[str]
    ) -> dict[str, Any]:
        """Place a section next to another section of the site (organization.admin), joining
        that one's siblings; with neither anchor, last among its current siblings."""
        SECTIONS.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._reposition(row, *anchors)
        )
        return self.one(actor, site_id, ident)

    def _reposition(self, row: sqlite3.Row, before: str | None, after: str | None) -> None:
        site_id, group = row["site_id"], row["group_id"]
        anchor = before if before is not None else after
        if anchor is not None:
            found = self._db.one(
                "SELECT group_id FROM site_sections WHERE id = ? AND site_id = ?",
                (anchor, site_id),
            )
            if found is None:
                raise Invalid("position", f"{anchor!r} is not a section of this site")
            group = found["group_id"]
        siblings = (
            top_level(self._db, site_id)
            if group is None
            else [(r["id"], r["position"]) for r in sections_in_group(self._db, group)]
        )
        position = place(siblings, moving=row["id"], before=before, after=after)
        self._db.execute(
            "UPDATE site_sections SET group_id = ?, position = ? WHERE id = ?",
            (group, position, row["id"]),
        )


def _title_from(space_title: str) -> str:
    """A section title (2 to 128 characters) from the title of the space it starts with."""
    title = space_title.strip()[:128]
    return title if len(title) >= 2 else "Section"
