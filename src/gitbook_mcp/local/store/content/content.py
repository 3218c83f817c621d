"""Content: page trees, pages, files, links and backlinks, search, import, read in a space's
current revision or in a change request's (the change-request domain's `ChangeRequestRows`).

Every read needs ``space.view`` (a space the caller cannot view is missing); import needs
``space.edit``. Link status is computed from the markdown of the revision being read (see
`links.analyse`), never stored. The work is split by concern: `revisions` (page trees and
files), `references` (link listings), `search` and `importer`.
"""

from __future__ import annotations

from collections.abc import Generator
from itertools import islice
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Conflict
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.content.import_source import Source, read_source, resolve_inside
from gitbook_mcp.local.store.content.importer import IMPORT_BATCH, MarkdownImport
from gitbook_mcp.local.store.content.references import References, Scope
from gitbook_mcp.local.store.content.revisions import View, git_synced, renders_markdown
from gitbook_mcp.local.store.content.search import ContentSearch
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.spaces.part import SpacePart

if TYPE_CHECKING:
    import sqlite3
    from pathlib import Path

    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.content.doclinks import Tree
    from gitbook_mcp.local.store.content.revisions import RevisionStore
    from gitbook_mcp.local.store.organizations.organizations import OrgStore
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["ContentStore", "View"]


class ContentStore(SpacePart):
    """Content of spaces and change requests; its parts are attributes."""

    def __init__(
        self,
        scope: SpaceScope,
        orgs: OrgStore,
        revisions: RevisionStore,
        change_requests: ChangeRequestRows,
        *,
        import_root: Path | None = None,
    ) -> None:
        super().__init__(scope)
        db, clock, spaces = scope.db, scope.clock, scope.spaces
        self.import_root = import_root
        """The only folder ``file://`` imports may read; None turns such imports off."""
        self.revisions = revisions
        self._change_requests = change_requests
        self.references = References(db, clock, spaces, orgs, revisions, change_requests)
        self.searcher = ContentSearch(db, clock)

    # -- interface used by other domains ------------------------------------------------

    def duplicate_space_content(self, source_space_id: str, target_space_id: str) -> None:
        """Give the target space a copy of the source's current content (same page ids)."""
        source = self._db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (source_space_id,))
        if not source:
            return
        with self._db.transaction():
            revision = self.revisions.create(target_space_id, copy_of=str(source))
            self._db.execute(
                "UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, target_space_id)
            )

    def page_target(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> dict[str, Any] | None:
        """The ``target.page`` of a comment on this page, or None when there is no such page."""
        revision = self._revision_id(space_id, change_request_id)
        if revision is None:
            return None
        row = self.revisions.page_at_id(revision, page_id)
        if row is None:
            return None
        target: dict[str, Any] = {
            "id": row["id"],
            "title": row["title"],
            "path": row["path"],
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            "outdated": False,
        }
        if row["emoji"]:
            target["emoji"] = row["emoji"]
        return target

    # -- access ---------------------------------------------------------------------------

    def _revision_id(self, space_id: str, change_request_id: str | None) -> str | None:
        if change_request_id is None:
            value = self._db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (space_id,))
        else:
            value = self._db.scalar(
                "SELECT revision_id FROM change_requests WHERE id = ?", (change_request_id,)
            )
        return str(value) if value else None

    def _scope(self, actor: Actor, space_id: str, cr_ref: str | None, flag: str = "view") -> Scope:
        """The space, revision and change request read, after the access check."""
        self._spaces.require_space(actor, space_id, flag)
        space = self._spaces.row(space_id)
        if cr_ref is None:
            return Scope(space, self._change_requests.space_revision(space_id))
        cr_id = self._change_requests.resolve(actor, space_id, cr_ref)
        return Scope(space, self._change_requests.row(cr_id)["revision_id"], cr_id)

    def _file_scope(
        self, actor: Actor, space_id: str, cr_ref: str | None, view: View | None
    ) -> tuple[Scope, bool]:
        """A file read's scope, and whether it shows git metadata (view switch, git-synced)."""
        scope = self._scope(actor, space_id, cr_ref)
        return scope, (view or View()).metadata and git_synced(scope.space)

    # -- revisions, pages, files --------------------------------------------------------

    def revision(
        self, actor: Actor, space_id: str, cr_ref: str | None, view: View | None = None
    ) -> dict[str, Any]:
        scope = self._scope(actor, space_id, cr_ref)
        return self.revisions.render_revision(scope.revision, scope.space, view)

    def pages(
        self, actor: Actor, space_id: str, cr_ref: str | None, view: View | None = None
    ) -> dict[str, Any]:
        scope = self._scope(actor, space_id, cr_ref)
        return {"pages": self.revisions.tree(scope.revision, scope.space, view)}

    def page(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        page_id: str | None = None,
        path: str | None = None,
        view: View | None = None,
    ) -> dict[str, Any]:
        """One page by id or by slug path, with its direct and deeper children."""
        scope = self._scope(actor, space_id, cr_ref)
        row = (
            self.revisions.page_row(scope.revision, page_id)
            if page_id is not None
            else self.revisions.page_by_path(scope.revision, path or "")
        )
        # the revision's tree, read once for the page and every page below it, when they need it
        needed = renders_markdown(view or View(), scope.space)
        tree = self.revisions.tree_of(scope.revision) if needed else None
        children = self._subtree(scope, row, view, tree)
        return self.revisions.render_page(row, scope.space, children=children, view=view, tree=tree)

    def _subtree(
        self, scope: Scope, row: sqlite3.Row, view: View | None, tree: Tree | None
    ) -> list[dict[str, Any]]:
        # Every path below starts with this one and "/" (`PageTree.repath`): a range of the
        # (revision_id, path) index, where LIKE read every page of the revision at each read.
        prefix = row["path"] + "/"
        below = self._db.all(
            "SELECT * FROM pages WHERE revision_id = ? AND path >= ? AND path < ? "
            "ORDER BY position, id",
            (scope.revision, prefix, prefix[:-1] + chr(ord("/") + 1)),
        )
        by_parent: dict[str, list[sqlite3.Row]] = {}
        for child in below:
            by_parent.setdefault(child["parent_id"], []).append(child)

        def build(parent: str) -> list[dict[str, Any]]:
            return [
                self.revisions.render_page(
                    c, scope.space, children=build(c["id"]), view=view, tree=tree
                )
                for c in by_parent.get(parent, [])
            ]

        return build(row["id"])

    def files(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        paging: PageWindow,
        view: View | None = None,
    ) -> dict[str, Any]:
        scope, git = self._file_scope(actor, space_id, cr_ref, view)
        return paginate(
            self.revisions.files(scope.revision),
            key=lambda r: (r["name"], r["id"]),
            paging=paging,
            render=lambda r: self.revisions.render_file(r, git=git),
        )

    def file(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        file_id: str,
        view: View | None = None,
    ) -> dict[str, Any]:
        scope, git = self._file_scope(actor, space_id, cr_ref, view)
        return self.revisions.render_file(self.revisions.file_row(scope.revision, file_id), git=git)

    # -- links and backlinks ------------------------------------------------------------

    def space_links(
        self,
        actor: Actor,
        space_id: str,
        *,
        status: str | None = None,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """Every link of the space's current content, one item per target."""
        scope = self._scope(actor, space_id, None)
        found = self.references.analysis(scope.revision)
        return self.references.listing(actor, scope, found, status=status, paging=paging)

    def page_links(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        page_id: str,
        *,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """The links of one page of a change request, with the broken ones it introduced."""
        scope = self._scope(actor, space_id, cr_ref)
        self.revisions.page_row(scope.revision, page_id)
        found = self.references.analysis(scope.revision, only=page_id)
        published = self._change_requests.space_revision(space_id)
        base = (
            self.references.analysis(published, only=page_id)
            if self.revisions.page_at_id(published, page_id) is not None
            else []
        )
        return self.references.listing(actor, scope, found, base=base, paging=paging)

    def backlinks(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        page_id: str | None = None,
        file_id: str | None = None,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """The pages of a change request linking to one of its pages or files."""
        scope = self._scope(actor, space_id, cr_ref)
        if page_id is not None:
            self.revisions.page_row(scope.revision, page_id)
            kind, target = "page", page_id
        else:
            assert file_id is not None
            self.revisions.file_row(scope.revision, file_id)
            kind, target = "file", file_id
        return self.references.backlinks(actor, scope, kind=kind, target=target, paging=paging)

    # -- import -------------------------------------------------------------------------

    def read_import(self, actor: Actor, space_id: str, cr_ref: str, *, url: str) -> Source:
        """Check access, then read the files a ``file://`` URL names (blocking: run off the loop)."""
        self._scope(actor, space_id, cr_ref, "edit")
        return read_source(resolve_inside(url, self.import_root))

    def import_content(
        self, actor: Actor, space_id: str, cr_ref: str, *, source: Source
    ) -> Generator[None, None, dict[str, Any]]:
        """Write what `read_import` read into a new revision of the change request, in batches
        of `IMPORT_BATCH` pages, one transaction each; the caller may serve other requests at
        each yield. The new revision is unreachable until the last step points the change
        request at it (refused if the change request moved meanwhile); a failed or abandoned
        import deletes it."""
        with self._db.transaction():
            base = self._scope(actor, space_id, cr_ref, "edit").revision
            revision = self.revisions.create(space_id, copy_of=base)
        work = MarkdownImport(self.revisions, revision)
        try:
            steps, more = work.steps(source), True
            while more:
                yield
                with self._db.transaction():
                    more = next(islice(steps, IMPORT_BATCH - 1, None), _DONE) is not _DONE
            with self._db.transaction():
                scope = self._scope(actor, space_id, cr_ref, "edit")
                if scope.revision != base or scope.change_request is None:
                    raise Conflict("The change request changed during the import; import again")
                self._change_requests.set_revision(scope.change_request, revision)
        except BaseException:
            with self._db.transaction():
                self._db.execute("DELETE FROM revisions WHERE id = ?", (revision,))
            raise
        return {
            "revision": revision,
            "importedResources": work.imported,
            "totalResources": source.total,
            **_import_notes(work),
        }


SKIPPED_LISTED = 100
"""Skipped files (and redirects) an import's answer names; the rest are counted."""


def _import_notes(work: MarkdownImport) -> dict[str, Any]:
    """The local workspace's own fields of an import's answer (the real service sends none):
    the files not imported and the ``.gitbook.yaml`` redirects kept or not, each with why."""
    return {
        "skippedResources": len(work.skipped),
        "skipped": [{"path": s.path, "reason": s.reason} for s in work.skipped[:SKIPPED_LISTED]],
        "redirects": work.redirects,
        "redirectsSkippedCount": len(work.redirects_skipped),
        "redirectsSkipped": [
            {"source": r.redirect.source, "line": r.redirect.line, "reason": r.reason}
            for r in work.redirects_skipped[:SKIPPED_LISTED]
        ],
    }


_DONE = object()
