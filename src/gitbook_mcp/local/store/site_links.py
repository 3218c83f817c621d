"""Redirects and external MCP servers of a docs site (state and rules).

A redirect's source is an absolute path (the contract's pattern); its destination is a
section, a site space, or a page of a site space, and must exist when written. Resolving a
source answers the redirect and the published URL it leads to.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.paging import paginate
from gitbook_mcp.local.store.sites import APP_URL

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store
    from gitbook_mcp.local.store.sites import SiteStore

__all__ = ["SOURCE_RE", "SiteLinkStore"]

SOURCE_RE = re.compile(
    r"^/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$"
)


class SiteLinkStore:
    def __init__(self, store: Store, sites: SiteStore) -> None:
        self._store = store
        self._db = store.db
        self._sites = sites

    # -- redirects --------------------------------------------------------------------------

    def _render_redirect(self, row: sqlite3.Row) -> dict[str, Any]:
        return {
            "object": "site-redirect",
            "id": row["id"],
            "source": row["source"],
            "destination": loads(row["destination"]),
        }

    def _check_destination(self, site_id: str, destination: dict[str, Any]) -> dict[str, Any]:
        kind = destination.get("kind")
        if kind == "site-section":
            target = destination.get("siteSectionId")
            if (
                not isinstance(target, str)
                or self._db.one(
                    "SELECT 1 FROM site_sections WHERE id = ? AND site_id = ?", (target, site_id)
                )
                is None
            ):
                raise Invalid("destination.siteSectionId", "is not a section of this site")
            return {"kind": kind, "siteSectionId": target}
        if kind in ("site-space", "site-page"):
            target = destination.get("siteSpaceId")
            if (
                not isinstance(target, str)
                or self._db.one(
                    "SELECT 1 FROM site_spaces WHERE id = ? AND site_id = ?", (target, site_id)
                )
                is None
            ):
                raise Invalid("destination.siteSpaceId", "is not a site space of this site")
            if kind == "site-space":
                return {"kind": kind, "siteSpaceId": target}
            page = destination.get("pageId")
            if not isinstance(page, str) or not page:
                raise Invalid("destination.pageId", "is required for a site-page destination")
            return {"kind": kind, "siteSpaceId": target, "pageId": page}
        raise Invalid("destination.kind", "must be site-section, site-space or site-page")

    def _redirect(self, site_id: str, redirect_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM site_redirects WHERE id = ? AND site_id = ?", (redirect_id, site_id)
        )
        if row is None:
            raise NotFound("redirect", redirect_id)
        return row

    def _taken(self, site_id: str, source: str, ignore: str = "") -> None:
        row = self._db.one(
            "SELECT id FROM site_redirects WHERE site_id = ? AND source = ?", (site_id, source)
        )
        if row is not None and row["id"] != ignore:
            raise Invalid("source", f"a redirect from {source} already exists")

    def list_redirects(
        self, actor: Actor, org_id: str, site_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id)
        rows = self._db.all("SELECT * FROM site_redirects WHERE site_id = ?", (site_id,))
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["id"]),
            cursor=page,
            limit=limit,
            render=self._render_redirect,
        )

    def create_redirect(
        self, actor: Actor, org_id: str, site_id: str, *, source: str, destination: dict[str, Any]
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self._taken(site_id, source)
        clean = self._check_destination(site_id, destination)
        redirect_id = new_id("rd_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO site_redirects(id, site_id, source, destination, created_at) VALUES (?, ?, ?, ?, ?)",
                (redirect_id, site_id, source, dumps(clean), self._store.now()),
            )
        return self._render_redirect(self._redirect(site_id, redirect_id))

    def update_redirect(
        self, actor: Actor, org_id: str, site_id: str, redirect_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self._redirect(site_id, redirect_id)
        with self._db.transaction():
            if "source" in changes:
                self._taken(site_id, changes["source"], ignore=redirect_id)
                self._db.execute(
                    "UPDATE site_redirects SET source = ? WHERE id = ?",
                    (changes["source"], redirect_id),
                )
            if "destination" in changes:
                clean = self._check_destination(site_id, changes["destination"])
                self._db.execute(
                    "UPDATE site_redirects SET destination = ? WHERE id = ?",
                    (dumps(clean), redirect_id),
                )
        return self._render_redirect(self._redirect(site_id, redirect_id))

    def delete_redirect(self, actor: Actor, org_id: str, site_id: str, redirect_id: str) -> bool:
        self._sites.site(actor, org_id, site_id, write=True)
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM site_redirects WHERE id = ? AND site_id = ?", (redirect_id, site_id)
            )
        return cursor.rowcount > 0

    def resolve(self, actor: Actor, org_id: str, site_id: str, source: str) -> dict[str, Any]:
        site = self._sites.site(actor, org_id, site_id)
        row = self._db.one(
            "SELECT * FROM site_redirects WHERE site_id = ? AND source = ?", (site_id, source)
        )
        if row is None:
            raise NotFound("redirect", source)
        destination = loads(row["destination"])
        base = self._sites.base_url(site)
        target = base
        if destination["kind"] == "site-section":
            section = self._db.one(
                "SELECT * FROM site_sections WHERE id = ?", (destination["siteSectionId"],)
            )
            if section is not None and not section["is_default"]:
                target = f"{base}/{section['path']}"
        else:
            ss = self._db.one(
                "SELECT * FROM site_spaces WHERE id = ?", (destination["siteSpaceId"],)
            )
            if ss is not None:
                target = self._sites.render_site_space(actor, ss)["urls"]["published"]
                if destination["kind"] == "site-page":
                    path = self._page_path(ss["space_id"], destination["pageId"])
                    target = f"{target}/{path}"
        return {"redirect": self._render_redirect(row), "target": target}

    def _page_path(self, space_id: str, page_id: str) -> str:
        tables = {r[0] for r in self._db.all("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "pages" in tables:
            found = self._db.scalar(
                "SELECT p.path FROM pages p JOIN spaces s ON s.revision_id = p.revision_id WHERE s.id = ? AND p.id = ?",
                (space_id, page_id),
            )
            if found:
                return str(found)
        return page_id

    # -- MCP servers ------------------------------------------------------------------------

    def _render_server(self, row: sqlite3.Row) -> dict[str, Any]:
        site = self._db.one("SELECT org_id FROM sites WHERE id = ?", (row["site_id"],))
        org = site["org_id"] if site else ""
        return {
            "object": "site-mcp-server",
            "id": row["id"],
            "name": row["name"],
            "url": row["url"],
            "headers": loads(row["headers"]) or {},
            "urls": {
                "location": f"{APP_URL}/o/{org}/sites/{row['site_id']}/mcp-servers/{row['id']}"
            },
        }

    def _server(self, site_id: str, server_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM site_mcp_servers WHERE id = ? AND site_id = ?", (server_id, site_id)
        )
        if row is None:
            raise NotFound("MCP server", server_id)
        return row

    def list_servers(
        self, actor: Actor, org_id: str, site_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id)
        rows = self._db.all("SELECT * FROM site_mcp_servers WHERE site_id = ?", (site_id,))
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["id"]),
            cursor=page,
            limit=limit,
            render=self._render_server,
        )

    def get_server(self, actor: Actor, org_id: str, site_id: str, server_id: str) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id)
        return self._render_server(self._server(site_id, server_id))

    def create_server(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        name: str,
        url: str,
        headers: dict[str, str],
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        server_id = new_id("mcp_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO site_mcp_servers(id, site_id, name, url, headers, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (server_id, site_id, name, url, dumps(headers), self._store.now()),
            )
        return self._render_server(self._server(site_id, server_id))

    def update_server(
        self, actor: Actor, org_id: str, site_id: str, server_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        self._sites.site(actor, org_id, site_id, write=True)
        self._server(site_id, server_id)
        with self._db.transaction():
            for key, value in changes.items():
                self._db.execute(
                    f"UPDATE site_mcp_servers SET {key} = ? WHERE id = ?",
                    (dumps(value) if key == "headers" else value, server_id),
                )
        return self._render_server(self._server(site_id, server_id))

    def delete_server(self, actor: Actor, org_id: str, site_id: str, server_id: str) -> bool:
        self._sites.site(actor, org_id, site_id, write=True)
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM site_mcp_servers WHERE id = ? AND site_id = ?", (server_id, site_id)
            )
        return cursor.rowcount > 0
