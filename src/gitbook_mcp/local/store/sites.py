"""Docs sites: sections, section groups and the spaces a site publishes (state and rules).

Reads need membership of the site's organization; every write needs organization.admin.
A site space added without a section goes to the site's default section, or to the root when
the site has no sections. Redirects and MCP servers live in `site_links`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role, require
from gitbook_mcp.local.store.db import Migration, loads, new_id
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["ABSENT", "MIGRATIONS", "SiteStore"]

ABSENT: Any = object()
APP_URL = "https://app.gitbook.com"

MIGRATIONS: list[Migration] = [
    (
        "sites-0001-structure",
        """
        CREATE TABLE sites (
            id TEXT PRIMARY KEY,
            org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            basename TEXT NOT NULL,
            visibility TEXT NOT NULL DEFAULT 'public',
            type TEXT NOT NULL DEFAULT 'premium',
            published INTEGER NOT NULL DEFAULT 1,
            created_at TEXT NOT NULL
        );
        CREATE TABLE site_section_groups (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            icon TEXT,
            position REAL NOT NULL DEFAULT 0
        );
        CREATE TABLE site_sections (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            group_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
            title TEXT NOT NULL,
            path TEXT NOT NULL,
            icon TEXT,
            description TEXT,
            condition TEXT,
            is_default INTEGER NOT NULL DEFAULT 0,
            default_site_space_id TEXT,
            position REAL NOT NULL DEFAULT 0
        );
        CREATE TABLE site_spaces (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
            space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            condition TEXT,
            position REAL NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        );
        CREATE INDEX site_spaces_site ON site_spaces(site_id, section_id);
        CREATE TABLE site_redirects (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            source TEXT NOT NULL,
            destination TEXT NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (site_id, source)
        );
        CREATE TABLE site_mcp_servers (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            url TEXT NOT NULL,
            headers TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL
        );
        """,
    )
]


def slugify(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:100] or "space"


class SiteStore:
    def __init__(self, store: Store) -> None:
        from gitbook_mcp.local.store.site_links import SiteLinkStore
        from gitbook_mcp.local.store.site_sections import SectionStore

        self._store = store
        self._db = store.db
        self.links = SiteLinkStore(store, self)
        self.sections = SectionStore(store, self)

    # -- access ---------------------------------------------------------------------------

    def site(self, actor: Actor, org_id: str, site_id: str, *, write: bool = False) -> sqlite3.Row:
        """The site row, after checking membership (and admin for a write)."""
        role = org_role(self._db, actor, org_id)
        row = self._db.one("SELECT * FROM sites WHERE id = ? AND org_id = ?", (site_id, org_id))
        if row is None:
            raise NotFound("site", site_id)
        if write:
            require(org_permissions(role), "admin", f"organization {org_id}")
        return row

    def base_url(self, site: sqlite3.Row) -> str:
        org = self._db.one("SELECT data FROM organizations WHERE id = ?", (site["org_id"],))
        hostname = (loads(org["data"]) if org else {}).get("hostname") or site["org_id"]
        return f"https://{hostname}.gitbook.io/{site['basename']}"

    # -- sites ----------------------------------------------------------------------------

    def create_site(self, org_id: str, site_id: str, title: str, basename: str) -> None:
        """Bootstrap a site (the API has no operation that creates one)."""
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO sites(id, org_id, title, basename, created_at) VALUES (?, ?, ?, ?, ?)",
                (site_id, org_id, title, basename, self._store.now()),
            )

    def render_site(self, site: sqlite3.Row) -> dict[str, Any]:
        count = int(
            self._db.scalar("SELECT COUNT(*) FROM site_spaces WHERE site_id = ?", (site["id"],))
            or 0
        )
        default = self._db.scalar(
            "SELECT ss.id FROM site_spaces ss LEFT JOIN site_sections s ON s.id = ss.section_id "
            "WHERE ss.site_id = ? ORDER BY COALESCE(s.is_default, 1) DESC, ss.position LIMIT 1",
            (site["id"],),
        )
        return {
            "object": "site",
            "id": site["id"],
            "type": site["type"],
            "title": site["title"],
            "basename": site["basename"],
            "visibility": site["visibility"],
            "published": bool(site["published"]),
            "siteSpaces": count,
            "defaultSpace": default,
            "createdAt": site["created_at"],
            "features": [],
            "agentsContext": "included",
            "urls": {
                "location": f"{APP_URL}/o/{site['org_id']}/sites/{site['id']}",
                "app": f"{APP_URL}/o/{site['org_id']}/sites/{site['id']}/",
                "published": self.base_url(site),
            },
        }

    def list_sites(
        self, actor: Actor, org_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        org_role(self._db, actor, org_id)
        rows = self._db.all("SELECT * FROM sites WHERE org_id = ?", (org_id,))
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["id"]),
            cursor=page,
            limit=limit,
            render=self.render_site,
        )

    def get_site(self, actor: Actor, org_id: str, site_id: str) -> dict[str, Any]:
        return self.render_site(self.site(actor, org_id, site_id))

    # -- site spaces ----------------------------------------------------------------------

    def _section_url(self, site: sqlite3.Row, section: sqlite3.Row | None) -> str:
        base = self.base_url(site)
        if section is None or section["is_default"]:
            return base
        return f"{base}/{section['path']}"

    def render_site_space(self, actor: Actor, row: sqlite3.Row) -> dict[str, Any]:
        site = self._db.one("SELECT * FROM sites WHERE id = ?", (row["site_id"],))
        assert site is not None
        section = (
            self._db.one("SELECT * FROM site_sections WHERE id = ?", (row["section_id"],))
            if row["section_id"]
            else None
        )
        space = self._store.spaces.render_space(actor, row["space_id"], include_deleted=True)
        out: dict[str, Any] = {
            "object": "site-space",
            "id": row["id"],
            "path": row["path"],
            "space": space,
            "title": space["title"],
            "default": self._is_default_site_space(row, section),
            "urls": {
                "location": f"{APP_URL}/o/{site['org_id']}/sites/{site['id']}/spaces/{row['id']}",
                "published": f"{self._section_url(site, section)}/{row['path']}",
            },
        }
        if row["section_id"]:
            out["section"] = row["section_id"]
        if row["condition"] is not None:
            out["condition"] = row["condition"]
        return out

    def _is_default_site_space(self, row: sqlite3.Row, section: sqlite3.Row | None) -> bool:
        if section is not None:
            chosen = section["default_site_space_id"] or self._db.scalar(
                "SELECT id FROM site_spaces WHERE section_id = ? ORDER BY position, id LIMIT 1",
                (section["id"],),
            )
            return bool(chosen == row["id"])
        first = self._db.scalar(
            "SELECT id FROM site_spaces WHERE site_id = ? AND section_id IS NULL ORDER BY position, id LIMIT 1",
            (row["site_id"],),
        )
        return bool(first == row["id"])

    def site_space(self, site_id: str, site_space_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM site_spaces WHERE id = ? AND site_id = ?", (site_space_id, site_id)
        )
        if row is None:
            raise NotFound("site-space", site_space_id)
        return row

    def list_site_spaces(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        default: bool | None,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        self.site(actor, org_id, site_id)
        rows = self._db.all("SELECT * FROM site_spaces WHERE site_id = ?", (site_id,))
        rendered = [self.render_site_space(actor, r) for r in rows]
        order = {r["id"]: (r["section_id"] or "", r["position"], r["id"]) for r in rows}
        if default is not None:
            rendered = [s for s in rendered if s["default"] is default]
        return paginate(rendered, key=lambda s: order[s["id"]], cursor=page, limit=limit)

    def _unique_path(
        self, site_id: str, section_id: str | None, base: str, *, ignore: str = ""
    ) -> str:
        where = "section_id IS NULL" if section_id is None else "section_id = ?"
        args: tuple[Any, ...] = (site_id,) if section_id is None else (site_id, section_id)
        taken = {
            r["path"]
            for r in self._db.all(
                f"SELECT path, id FROM site_spaces WHERE site_id = ? AND {where}", args
            )
            if r["id"] != ignore
        }
        path, n = base, 2
        while path in taken:
            path = f"{base}-{n}"
            n += 1
        return path

    def space_in_org(self, org_id: str, space_id: str, field: str) -> sqlite3.Row:
        space = self._db.one(
            "SELECT * FROM spaces WHERE id = ? AND org_id = ? AND deleted_at IS NULL",
            (space_id, org_id),
        )
        if space is None:
            raise Invalid(field, f"no space {space_id!r} in this organization")
        return space

    def add_site_space(
        self, actor: Actor, org_id: str, site_id: str, *, space_id: str, section_id: str | None
    ) -> dict[str, Any]:
        self.site(actor, org_id, site_id, write=True)
        space = self.space_in_org(org_id, space_id, "spaceId")
        if section_id is not None:
            if (
                self._db.one(
                    "SELECT 1 FROM site_sections WHERE id = ? AND site_id = ?",
                    (section_id, site_id),
                )
                is None
            ):
                raise NotFound("section", section_id)
        else:
            section_id = self._db.scalar(
                "SELECT id FROM site_sections WHERE site_id = ? ORDER BY is_default DESC, position LIMIT 1",
                (site_id,),
            )
        return self.render_site_space(actor, self.insert_site_space(site_id, section_id, space))

    def insert_site_space(
        self, site_id: str, section_id: str | None, space: sqlite3.Row
    ) -> sqlite3.Row:
        site_space_id = new_id("ss_")
        where = "section_id IS NULL" if section_id is None else "section_id = ?"
        args: tuple[Any, ...] = (site_id,) if section_id is None else (site_id, section_id)
        siblings = [
            (r["id"], r["position"])
            for r in self._db.all(
                f"SELECT id, position FROM site_spaces WHERE site_id = ? AND {where}", args
            )
        ]
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO site_spaces(id, site_id, section_id, space_id, path, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    site_space_id,
                    site_id,
                    section_id,
                    space["id"],
                    self._unique_path(site_id, section_id, slugify(space["title"])),
                    position_between(siblings, moving=site_space_id),
                    self._store.now(),
                ),
            )
        return self.site_space(site_id, site_space_id)

    def update_site_space(
        self, actor: Actor, org_id: str, site_id: str, site_space_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        self.site(actor, org_id, site_id, write=True)
        row = self.site_space(site_id, site_space_id)
        with self._db.transaction():
            if "spaceId" in changes:
                self.space_in_org(org_id, changes["spaceId"], "spaceId")
                self._db.execute(
                    "UPDATE site_spaces SET space_id = ? WHERE id = ?",
                    (changes["spaceId"], site_space_id),
                )
            if "path" in changes:
                if (
                    self._unique_path(
                        site_id, row["section_id"], changes["path"], ignore=site_space_id
                    )
                    != changes["path"]
                ):
                    raise Invalid("path", "another site space of this section has that path")
                self._db.execute(
                    "UPDATE site_spaces SET path = ? WHERE id = ?", (changes["path"], site_space_id)
                )
            if "condition" in changes:
                self._db.execute(
                    "UPDATE site_spaces SET condition = ? WHERE id = ?",
                    (changes["condition"], site_space_id),
                )
        return self.render_site_space(actor, self.site_space(site_id, site_space_id))

    def delete_site_space(
        self, actor: Actor, org_id: str, site_id: str, site_space_id: str
    ) -> bool:
        self.site(actor, org_id, site_id, write=True)
        with self._db.transaction():
            self._db.execute(
                "UPDATE site_sections SET default_site_space_id = NULL WHERE default_site_space_id = ?",
                (site_space_id,),
            )
            cursor = self._db.execute(
                "DELETE FROM site_spaces WHERE id = ? AND site_id = ?", (site_space_id, site_id)
            )
        return cursor.rowcount > 0

    def move_site_space(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        site_space_id: str,
        *,
        before: str | None,
        after: str | None,
    ) -> dict[str, Any]:
        self.site(actor, org_id, site_id, write=True)
        row = self.site_space(site_id, site_space_id)
        where = "section_id IS NULL" if row["section_id"] is None else "section_id = ?"
        args: tuple[Any, ...] = (
            (site_id,) if row["section_id"] is None else (site_id, row["section_id"])
        )
        siblings = [
            (r["id"], r["position"])
            for r in self._db.all(
                f"SELECT id, position FROM site_spaces WHERE site_id = ? AND {where}", args
            )
        ]
        position = position_between(
            siblings, moving=site_space_id, before=before, after=after, field="position"
        )
        with self._db.transaction():
            self._db.execute(
                "UPDATE site_spaces SET position = ? WHERE id = ?", (position, site_space_id)
            )
        return self.render_site_space(actor, self.site_space(site_id, site_space_id))
