"""Sections and section groups of a docs site (state and rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import paginate
from gitbook_mcp.local.store.sites import APP_URL, slugify

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store
    from gitbook_mcp.local.store.sites import SiteStore

__all__ = ["SectionStore"]


class SectionStore:
    def __init__(self, store: Store, sites: SiteStore) -> None:
        self._store = store
        self._db = store.db
        self._sites = sites

    def section(self, site_id: str, section_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM site_sections WHERE id = ? AND site_id = ?", (section_id, site_id)
        )
        if row is None:
            raise NotFound("section", section_id)
        return row

    def group(self, site_id: str, group_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM site_section_groups WHERE id = ? AND site_id = ?", (group_id, site_id)
        )
        if row is None:
            raise NotFound("section group", group_id)
        return row

    def render_section(self, actor: Actor, row: sqlite3.Row) -> dict[str, Any]:
        site = self._db.one("SELECT * FROM sites WHERE id = ?", (row["site_id"],))
        assert site is not None
        spaces = self._db.all(
            "SELECT * FROM site_spaces WHERE section_id = ? ORDER BY position, id", (row["id"],)
        )
        base = self._sites.base_url(site)
        out: dict[str, Any] = {
            "object": "site-section",
            "id": row["id"],
            "title": row["title"],
            "default": bool(row["is_default"]),
            "path": row["path"],
            "siteSpaces": [self._sites.render_site_space(actor, s) for s in spaces],
            "urls": {
                "location": f"{APP_URL}/o/{site['org_id']}/sites/{site['id']}/sections/{row['id']}",
                "published": base if row["is_default"] else f"{base}/{row['path']}",
            },
        }
        for key, column in (
            ("description", "description"),
            ("icon", "icon"),
            ("condition", "condition"),
            ("sectionGroup", "group_id"),
        ):
            if row[column] is not None:
                out[key] = row[column]
        return out

    def render_group(self, actor: Actor, row: sqlite3.Row) -> dict[str, Any]:
        sections = self._db.all(
            "SELECT * FROM site_sections WHERE group_id = ? ORDER BY position, id", (row["id"],)
        )
        out: dict[str, Any] = {
            "object": "site-section-group",
            "id": row["id"],
            "title": row["title"],
            "sections": [self.render_section(actor, s) for s in sections],
        }
        if row["icon"]:
            out["icon"] = row["icon"]
        return out

    # -- sections ---------------------------------------------------------------------------

    def list_sections(
        self, actor: Actor, org_id: str, site_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id)
        rows = self._db.all("SELECT * FROM site_sections WHERE site_id = ?", (site_id,))
        return paginate(
            rows,
            key=lambda r: (r["position"], r["id"]),
            cursor=page,
            limit=limit,
            render=lambda r: self.render_section(actor, r),
        )

    def add_section(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        space_id: str,
        title: str | None,
        icon: str | None,
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        space = self._sites.space_in_org(org_id, space_id, "spaceId")
        section_id = new_id("sec_")
        name = title or space["title"]
        siblings = [
            (r["id"], r["position"])
            for r in self._db.all(
                "SELECT id, position FROM site_sections WHERE site_id = ?", (site_id,)
            )
        ]
        first = not siblings
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO site_sections(id, site_id, title, path, icon, is_default, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    section_id,
                    site_id,
                    name,
                    self._unique_path(site_id, slugify(name)),
                    icon,
                    int(first),
                    position_between(siblings, moving=section_id),
                ),
            )
            self._sites.insert_site_space(site_id, section_id, space)
        return self.render_section(actor, self.section(site_id, section_id))

    def _unique_path(self, site_id: str, base: str, *, ignore: str = "") -> str:
        taken = {
            r["path"]
            for r in self._db.all(
                "SELECT id, path FROM site_sections WHERE site_id = ?", (site_id,)
            )
            if r["id"] != ignore
        }
        path, n = base, 2
        while path in taken:
            path = f"{base}-{n}"
            n += 1
        return path

    def update_section(
        self, actor: Actor, org_id: str, site_id: str, section_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self.section(site_id, section_id)
        if (
            "path" in changes
            and self._unique_path(site_id, changes["path"], ignore=section_id) != changes["path"]
        ):
            raise Invalid("path", "another section of this site has that path")
        if "defaultSiteSpace" in changes:
            found = self._db.one(
                "SELECT 1 FROM site_spaces WHERE id = ? AND section_id = ?",
                (changes["defaultSiteSpace"], section_id),
            )
            if found is None:
                raise Invalid("defaultSiteSpace", "is not a site space of this section")
        columns = {
            "title": "title",
            "path": "path",
            "condition": "condition",
            "icon": "icon",
            "description": "description",
            "defaultSiteSpace": "default_site_space_id",
        }
        with self._db.transaction():
            for key, value in changes.items():
                self._db.execute(
                    f"UPDATE site_sections SET {columns[key]} = ? WHERE id = ?", (value, section_id)
                )
        return self.render_section(actor, self.section(site_id, section_id))

    def delete_section(self, actor: Actor, org_id: str, site_id: str, section_id: str) -> bool:
        self._sites.site(actor, org_id, site_id, write=True)
        row = self._db.one(
            "SELECT is_default FROM site_sections WHERE id = ? AND site_id = ?",
            (section_id, site_id),
        )
        if row is None:
            return False
        with self._db.transaction():
            self._db.execute("DELETE FROM site_sections WHERE id = ?", (section_id,))
            if row["is_default"]:
                self._db.execute(
                    "UPDATE site_sections SET is_default = 1 WHERE id = (SELECT id FROM site_sections WHERE site_id = ? ORDER BY position LIMIT 1)",
                    (site_id,),
                )
        return True

    def move_section(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        section_id: str,
        *,
        before: str | None,
        after: str | None,
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self.section(site_id, section_id)
        siblings = [
            (r["id"], r["position"])
            for r in self._db.all(
                "SELECT id, position FROM site_sections WHERE site_id = ?", (site_id,)
            )
        ]
        position = position_between(siblings, moving=section_id, before=before, after=after)
        with self._db.transaction():
            self._db.execute(
                "UPDATE site_sections SET position = ? WHERE id = ?", (position, section_id)
            )
        return self.render_section(actor, self.section(site_id, section_id))

    # -- section groups ---------------------------------------------------------------------

    def list_groups(
        self, actor: Actor, org_id: str, site_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id)
        rows = self._db.all("SELECT * FROM site_section_groups WHERE site_id = ?", (site_id,))
        return paginate(
            rows,
            key=lambda r: (r["position"], r["id"]),
            cursor=page,
            limit=limit,
            render=lambda r: self.render_group(actor, r),
        )

    def add_group(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        title: str,
        icon: str | None,
        sections: list[str],
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        for section_id in sections:
            if (
                self._db.one(
                    "SELECT 1 FROM site_sections WHERE id = ? AND site_id = ?",
                    (section_id, site_id),
                )
                is None
            ):
                raise Invalid("sections", f"no section {section_id!r} in this site")
        group_id = new_id("grp_")
        siblings = [
            (r["id"], r["position"])
            for r in self._db.all(
                "SELECT id, position FROM site_section_groups WHERE site_id = ?", (site_id,)
            )
        ]
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO site_section_groups(id, site_id, title, icon, position) VALUES (?, ?, ?, ?, ?)",
                (group_id, site_id, title, icon, position_between(siblings, moving=group_id)),
            )
            for section_id in sections:
                self._db.execute(
                    "UPDATE site_sections SET group_id = ? WHERE id = ?", (group_id, section_id)
                )
        return self.render_group(actor, self.group(site_id, group_id))

    def update_group(
        self, actor: Actor, org_id: str, site_id: str, group_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self.group(site_id, group_id)
        with self._db.transaction():
            for key, value in changes.items():
                self._db.execute(
                    f"UPDATE site_section_groups SET {key} = ? WHERE id = ?", (value, group_id)
                )
        return self.render_group(actor, self.group(site_id, group_id))

    def delete_group(self, actor: Actor, org_id: str, site_id: str, group_id: str) -> bool:
        self._sites.site(actor, org_id, site_id, write=True)
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM site_section_groups WHERE id = ? AND site_id = ?", (group_id, site_id)
            )
        return cursor.rowcount > 0

    def add_to_group(
        self, actor: Actor, org_id: str, site_id: str, group_id: str, section_id: str
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self.group(site_id, group_id)
        self.section(site_id, section_id)
        with self._db.transaction():
            self._db.execute(
                "UPDATE site_sections SET group_id = ? WHERE id = ?", (group_id, section_id)
            )
        return self.render_group(actor, self.group(site_id, group_id))

    def remove_from_group(
        self, actor: Actor, org_id: str, site_id: str, group_id: str, section_id: str
    ) -> bool:
        self._sites.site(actor, org_id, site_id, write=True)
        self.group(site_id, group_id)
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE site_sections SET group_id = NULL WHERE id = ? AND group_id = ?",
                (section_id, group_id),
            )
        return cursor.rowcount > 0

    def move_group(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        group_id: str,
        *,
        before: str | None,
        after: str | None,
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self.group(site_id, group_id)
        siblings = [
            (r["id"], r["position"])
            for r in self._db.all(
                "SELECT id, position FROM site_section_groups WHERE site_id = ?", (site_id,)
            )
        ]
        position = position_between(siblings, moving=group_id, before=before, after=after)
        with self._db.transaction():
            self._db.execute(
                "UPDATE site_section_groups SET position = ? WHERE id = ?", (position, group_id)
            )
        return self.render_group(actor, self.group(site_id, group_id))
