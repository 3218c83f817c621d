"""Docs sites (state and rules): the domain's tables, site discovery, and the access check and
published URLs that site spaces, sections, groups, redirects and MCP servers all share.

Reads need membership of the site's organization (404 otherwise); every write needs
organization.admin (403). The parts live in their own modules: `site_spaces`,
`site_sections`, `site_groups`, `redirects` and `site_mcp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role, require
from gitbook_mcp.local.store.db import Migration, dumps, loads
from gitbook_mcp.local.store.paging import paginate
from gitbook_mcp.local.store.redirects import RedirectStore
from gitbook_mcp.local.store.site_common import API_URL, APP_URL
from gitbook_mcp.local.store.site_groups import SectionGroupStore
from gitbook_mcp.local.store.site_mcp import McpServerStore
from gitbook_mcp.local.store.site_sections import SectionStore
from gitbook_mcp.local.store.site_spaces import SiteSpaceStore

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "SiteStore"]

MIGRATIONS: list[Migration] = [
    (
        "sites-0001-tables",
        """
        -- The pre-release layout (migration sites-0001-structure) is replaced: its tables go.
        DROP TABLE IF EXISTS site_mcp_servers;
        DROP TABLE IF EXISTS site_redirects;
        DROP TABLE IF EXISTS site_spaces;
        DROP TABLE IF EXISTS site_sections;
        DROP TABLE IF EXISTS site_section_groups;
        DROP TABLE IF EXISTS sites;
        CREATE TABLE sites (
            id TEXT PRIMARY KEY,
            org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 2 AND 128),
            basename TEXT NOT NULL CHECK (length(basename) BETWEEN 1 AND 100),
            type TEXT NOT NULL DEFAULT 'premium' CHECK (type IN
                ('basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium')),
            visibility TEXT NOT NULL DEFAULT 'public'
                CHECK (visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')),
            published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
            created_at TEXT NOT NULL,
            data TEXT NOT NULL DEFAULT '{}',
            UNIQUE (org_id, basename)
        );
        CREATE INDEX sites_org ON sites(org_id, created_at);
        CREATE TABLE site_section_groups (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
            icon TEXT,
            position REAL NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX site_section_groups_site ON site_section_groups(site_id, position);
        CREATE TABLE site_sections (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            group_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
            position REAL NOT NULL,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 2 AND 128),
            path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 100),
            icon TEXT,
            description TEXT,
            condition TEXT CHECK (condition IS NULL OR length(condition) BETWEEN 1 AND 1024),
            is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
            created_at TEXT NOT NULL,
            UNIQUE (site_id, path)
        );
        CREATE UNIQUE INDEX site_sections_one_default ON site_sections(site_id)
            WHERE is_default = 1;
        CREATE INDEX site_sections_group ON site_sections(group_id);
        CREATE TABLE site_spaces (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
            space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 100),
            condition TEXT CHECK (condition IS NULL OR length(condition) BETWEEN 1 AND 1024),
            position REAL NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
            created_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX site_spaces_path ON site_spaces(site_id, ifnull(section_id, ''), path);
        CREATE UNIQUE INDEX site_spaces_one_default
            ON site_spaces(site_id, ifnull(section_id, '')) WHERE is_default = 1;
        CREATE INDEX site_spaces_section ON site_spaces(section_id, position);
        CREATE INDEX site_spaces_space ON site_spaces(space_id);
        -- Whatever removes the default site space of a section (or of the root), even a
        -- cascade from a purged space, hands the default to the first one left.
        CREATE TRIGGER site_spaces_keep_a_default AFTER DELETE ON site_spaces
        WHEN OLD.is_default = 1
        BEGIN
            UPDATE site_spaces SET is_default = 1 WHERE id = (
                SELECT id FROM site_spaces
                WHERE site_id = OLD.site_id AND section_id IS OLD.section_id
                ORDER BY position, id LIMIT 1
            );
        END;
        CREATE TABLE site_redirects (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            source TEXT NOT NULL CHECK (length(source) BETWEEN 2 AND 512),
            destination TEXT NOT NULL,
            section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
            site_space_id TEXT REFERENCES site_spaces(id) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            UNIQUE (site_id, source),
            CHECK ((section_id IS NULL) <> (site_space_id IS NULL))
        );
        CREATE INDEX site_redirects_section ON site_redirects(section_id);
        CREATE INDEX site_redirects_site_space ON site_redirects(site_space_id);
        CREATE TABLE site_mcp_servers (
            id TEXT PRIMARY KEY,
            site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            url TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
            headers TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL
        );
        CREATE INDEX site_mcp_servers_site ON site_mcp_servers(site_id, created_at);
        """,
    )
]
"""A redirect's target section or site space is also a column, so that removing the target
removes the redirects that lead to it (a redirect always resolves)."""

_FEATURES: dict[str, tuple[str, ...]] = {
    "premium": ("sites-sections", "sites-redirects", "sites-custom-domain"),
    "ultimate": ("sites-sections", "sites-redirects", "sites-custom-domain", "sites-ai-assistant"),
}


class SiteStore:
    """Sites of an organization, and the stores of each part of a site."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db
        self.site_spaces = SiteSpaceStore(store, self)
        self.sections = SectionStore(store, self)
        self.groups = SectionGroupStore(store, self)
        self.redirects = RedirectStore(store, self)
        self.mcp_servers = McpServerStore(store, self)

    # -- access and URLs shared by every part ---------------------------------------------

    def site(self, actor: Actor, org_id: str, site_id: str, *, write: bool = False) -> sqlite3.Row:
        """The site row: 404 unless the caller is a member; 403 for a write by a non-admin.

        Spaces past their restore window are purged first, so that what follows never meets
        a site space whose space is gone (the purge cascades to site spaces and redirects).
        """
        self._store.spaces.purge_expired()
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

    def row(self, site_id: str) -> sqlite3.Row:
        row = self._db.one("SELECT * FROM sites WHERE id = ?", (site_id,))
        if row is None:
            raise NotFound("site", site_id)
        return row

    # -- sites ----------------------------------------------------------------------------

    def create_site(
        self,
        org_id: str,
        site_id: str,
        title: str,
        basename: str,
        *,
        site_type: str = "premium",
        visibility: str = "public",
        published: bool = True,
        hostname: str | None = None,
    ) -> None:
        """Bootstrap a site (the API has no operation that creates one)."""
        data: dict[str, Any] = {"agentsContext": "included"}
        if hostname:
            data["hostname"] = hostname
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO sites(id, org_id, title, basename, type, visibility, published, "
                "created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    site_id,
                    org_id,
                    title,
                    basename,
                    site_type,
                    visibility,
                    int(published),
                    self._store.now(),
                    dumps(data),
                ),
            )

    def render_site(self, site: sqlite3.Row) -> dict[str, Any]:
        data = loads(site["data"]) or {}
        count = self._db.scalar("SELECT COUNT(*) FROM site_spaces WHERE site_id = ?", (site["id"],))
        urls: dict[str, str] = {
            "location": self.location(site),
            "app": f"{APP_URL}/o/{site['org_id']}/sites/{site['id']}",
        }
        if site["published"]:
            urls["published"] = self.base_url(site)
        rendered: dict[str, Any] = {
            "object": "site",
            "id": site["id"],
            "type": site["type"],
            "title": site["title"],
            "basename": site["basename"],
            "visibility": site["visibility"],
            "published": bool(site["published"]),
            "siteSpaces": int(count or 0),
            "defaultSpace": self.site_spaces.site_default(site["id"]),
            "createdAt": site["created_at"],
            "features": [
                {"id": feature, "plan": site["type"], "frozen": False}
                for feature in _FEATURES.get(site["type"], ())
            ],
            "agentsContext": data.get("agentsContext", "included"),
            "urls": urls,
        }
        if data.get("hostname"):
            rendered["hostname"] = data["hostname"]
        return rendered

    def list_sites(
        self,
        actor: Actor,
        org_id: str,
        *,
        space: str | None = None,
        title: str | None = None,
        published: bool | None = None,
        types: list[str] | None = None,
        page: str | None = None,
        limit: int | None = None,
    ) -> dict[str, Any]:
        """The organization's sites, filtered by a space they publish, title, state, type."""
        self._store.spaces.purge_expired()
        org_role(self._db, actor, org_id)
        rows = self._db.all("SELECT rowid AS seq, * FROM sites WHERE org_id = ?", (org_id,))
        if space is not None:
            publishing = {
                r["site_id"]
                for r in self._db.all(
                    "SELECT site_id FROM site_spaces WHERE space_id = ?", (space,)
                )
            }
            rows = [r for r in rows if r["id"] in publishing]
        if title:
            rows = [r for r in rows if title.casefold() in r["title"].casefold()]
        if published is not None:
            rows = [r for r in rows if bool(r["published"]) is published]
        if types:
            rows = [r for r in rows if r["type"] in types]
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["seq"]),
            cursor=page,
            limit=limit,
            render=self.render_site,
        )

    def get_site(self, actor: Actor, org_id: str, site_id: str) -> dict[str, Any]:
        return self.render_site(self.site(actor, org_id, site_id))
