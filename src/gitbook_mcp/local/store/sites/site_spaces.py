"""Site spaces (state and rules): the spaces a site publishes, each at a path of its section.

A site space added without a section goes to the site's default section, or to the root when
the site has no sections. Each section (or the root) has exactly one default site space: the
first one added, until ``defaultSiteSpace`` names another; ``default`` on the wire says so,
and the site's ``defaultSpace`` is the default of its default section.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.common import (
    free_path,
    ordered_sections,
    place,
    present,
    section_url,
    site_space_url,
    slugify,
)
from gitbook_mcp.local.store.sites.rows import (
    SITE_SPACES,
    Anchors,
    base_url,
    default_section_id,
    location,
    section_of,
    section_row,
    site,
    site_row,
)

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["SiteSpaceStore"]


@dataclass(eq=False, repr=False)
class SiteSpaceStore(StorePart):
    """The spaces sites publish (table ``site_spaces``)."""

    _spaces: SpaceRows

    # -- lookups --------------------------------------------------------------------------

    def in_section(self, site_id: str, section_id: str | None) -> list[sqlite3.Row]:
        """The site spaces of a section (None: of the root), in their order."""
        return self._db.all(
            "SELECT * FROM site_spaces WHERE site_id = ? AND section_id IS ? ORDER BY position, id",
            (site_id, section_id),
        )

    def site_default(self, site_id: str) -> str | None:
        """The site's default site space: the default of the default section, or of the root."""
        value = self._db.scalar(
            "SELECT ss.id FROM site_spaces ss LEFT JOIN site_sections s ON s.id = ss.section_id "
            "WHERE ss.site_id = ? AND ss.is_default = 1 AND (s.id IS NULL OR s.is_default = 1) "
            "ORDER BY s.id IS NOT NULL DESC LIMIT 1",
            (site_id,),
        )
        return None if value is None else str(value)

    def space_in_org(self, org_id: str, space_id: str, field: str = "spaceId") -> sqlite3.Row:
        """A live space of the organization; 400 naming ``field`` otherwise."""
        space = self._db.one(
            "SELECT * FROM spaces WHERE id = ? AND org_id = ? AND deleted_at IS NULL",
            (space_id, org_id),
        )
        if space is None:
            raise Invalid(field, f"there is no space {space_id!r} in this organization")
        return space

    # -- rendering ------------------------------------------------------------------------

    def render(
        self,
        actor: Actor,
        row: sqlite3.Row,
        site: sqlite3.Row,
        section: sqlite3.Row | None,
    ) -> dict[str, Any]:
        """The wire ``SiteSpace``, embedding the full ``Space`` as the caller sees it."""
        space = self._spaces.render_space(actor, row["space_id"], include_deleted=True)
        urls: dict[str, str] = {"location": location(site, f"/site-spaces/{row['id']}")}
        if site["published"]:
            parent = section_url(base_url(self._db, site), section)
            urls["published"] = site_space_url(parent, row)
        return {
            "object": "site-space",
            "id": row["id"],
            "path": row["path"],
            "space": space,
            "title": space["title"],
            "default": bool(row["is_default"]),
            "urls": urls,
            **present(row, {"section": "section_id", "condition": "condition"}),
        }

    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:
        """One site space as the API answers it."""
        row = SITE_SPACES.row(self._db, site_id, ident)
        return self.render(actor, row, site_row(self._db, site_id), section_of(self._db, row))

    # -- operations -----------------------------------------------------------------------

    def list_site_spaces(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        default: bool | None = None,
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """The site's site spaces in the order of its structure; ``default`` filters them."""
        shown = site(self._db, actor, org_id, site_id)
        sections = ordered_sections(self._db, site_id)
        index = {s["id"]: i for i, s in enumerate(sections)}
        by_id = {s["id"]: s for s in sections}
        rows = self._db.all("SELECT * FROM site_spaces WHERE site_id = ?", (site_id,))
        if default is not None:
            rows = [r for r in rows if bool(r["is_default"]) is default]
        return paginate(
            rows,
            key=lambda r: (index.get(r["section_id"], -1), r["position"], r["id"]),
            paging=paging,
            render=lambda r: self.render(actor, r, shown, by_id.get(r["section_id"])),
        )

    def add(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        space_id: str,
        section_id: str | None = None,
        ident: str | None = None,
    ) -> dict[str, Any]:
        """Publish a space in a section (default: the default section, else the root)."""
        with self._db.transaction():
            site(self._db, actor, org_id, site_id, write=True)
            space = self.space_in_org(org_id, space_id)
            if section_id is not None:
                section_row(self._db, site_id, section_id)
            else:
                section_id = default_section_id(self._db, site_id)
            created = self.insert(site_id, section_id, space, ident=ident)
        return self.one(actor, site_id, created)

    def insert(
        self,
        site_id: str,
        section_id: str | None,
        space: sqlite3.Row,
        *,
        ident: str | None = None,
    ) -> str:
        """Add a site space last in its section, at a free path; the first one is the default.

        No checks: callers run it inside their transaction, after their own checks.
        """
        site_space_id = ident or new_id("ss_")
        siblings = self.in_section(site_id, section_id)
        path = free_path(slugify(space["title"], "space"), (r["path"] for r in siblings))
        position = place(
            [(r["id"], r["position"]) for r in siblings],
            moving=site_space_id,
            before=None,
            after=None,
        )
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO site_spaces(id, site_id, section_id, space_id, path, position, "
                "is_default, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    site_space_id,
                    site_id,
                    section_id,
                    space["id"],
                    path,
                    position,
                    int(not siblings),
                    self._clock.stamp(),
                ),
            )
        return site_space_id

    def update(
        self, actor: Actor, org_id: str, site_id: str, ident: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Change ``path``, ``condition`` (None removes it) or ``spaceId`` (organization.admin;
        absent fields stay)."""
        ids = (org_id, site_id, ident)
        SITE_SPACES.write(self._db, actor, ids, lambda row: self._change(org_id, row, changes))
        return self.one(actor, site_id, ident)

    def delete(self, actor: Actor, org_id: str, site_id: str, ident: str) -> bool:
        """Delete a site space (organization.admin); whether it existed."""
        return SITE_SPACES.delete(self._db, actor, (org_id, site_id, ident))

    def _change(self, org_id: str, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        if "spaceId" in changes:
            space = self.space_in_org(org_id, changes["spaceId"])
            self._db.execute(
                "UPDATE site_spaces SET space_id = ? WHERE id = ?", (space["id"], row["id"])
            )
        if "path" in changes:
            taken = self._db.scalar(
                "SELECT 1 FROM site_spaces WHERE site_id = ? AND section_id IS ? "
                "AND path = ? AND id != ?",
                (row["site_id"], row["section_id"], changes["path"], row["id"]),
            )
            if taken:
                raise Invalid(
                    "path",
                    f"another site space of the section has the path {changes['path']!r}",
                )
        SITE_SPACES.set_columns(self._db, row, changes, {"path": "path", "condition": "condition"})

    def move(
        self, actor: Actor, org_id: str, site_id: str, ident: str, anchors: Anchors[str]
    ) -> dict[str, Any]:
        """Place a site space before or after another of its section (organization.admin;
        last when neither)."""
        SITE_SPACES.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._reposition(row, *anchors)
        )
        return self.one(actor, site_id, ident)

    def _reposition(self, row: sqlite3.Row, before: str | None, after: str | None) -> None:
        siblings = self.in_section(row["site_id"], row["section_id"])
        position = place(
            [(r["id"], r["position"]) for r in siblings],
            moving=row["id"],
            before=before,
            after=after,
        )
        self._db.execute("UPDATE site_spaces SET position = ? WHERE id = ?", (position, row["id"]))
