"""Site findings (live profile): the broken links of the site's PUBLISHED content, found by the
local workspace's own link check, each with the pages affected and a suggested redirect.

Every read scans the current revision of each space published on the site: a broken target
(a page path or file that does not resolve) not seen before becomes an ``open`` finding; one
that resolves again is ``done``. A person resolves (``done``), dismisses (``canceled``) or
reopens (``open``) a finding; a scan never reopens a finding a person closed. Outbound links
(``outbound-link-error``) are not checked: the local workspace has no network.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import one_of
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.content.links import resolve_page_path
from gitbook_mcp.local.store.content.pagedoc import markdown_document
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.common import section_url, site_space_url
from gitbook_mcp.local.store.sites.rows import FINDINGS, location, section_of, site

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.content.content import ContentStore

__all__ = ["STATUSES", "Broken", "FindingStore"]

STATUSES = ("candidate", "open", "done", "canceled")
MAX_CANDIDATES = 400
"""Paths a missing page's path is compared with for its suggested redirect: its folders', those
of its folder, then those whose name starts alike. Bounded, so that a site's findings cost time linear in its
pages (comparing every broken target with every path took minutes at 20,000 pages)."""
SEVERITY = "medium"


@dataclass
class Broken:
    """One broken target of a published space and the pages whose links point to it."""

    space_id: str
    target: str
    pages: dict[str, str] = field(default_factory=dict)
    """Page id -> path of each page with a link to the target."""
    links: int = 0
    suggestion: str | None = None
    """The path of the existing page most like the missing one (the redirect to suggest)."""


class _Suggester:
    """The existing path most like a missing one (`difflib`, among `MAX_CANDIDATES` paths)."""

    def __init__(self, paths: list[str]) -> None:
        self._folders: dict[str, list[str]] = {}
        self._initials: dict[str, list[str]] = {}
        for path in paths:
            folder, _, name = path.rpartition("/")
            self._folders.setdefault(folder, []).append(path)
            self._initials.setdefault(name[:1], []).append(path)
        self._known = set(paths)
        self._found: dict[str, str | None] = {}

    def suggest(self, target: str) -> str | None:
        if target not in self._found:
            folder, _, name = target.rpartition("/")
            parts = folder.split("/") if folder else []
            near = [
                p for i in range(len(parts), 0, -1) if (p := "/".join(parts[:i])) in self._known
            ]
            near += self._folders.get(folder, [])[:MAX_CANDIDATES]
            near += self._initials.get(name[:1], [])[:MAX_CANDIDATES]
            candidates = list(dict.fromkeys(near))[:MAX_CANDIDATES]
            close = difflib.get_close_matches(target, candidates, n=1, cutoff=0.3)
            self._found[target] = close[0] if close else None
        return self._found[target]


@dataclass(eq=False, repr=False)
class FindingStore(StorePart):
    """The findings of sites (table ``site_findings``)."""

    _content: ContentStore

    # -- the scan ---------------------------------------------------------------------------

    def check(self, site_id: str) -> dict[tuple[str, str], Broken]:
        """The broken targets of the site's published spaces, by (space id, target)."""
        spaces = self._db.all(
            "SELECT DISTINCT sp.id, sp.revision_id FROM site_spaces ss "
            "JOIN spaces sp ON sp.id = ss.space_id WHERE ss.site_id = ? ORDER BY sp.id",
            (site_id,),
        )
        broken: dict[tuple[str, str], Broken] = {}
        for space in spaces:
            paths = _Suggester([r["path"] for r in self._pages(space["revision_id"])])
            for page, link in self._content.references.analysis(space["revision_id"]):
                if link.status != "broken":
                    continue
                target = self._target(link.href, link.kind, page)
                entry = broken.setdefault((space["id"], target), Broken(space["id"], target))
                entry.pages[page["id"]] = page["path"]
                entry.links += 1
                if link.kind == "page" and entry.suggestion is None:
                    entry.suggestion = paths.suggest(target)
        return broken

    def _pages(self, revision: str) -> list[sqlite3.Row]:
        return self._db.all("SELECT path FROM pages WHERE revision_id = ?", (revision,))

    @staticmethod
    def _target(href: str, kind: str, page: sqlite3.Row) -> str:
        if kind != "page":
            return href.split("#", 1)[0]
        return resolve_page_path(href, page["path"], folder=False)

    def scan(self, site_id: str) -> dict[tuple[str, str], Broken]:
        """Bring the findings in line with the published content; the broken targets."""
        broken = self.check(site_id)
        now = self._clock.stamp()
        with self._db.transaction():
            rows = self._db.all("SELECT * FROM site_findings WHERE site_id = ?", (site_id,))
            known = {(r["space_id"], r["target"]): r for r in rows}
            for key in broken.keys() - known.keys():
                self._db.execute(
                    "INSERT INTO site_findings(id, site_id, space_id, target, created_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (new_id("sf_"), site_id, *key, now, now),
                )
            for key, row in known.items():
                if key not in broken and row["status"] in ("candidate", "open"):
                    self._set_status(row["id"], "done", now)
        return broken

    # -- rendering --------------------------------------------------------------------------

    def _prefix(self, site_id: str, space_id: str) -> str:
        """The published path (under the site) of the first site space showing the space."""
        row = self._db.one(
            "SELECT * FROM site_spaces WHERE site_id = ? AND space_id = ? ORDER BY id LIMIT 1",
            (site_id, space_id),
        )
        if row is None:
            return ""
        return site_space_url(section_url("", section_of(self._db, row)), row)

    def render(self, site: sqlite3.Row, row: sqlite3.Row, found: Broken | None) -> dict[str, Any]:
        """A finding as the live contract gives it (``found``: the target is still broken)."""
        pages = found.pages if found is not None else {}
        listed = "\n".join(f"- {path}" for path in sorted(pages.values()))
        text = f"The published content links to `{row['target']}`, which does not resolve."
        rendered: dict[str, Any] = {
            "object": "site-finding",
            "id": row["id"],
            "scan": f"scan_{site['id']}",
            "topic": None,
            "title": f"Broken link to {row['target']}"[:256],
            "changeRequests": 0,
            "pages": len(pages),
            "records": found.links if found is not None else 0,
            "questions": 0,
            "status": row["status"],
            "type": "broken-link",
            "severity": SEVERITY,
            "description": markdown_document(f"{text}\n\nPages affected:\n\n{listed}"),
            "autoFixable": bool(found and found.suggestion),
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            "urls": {"location": location(site, f"/findings/{row['id']}")},
        }
        if found is not None and found.suggestion is not None:
            prefix = self._prefix(site["id"], row["space_id"])
            rendered["brokenLinkAction"] = {
                "source": f"{prefix}/{row['target']}",
                "destination": {
                    "kind": "path",
                    "spaceId": row["space_id"],
                    "path": found.suggestion,
                },
            }
        return rendered

    # -- operations -------------------------------------------------------------------------

    def list_findings(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        filters: dict[str, Any],
        *,
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """A page of the site's findings, filtered (status, type, severity, updated range)."""
        shown = site(self._db, actor, org_id, site_id)
        broken = self.scan(site_id)
        rows = [
            r
            for r in self._db.all("SELECT * FROM site_findings WHERE site_id = ?", (site_id,))
            if _kept(r, filters)
        ]
        return paginate(
            rows,
            key=lambda r: (r["updated_at"], r["id"]),
            paging=paging,
            render=lambda r: self.render(shown, r, broken.get((r["space_id"], r["target"]))),
            descending=True,
        )

    def get(self, actor: Actor, org_id: str, site_id: str, finding_id: str) -> dict[str, Any]:
        """One finding of the site."""
        shown = site(self._db, actor, org_id, site_id)
        broken = self.scan(site_id)
        row = FINDINGS.row(self._db, site_id, finding_id)
        return self.render(shown, row, broken.get((row["space_id"], row["target"])))

    def update(
        self, actor: Actor, org_id: str, site_id: str, finding_id: str, status: str
    ) -> dict[str, Any]:
        """Resolve (``done``), dismiss (``canceled``) or reopen (``open``) a finding."""
        one_of("status", status, STATUSES)
        with self._db.transaction():
            FINDINGS.writable(self._db, actor, (org_id, site_id, finding_id))
            self._set_status(finding_id, status, self._clock.stamp())
        return self.get(actor, org_id, site_id, finding_id)

    def _set_status(self, finding_id: str, status: str, now: str) -> None:
        self._db.execute(
            "UPDATE site_findings SET status = ?, updated_at = ? WHERE id = ? AND status != ?",
            (status, now, finding_id, status),
        )


def _kept(row: sqlite3.Row, filters: dict[str, Any]) -> bool:
    """Whether a finding passes the listing's filters (all of them broken links, medium)."""
    types, severity = filters.get("type"), filters.get("severity")
    return (
        (filters.get("status") in (None, row["status"]))
        and (not types or "broken-link" in types)
        and severity in (None, SEVERITY)
        and not filters.get("hasChangeRequests")
        and (filters.get("updatedAfter") is None or row["updated_at"] > filters["updatedAfter"])
        and (filters.get("updatedBefore") is None or row["updated_at"] < filters["updatedBefore"])
    )
