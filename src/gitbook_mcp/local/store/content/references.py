"""Link listings and backlinks of a revision, rendered as the API's content references.

A listing has one item per link target: its status, the target (a page or file location when
the link resolves, else the URL as written) and every page where it appears. ``stats`` count
link occurrences over the whole listing; for a change request, ``broken.changeRequest`` counts
the broken links that the change request introduced (not broken in the space's content).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.store.access import Actor, effective_space_role
from gitbook_mcp.local.store.content.links import CheckedLink, RevisionTargets, analyse
from gitbook_mcp.local.store.content.pagedoc import load
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.content.revisions import RevisionStore
    from gitbook_mcp.local.store.organizations.organizations import OrgStore
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["Found", "References", "Scope"]

Found = tuple[sqlite3.Row, CheckedLink]
"""A link and the page it appears on."""


@dataclass(frozen=True)
class Scope:
    """What one listing is about: the space, the revision read, and the change request if any."""

    space: sqlite3.Row
    revision: str
    change_request: str | None = None


@dataclass(eq=False, repr=False)
class References(StorePart):
    _spaces: SpaceRows
    _orgs: OrgStore
    _revisions: RevisionStore
    _change_requests: ChangeRequestRows

    # -- analysis -----------------------------------------------------------------------------

    def analysis(self, revision: str, only: str | None = None) -> list[Found]:
        """The links of every page of the revision (or of the page ``only``), with status."""
        outline = self._db.all(
            "SELECT id, path, parent_id FROM pages WHERE revision_id = ?", (revision,)
        )
        by_path = {p["path"]: p["id"] for p in outline}
        parents = {p["parent_id"] for p in outline if p["parent_id"]}
        files = self._db.all("SELECT id, name FROM files WHERE revision_id = ?", (revision,))
        by_name = {f["name"]: f["id"] for f in files}
        file_ids = frozenset(f["id"] for f in files)
        if only is not None:
            pages = [self._revisions.page_row(revision, only)]
        else:
            pages = self._db.all(
                "SELECT * FROM pages WHERE revision_id = ? ORDER BY path, id", (revision,)
            )
        known = RevisionTargets(by_path, by_name, file_ids)
        found: list[Found] = []
        for page in pages:
            links = analyse(
                load(page["document"]),
                page_path=page["path"],
                revision=known,
                folder=page["id"] in parents,
            )
            found.extend((page, link) for link in links)
        return found

    # -- rendering ----------------------------------------------------------------------------

    def _owners(self, actor: Actor, scope: Scope) -> dict[str, Any]:
        """The organization, space and version context every location of one listing embeds."""
        space = scope.space
        role = effective_space_role(self._db, actor, space["id"])
        owners: dict[str, Any] = {
            "organization": self._orgs.render_organization(actor, space["org_id"]),
            "space": self._spaces.render_row(space, role),
        }
        if scope.change_request is not None:
            crs = self._change_requests
            owners["versionContext"] = {
                "type": "changeRequest",
                "changeRequest": crs.render(crs.row(scope.change_request)),
            }
        return owners

    def _page_location(
        self, scope: Scope, page: sqlite3.Row, owners: dict[str, Any]
    ) -> dict[str, Any]:
        return {
            "kind": "page",
            **owners,
            "page": self._revisions.render_page(page, scope.space),
        }

    def _target(self, scope: Scope, link: CheckedLink, owners: dict[str, Any]) -> dict[str, Any]:
        if link.status == "ok" and link.kind == "page" and link.target:
            page = self._revisions.page_row(scope.revision, link.target)
            return self._page_location(scope, page, owners)
        if link.status == "ok" and link.kind == "file" and link.target:
            row = self._revisions.file_row(scope.revision, link.target)
            return {"kind": "file", **owners, "file": self._revisions.render_file(row)}
        return {"kind": "url", "url": link.href}

    # -- listings -----------------------------------------------------------------------------

    def listing(
        self,
        actor: Actor,
        scope: Scope,
        found: list[Found],
        *,
        base: list[Found] | None = None,
        status: str | None = None,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """The link listing of ``found``; ``base`` (the space's links, for a change request)
        tells which broken links the change request introduced."""
        groups: dict[tuple[str, ...], tuple[CheckedLink, dict[str, sqlite3.Row]]] = {}
        for source, link in found:
            if link.status == "ok" and link.kind != "url" and link.target:
                key: tuple[str, ...] = (link.kind, link.target)
            else:
                key = (link.status, link.kind, link.href)
            groups.setdefault(key, (link, {}))[1].setdefault(source["id"], source)
        items = [(index, *group) for index, group in enumerate(groups.values())]
        if status is not None:
            items = [item for item in items if item[1].status == status]
        owners = self._owners(actor, scope)
        envelope = paginate(
            items,
            key=lambda item: (item[0],),
            paging=paging,
            render=lambda item: {
                "status": item[1].status,
                "relation": "reference",
                "targetReference": self._target(scope, item[1], owners),
                "locationReferences": [
                    self._page_location(scope, source, owners) for source in item[2].values()
                ],
            },
        )
        broken = [(source["id"], link.href) for source, link in found if link.status == "broken"]
        stats: dict[str, Any] = {"total": len(found), "broken": {"total": len(broken)}}
        if base is not None:
            before = {(s["id"], link.href) for s, link in base if link.status == "broken"}
            stats["broken"]["changeRequest"] = sum(1 for b in broken if b not in before)
        envelope["stats"] = stats
        return envelope

    def backlinks(
        self,
        actor: Actor,
        scope: Scope,
        *,
        kind: str,
        target: str,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """The pages of the revision with a working link to the page or file ``target``."""
        linking: dict[str, sqlite3.Row] = {}
        for source, link in self.analysis(scope.revision):
            if link.status == "ok" and link.kind == kind and link.target == target:
                linking.setdefault(source["id"], source)
        owners = self._owners(actor, scope)
        return paginate(
            list(linking.values()),
            key=lambda r: (r["path"], r["id"]),
            paging=paging,
            render=lambda r: self._page_location(scope, r, owners),
        )
