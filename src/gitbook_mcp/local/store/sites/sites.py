"""Docs sites (state and rules): the domain's tables, site discovery, and the access check and
published URLs that site spaces, sections, groups, redirects and MCP servers all share.

Reads need membership of the site's organization (404 otherwise); every write needs
organization.admin (403). The parts live in their own modules: `site_spaces`, `sections`,
`groups`, `redirects`, `mcp_servers` and `findings`, each a plain class over `StorePart` calling
the functions of `rows` for what they share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.store.access import Actor, org_role
from gitbook_mcp.local.store.db import dumps, loads
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.findings import FindingStore
from gitbook_mcp.local.store.sites.groups import SectionGroupStore
from gitbook_mcp.local.store.sites.mcp_servers import McpServerStore
from gitbook_mcp.local.store.sites.redirects import RedirectStore
from gitbook_mcp.local.store.sites.rows import base_url, location, site
from gitbook_mcp.local.store.sites.sections import SectionStore
from gitbook_mcp.local.store.sites.site_spaces import SiteSpaceStore
from gitbook_mcp.local.store.urls import APP_URL

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.content.content import ContentStore
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["SiteStore"]

_FEATURES: dict[str, tuple[str, ...]] = {
    "premium": ("sites-sections", "sites-redirects", "sites-custom-domain"),
    "ultimate": ("sites-sections", "sites-redirects", "sites-custom-domain", "sites-ai-assistant"),
}


class SiteStore(StorePart):
    """Sites of an organization, and the stores of each part of a site."""

    def __init__(
        self, db: Database, clock: Clock, spaces: SpaceRows, content: ContentStore
    ) -> None:
        super().__init__(db, clock)
        self.site_spaces = SiteSpaceStore(db, clock, spaces)
        self.sections = SectionStore(db, clock, self.site_spaces)
        self.groups = SectionGroupStore(db, clock, self.sections)
        self.redirects = RedirectStore(db, clock, content)
        self.mcp_servers = McpServerStore(db, clock)
        self.findings = FindingStore(db, clock, content)

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
                    self._clock.stamp(),
                    dumps(data),
                ),
            )

    def render_site(self, site: sqlite3.Row) -> dict[str, Any]:
        data = loads(site["data"]) or {}
        count = self._db.scalar("SELECT COUNT(*) FROM site_spaces WHERE site_id = ?", (site["id"],))
        urls: dict[str, str] = {
            "location": location(site),
            "app": f"{APP_URL}/o/{site['org_id']}/sites/{site['id']}",
        }
        if site["published"]:
            urls["published"] = base_url(self._db, site)
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
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """The organization's sites, filtered by a space they publish, title, state, type."""
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
            paging=paging,
            render=self.render_site,
        )

    def get_site(self, actor: Actor, org_id: str, site_id: str) -> dict[str, Any]:
        return self.render_site(site(self._db, actor, org_id, site_id))
