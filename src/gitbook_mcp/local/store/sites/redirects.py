"""Site redirects (state and rules): a source path of the site leads to a section, a site
space, or a page of a site space.

Sources are unique per site. A destination must exist when written; removing the section or
site space it names removes the redirect too, so every redirect resolves to a published URL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.sites.common import section_url, site_space_url
from gitbook_mcp.local.store.sites.part import SitePart

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.content.content import ContentStore
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.sites.site_spaces import SiteSpaceStore

__all__ = ["DESTINATION_KINDS", "RedirectStore"]

DESTINATION_KINDS: tuple[str, ...] = ("site-section", "site-space", "site-page")


class RedirectStore(SitePart):
    table, kind = "site_redirects", "redirect"

    def __init__(
        self, db: Database, clock: Clock, content: ContentStore, site_spaces: SiteSpaceStore
    ) -> None:
        super().__init__(db, clock)
        self._content = content
        self._site_spaces = site_spaces

    @staticmethod
    def render(row: sqlite3.Row) -> dict[str, Any]:
        return {
            "object": "site-redirect",
            "id": row["id"],
            "source": row["source"],
            "destination": loads(row["destination"]),
        }

    # -- rules ----------------------------------------------------------------------------

    def _target(self, site_id: str, destination: dict[str, Any]) -> tuple[str | None, str | None]:
        """(section id, site space id) the destination names; 404 when it does not exist."""
        kind = destination["kind"]
        if kind == "site-section":
            return self.section_row(site_id, destination["siteSectionId"])["id"], None
        site_space = self._site_spaces.row(site_id, destination["siteSpaceId"])
        if kind == "site-page":
            page = self._content.page_target(site_space["space_id"], None, destination["pageId"])
            if page is None:
                raise NotFound("page", destination["pageId"])
        return None, site_space["id"]

    def _check_source_free(self, site_id: str, source: str, ignore: str = "") -> None:
        taken = self._db.scalar(
            "SELECT id FROM site_redirects WHERE site_id = ? AND source = ? AND id != ?",
            (site_id, source, ignore),
        )
        if taken is not None:
            raise Invalid("source", f"the site already has a redirect from {source}")

    # -- operations -----------------------------------------------------------------------

    def order(self, row: sqlite3.Row) -> tuple[Any, ...]:
        """By source."""
        return (row["source"], row["id"])

    def listed(self, actor: Actor, site: sqlite3.Row, row: sqlite3.Row) -> dict[str, Any]:
        return self.render(row)

    def create(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        source: str,
        destination: dict[str, Any],
        ident: str | None = None,
    ) -> dict[str, Any]:
        """A redirect from ``source`` (free on the site) to an existing ``destination``."""
        redirect_id = ident or new_id("rd_")
        with self._db.transaction():
            self.site(actor, org_id, site_id, write=True)
            self._check_source_free(site_id, source)
            section_id, site_space_id = self._target(site_id, destination)
            self._db.execute(
                "INSERT INTO site_redirects(id, site_id, source, destination, section_id, "
                "site_space_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    redirect_id,
                    site_id,
                    source,
                    dumps(destination),
                    section_id,
                    site_space_id,
                    self._clock.stamp(),
                ),
            )
        return self.render(self.row(site_id, redirect_id))

    def update(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        redirect_id: str,
        changes: dict[str, Any],
    ) -> dict[str, Any]:
        """Change ``source`` and/or ``destination``; the same rules as a new redirect."""
        with self._db.transaction():
            self.writable(actor, org_id, site_id, redirect_id)
            if "source" in changes:
                self._check_source_free(site_id, changes["source"], ignore=redirect_id)
                self._db.execute(
                    "UPDATE site_redirects SET source = ? WHERE id = ?",
                    (changes["source"], redirect_id),
                )
            if "destination" in changes:
                section_id, site_space_id = self._target(site_id, changes["destination"])
                self._db.execute(
                    "UPDATE site_redirects SET destination = ?, section_id = ?, site_space_id = ? "
                    "WHERE id = ?",
                    (dumps(changes["destination"]), section_id, site_space_id, redirect_id),
                )
        return self.render(self.row(site_id, redirect_id))

    def resolve(self, actor: Actor, org_id: str, site_id: str, source: str) -> dict[str, Any]:
        """``{redirect, target}``: the redirect from ``source`` and the URL it leads to."""
        site = self.site(actor, org_id, site_id)
        row = self._db.one(
            "SELECT * FROM site_redirects WHERE site_id = ? AND source = ?", (site_id, source)
        )
        if row is None:
            missing = NotFound("redirect", source)
            missing.message = f"The site has no redirect from {source}"
            raise missing
        return {"redirect": self.render(row), "target": self.target_url(site, row)}

    def target_url(self, site: sqlite3.Row, row: sqlite3.Row) -> str:
        """The published URL a redirect leads to."""
        base = self.base_url(site)
        if row["section_id"] is not None:
            return section_url(base, self._section(row["section_id"]))
        site_space = self._site_spaces.row(site["id"], row["site_space_id"])
        parent = section_url(
            base,
            None if site_space["section_id"] is None else self._section(site_space["section_id"]),
        )
        url = site_space_url(parent, site_space)
        destination = loads(row["destination"])
        if destination["kind"] == "site-page":
            page = self._content.page_target(site_space["space_id"], None, destination["pageId"])
            if page is not None:
                url = f"{url}/{page['path']}"
        return url

    def _section(self, section_id: str) -> sqlite3.Row:
        return self._found("section", "SELECT * FROM site_sections WHERE id = ?", section_id)
