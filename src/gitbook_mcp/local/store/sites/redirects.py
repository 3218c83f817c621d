"""Site redirects (state and rules): a source path of the site leads to a section, a site
space, a page of a site space, or (live) an external URL.

A source has at most one live and one draft redirect. A destination must exist when written
(a live ``path`` destination is resolved to the page it names); removing the section or site
space it names removes the redirect too, so every redirect resolves to a URL. A source ending
in ``*`` (live) matches every path it prefixes; ``captureWildcard`` carries the matched rest on.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.common import section_url, site_space_url
from gitbook_mcp.local.store.sites.rows import REDIRECTS, SITE_SPACES, base_url, section_row, site

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.content.content import ContentStore
    from gitbook_mcp.local.store.db import Database

__all__ = ["DESTINATION_KINDS", "OPTIONS", "RedirectStore"]

DESTINATION_KINDS: tuple[str, ...] = ("site-section", "site-space", "site-page")
OPTIONS: dict[str, str] = {
    "captureWildcard": "capture_wildcard",
    "permanent": "permanent",
    "draft": "draft",
}
"""The live profile's redirect options (field -> column)."""


@dataclass(eq=False, repr=False)
class RedirectStore(StorePart):
    """The redirects of sites (table ``site_redirects``)."""

    _content: ContentStore

    @staticmethod
    def render(row: sqlite3.Row) -> dict[str, Any]:
        rendered: dict[str, Any] = {
            "object": "site-redirect",
            "id": row["id"],
            "source": row["source"],
            "destination": loads(row["destination"]),
            "createdAt": row["created_at"],
        }
        rendered.update({field: bool(row[column]) for field, column in OPTIONS.items()})
        return rendered

    # -- rules ----------------------------------------------------------------------------

    def _stored(self, site_id: str, destination: dict[str, Any]) -> dict[str, Any]:
        """The destination as kept: a ``path`` one becomes the page of a site space it names."""
        if destination["kind"] != "path":
            return destination
        site_space = self._db.one(
            "SELECT * FROM site_spaces WHERE site_id = ? AND space_id = ? ORDER BY id LIMIT 1",
            (site_id, destination["spaceId"]),
        )
        if site_space is None:
            raise Invalid("destination.spaceId", "the space is not published on this site")
        revision = self._db.scalar(
            "SELECT revision_id FROM spaces WHERE id = ?", (destination["spaceId"],)
        )
        page = self._content.revisions.page_by_path(revision, destination["path"])
        return {"kind": "site-page", "siteSpaceId": site_space["id"], "pageId": page["id"]}

    def _target(self, site_id: str, destination: dict[str, Any]) -> tuple[str | None, str | None]:
        """(section id, site space id) the destination names; 404 when it does not exist."""
        kind = destination["kind"]
        if kind == "external":
            return None, None
        if kind == "site-section":
            return section_row(self._db, site_id, destination["siteSectionId"])["id"], None
        site_space = SITE_SPACES.row(self._db, site_id, destination["siteSpaceId"])
        if kind == "site-page":
            page = self._content.page_target(site_space["space_id"], None, destination["pageId"])
            if page is None:
                raise NotFound("page", destination["pageId"])
        return None, site_space["id"]

    def _check_source_free(
        self, site_id: str, source: str, draft: bool = False, ignore: str = ""
    ) -> None:
        taken = self._db.scalar(
            "SELECT id FROM site_redirects WHERE site_id = ? AND source = ? AND draft = ? "
            "AND id != ?",
            (site_id, source, int(draft), ignore),
        )
        if taken is not None:
            which = "a draft" if draft else "a"
            raise Invalid("source", f"the site already has {which} redirect from {source}")

    def transaction(self) -> AbstractContextManager[Database]:
        """One write transaction for several changes (the batch of `bulk_upsert`)."""
        return self._db.transaction()

    def by_source(self, site_id: str, source: str, draft: bool) -> sqlite3.Row | None:
        """The live (or draft) redirect from exactly ``source``."""
        return self._db.one(
            "SELECT * FROM site_redirects WHERE site_id = ? AND source = ? AND draft = ?",
            (site_id, source, int(draft)),
        )

    # -- operations -----------------------------------------------------------------------

    def list_page(
        self, actor: Actor, org_id: str, site_id: str, *, paging: PageWindow = FIRST_PAGE
    ) -> dict[str, Any]:
        """A page of the site's redirects (membership checked), by source."""
        order, render = itemgetter("source", "id"), self.render
        return REDIRECTS.page(
            self._db, actor, (org_id, site_id), paging, order, lambda _, row, __: render(row)
        )

    def check_admin(self, actor: Actor, org_id: str, site_id: str) -> None:
        """The access check of a write to the site (for the batch of `bulk_upsert`)."""
        site(self._db, actor, org_id, site_id, write=True)

    def create(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        source: str,
        destination: dict[str, Any],
        ident: str | None = None,
        options: dict[str, bool] | None = None,
    ) -> dict[str, Any]:
        """A redirect from ``source`` (free on the site) to an existing ``destination``."""
        redirect_id = ident or new_id("rd_")
        flags = {
            column: int((options or {}).get(field, False)) for field, column in OPTIONS.items()
        }
        with self._db.transaction():
            site(self._db, actor, org_id, site_id, write=True)
            self._check_source_free(site_id, source, bool(flags["draft"]))
            destination = self._stored(site_id, destination)
            section_id, site_space_id = self._target(site_id, destination)
            self._db.execute(
                "INSERT INTO site_redirects(id, site_id, source, destination, section_id, "
                "site_space_id, created_at, capture_wildcard, permanent, draft) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    redirect_id,
                    site_id,
                    source,
                    dumps(destination),
                    section_id,
                    site_space_id,
                    self._clock.stamp(),
                    *flags.values(),
                ),
            )
        return self.one(actor, site_id, redirect_id)

    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:  # noqa: ARG002 - the parts' signature; its callers (create, update) checked access
        return self.render(REDIRECTS.row(self._db, site_id, ident))

    def update(
        self, actor: Actor, org_id: str, site_id: str, ident: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Change ``source``, ``destination`` and the options (organization.admin; absent
        fields stay), by the rules of a new redirect."""
        REDIRECTS.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._change(row, changes)
        )
        return self.one(actor, site_id, ident)

    def delete(self, actor: Actor, org_id: str, site_id: str, ident: str) -> bool:
        """Delete a redirect (organization.admin); whether it existed."""
        return REDIRECTS.delete(self._db, actor, (org_id, site_id, ident))

    def _change(self, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        site_id, redirect_id = row["site_id"], row["id"]
        draft = bool(changes.get("draft", row["draft"]))
        if "source" in changes or "draft" in changes:
            source = changes.get("source", row["source"])
            self._check_source_free(site_id, source, draft, ignore=redirect_id)
            self._db.execute(
                "UPDATE site_redirects SET source = ? WHERE id = ?", (source, redirect_id)
            )
        REDIRECTS.set_columns(self._db, row, changes, OPTIONS, encode=int)
        if "destination" in changes:
            destination = self._stored(site_id, changes["destination"])
            section_id, site_space_id = self._target(site_id, destination)
            self._db.execute(
                "UPDATE site_redirects SET destination = ?, section_id = ?, site_space_id = ? "
                "WHERE id = ?",
                (dumps(destination), section_id, site_space_id, redirect_id),
            )

    def resolve(self, actor: Actor, org_id: str, site_id: str, source: str) -> dict[str, Any]:
        """``{redirect, target}``: the redirect from ``source`` and the URL it leads to."""
        shown = site(self._db, actor, org_id, site_id)
        row, rest = self.by_source(site_id, source, draft=False), ""
        if row is None:
            row, rest = self._wildcard(site_id, source)
        if row is None:
            missing = NotFound("redirect", source)
            missing.message = f"The site has no redirect from {source}"
            raise missing
        target = self.target_url(shown, row)
        if rest and row["capture_wildcard"]:
            target = f"{target.rstrip('/')}/{rest.lstrip('/')}"
        return {"redirect": self.render(row), "target": target}

    def _wildcard(self, site_id: str, source: str) -> tuple[sqlite3.Row | None, str]:
        """The live wildcard redirect with the longest prefix of ``source``, and the rest."""
        rows = self._db.all(
            "SELECT * FROM site_redirects WHERE site_id = ? AND draft = 0 AND source LIKE '%*'",
            (site_id,),
        )
        best: tuple[sqlite3.Row | None, str] = (None, "")
        for row in sorted(rows, key=lambda r: len(r["source"])):
            prefix = row["source"].removesuffix("*")
            if source.startswith(prefix) and len(source) > len(prefix.rstrip("/")):
                best = (row, source[len(prefix) :])
        return best

    def target_url(self, shown: sqlite3.Row, row: sqlite3.Row) -> str:
        """The URL a redirect leads to (the published site, or the external URL)."""
        destination = loads(row["destination"])
        if destination["kind"] == "external":
            return str(destination["url"])
        db, site_id = self._db, shown["id"]
        base = base_url(db, shown)
        if row["section_id"] is not None:
            return section_url(base, section_row(db, site_id, row["section_id"]))
        site_space = SITE_SPACES.row(db, site_id, row["site_space_id"])
        section_id = site_space["section_id"]
        section = None if section_id is None else section_row(db, site_id, section_id)
        url = site_space_url(section_url(base, section), site_space)
        if destination["kind"] == "site-page":
            page = self._content.page_target(site_space["space_id"], None, destination["pageId"])
            if page is not None:
                url = f"{url}/{page['path']}"
        return url
