"""Content: change requests, page trees, pages, files, links and backlinks, search, import.

Every read needs ``space.view``; import needs ``space.edit``. Link status is computed from the
markdown of the revision being read (see `links.analyse`), never stored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, space_permissions
from gitbook_mcp.local.store.db import Migration, new_id
from gitbook_mcp.local.store.links import Link, analyse
from gitbook_mcp.local.store.paging import paginate
from gitbook_mcp.local.store.revisions import APP_URL, RevisionStore
from gitbook_mcp.local.store.revisions import MIGRATIONS as REVISION_MIGRATIONS
from gitbook_mcp.local.store.search import fts_query, import_markdown, sections_matching

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "ContentStore"]

MIGRATIONS: list[Migration] = REVISION_MIGRATIONS


class ContentStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db
        self.revisions = RevisionStore(store)

    # -- interface used by other domains ------------------------------------------------

    def duplicate_space_content(self, source_space_id: str, target_space_id: str) -> None:
        source = self._db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (source_space_id,))
        if not source:
            return
        revision = self.revisions.create(target_space_id, copy_of=str(source))
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, target_space_id)
            )

    def resolve_change_request(self, actor: Actor, space_id: str, ref: str) -> str:
        """A change request id from its id or its number within the space."""
        self._store.spaces.require_space(actor, space_id)
        row = self._db.one(
            "SELECT id FROM change_requests WHERE space_id = ? AND (id = ? OR CAST(number AS TEXT) = ?)",
            (space_id, ref, ref),
        )
        if row is None:
            raise NotFound("change request", ref)
        return str(row["id"])

    def page_target(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> dict[str, Any] | None:
        revision = self._revision_id(space_id, change_request_id)
        if revision is None:
            return None
        row = self._db.one(
            "SELECT * FROM pages WHERE revision_id = ? AND id = ?", (revision, page_id)
        )
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

    # -- seeding helpers ----------------------------------------------------------------

    def publish_new_revision(self, space_id: str) -> str:
        """An empty revision made current for the space (for seeding and tests)."""
        revision = self.revisions.create(space_id)
        with self._db.transaction():
            self._db.execute("UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, space_id))
        return revision

    def create_change_request(
        self,
        space_id: str,
        *,
        subject: str,
        status: str,
        created_by: str,
        change_request_id: str | None = None,
    ) -> tuple[str, str]:
        """A change request whose revision copies the space's: (id, revision id)."""
        base = self._db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (space_id,))
        initial = self.revisions.create(space_id, copy_of=str(base) if base else None)
        revision = self.revisions.create(space_id, copy_of=initial)
        number = int(
            self._db.scalar(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM change_requests WHERE space_id = ?",
                (space_id,),
            )
        )
        cr_id = change_request_id or new_id("cr_")
        now = self._store.now()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO change_requests(id, space_id, number, subject, status, created_by, created_at, "
                "updated_at, revision_id, initial_revision_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (cr_id, space_id, number, subject, status, created_by, now, now, revision, initial),
            )
        return cr_id, revision

    # -- access ---------------------------------------------------------------------------

    def _space(self, actor: Actor, space_id: str, flag: str = "view") -> sqlite3.Row:
        self._store.spaces.require_space(actor, space_id, flag)
        return self._store.spaces.row(space_id)

    def _revision_id(self, space_id: str, change_request_id: str | None) -> str | None:
        if change_request_id is None:
            value = self._db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (space_id,))
        else:
            value = self._db.scalar(
                "SELECT revision_id FROM change_requests WHERE id = ?", (change_request_id,)
            )
        return str(value) if value else None

    def _context(
        self, actor: Actor, space_id: str, cr_ref: str | None, flag: str = "view"
    ) -> tuple[sqlite3.Row, str, str | None]:
        """(space row, revision id, change request id) after the access check."""
        space = self._space(actor, space_id, flag)
        cr_id = self.resolve_change_request(actor, space_id, cr_ref) if cr_ref is not None else None
        revision = self._revision_id(space_id, cr_id)
        if revision is None:
            revision = self.publish_new_revision(space_id)
        return space, revision, cr_id

    # -- change requests ----------------------------------------------------------------

    def render_change_request(self, row: sqlite3.Row) -> dict[str, Any]:
        space = self._store.spaces.row(row["space_id"], include_deleted=True)
        comments = 0
        tables = {r[0] for r in self._db.all("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "comments" in tables:
            comments = int(
                self._db.scalar(
                    "SELECT COUNT(*) FROM comments WHERE change_request_id = ?", (row["id"],)
                )
                or 0
            )
        return {
            "object": "change-request",
            "id": row["id"],
            "number": row["number"],
            "status": row["status"],
            "subject": row["subject"],
            "createdBy": self._store.identity.render_user(row["created_by"]),
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            "revision": row["revision_id"],
            "revisionInitial": row["initial_revision_id"],
            "comments": comments,
            "outdated": False,
            "urls": {
                "app": f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/~/changes/{row['number']}/",
                "location": f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/~/changes/{row['number']}",
            },
        }

    def list_change_requests(
        self,
        actor: Actor,
        space_id: str,
        *,
        status: str,
        contributor: str | None,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        self._space(actor, space_id)
        rows = self._db.all(
            "SELECT * FROM change_requests WHERE space_id = ? AND status = ?", (space_id, status)
        )
        if contributor:
            rows = [r for r in rows if r["created_by"] == contributor]
        return paginate(
            rows,
            key=lambda r: (r["number"],),
            cursor=page,
            limit=limit,
            descending=True,
            render=self.render_change_request,
        )

    def get_change_request(self, actor: Actor, space_id: str, ref: str) -> dict[str, Any]:
        cr_id = self.resolve_change_request(actor, space_id, ref)
        row = self._db.one("SELECT * FROM change_requests WHERE id = ?", (cr_id,))
        assert row is not None
        return self.render_change_request(row)

    # -- revisions, pages, files --------------------------------------------------------

    def revision(self, actor: Actor, space_id: str, cr_ref: str | None) -> dict[str, Any]:
        space, revision, _ = self._context(actor, space_id, cr_ref)
        return self.revisions.render_revision(revision, space)

    def pages(self, actor: Actor, space_id: str, cr_ref: str | None) -> dict[str, Any]:
        space, revision, _ = self._context(actor, space_id, cr_ref)
        return {"pages": self.revisions.tree(revision, space)}

    def page(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        page_id: str | None = None,
        path: str | None = None,
    ) -> dict[str, Any]:
        space, revision, _ = self._context(actor, space_id, cr_ref)
        row = (
            self.revisions.page_row(revision, page_id)
            if page_id
            else self.revisions.page_by_path(revision, path or "")
        )
        return self.revisions.render_page(row, space)

    def files(
        self, actor: Actor, space_id: str, cr_ref: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        _, revision, _ = self._context(actor, space_id, cr_ref)
        rows = self.revisions.files(revision)
        return paginate(
            rows,
            key=lambda r: (r["name"], r["id"]),
            cursor=page,
            limit=limit,
            render=self.revisions.render_file,
        )

    def file(self, actor: Actor, space_id: str, cr_ref: str, file_id: str) -> dict[str, Any]:
        _, revision, _ = self._context(actor, space_id, cr_ref)
        return self.revisions.render_file(self.revisions.file_row(revision, file_id))

    # -- links and backlinks ------------------------------------------------------------

    def _analysis(self, revision: str, only: str | None = None) -> list[tuple[sqlite3.Row, Link]]:
        """The links of every page of the revision (or of the page ``only``) with status."""
        outline = self._db.all(
            "SELECT id, path, parent_id FROM pages WHERE revision_id = ?", (revision,)
        )
        by_path = {p["path"]: p["id"] for p in outline}
        parents = {p["parent_id"] for p in outline if p["parent_id"]}
        files = {f["name"]: f["id"] for f in self.revisions.files(revision)}
        pages = (
            [self.revisions.page_row(revision, only)]
            if only is not None
            else self.revisions.pages(revision)
        )
        found: list[tuple[sqlite3.Row, Link]] = []
        for page in pages:
            links = analyse(
                page["markdown"],
                page_path=page["path"],
                pages_by_path=by_path,
                files_by_name=files,
                folder=page["id"] in parents,
            )
            found.extend((page, link) for link in links)
        return found

    def _owners(self, actor: Actor, space: sqlite3.Row) -> dict[str, Any]:
        """The organization and space objects every location of one listing embeds."""
        return {
            "organization": self._store.orgs.render_organization(actor, space["org_id"]),
            "space": self._store.spaces.render_row(space, None)
            | {"permissions": self._permissions(actor, space)},
        }

    def _location(
        self,
        actor: Actor,
        space: sqlite3.Row,
        revision: str,
        page: sqlite3.Row,
        owners: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        return {
            "kind": "page",
            **(owners or self._owners(actor, space)),
            "page": self.revisions.render_page(page, space),
        }

    def _permissions(self, actor: Actor, space: sqlite3.Row) -> dict[str, bool]:
        from gitbook_mcp.local.store.access import effective_space_role

        return space_permissions(effective_space_role(self._db, actor, space["id"]))

    def _target(
        self, actor: Actor, space: sqlite3.Row, revision: str, link: Link, owners: dict[str, Any]
    ) -> dict[str, Any]:
        if link.status == "ok" and link.kind == "page" and link.target:
            target = self.revisions.page_row(revision, link.target)
            return self._location(actor, space, revision, target, owners)
        if link.status == "ok" and link.kind == "file" and link.target:
            return {
                "kind": "file",
                **owners,
                "file": self.revisions.render_file(self.revisions.file_row(revision, link.target)),
            }
        return {"kind": "url", "url": link.href}

    def _listing(
        self,
        actor: Actor,
        space: sqlite3.Row,
        revision: str,
        pairs: list[tuple[sqlite3.Row, Link]],
        *,
        cr: bool,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        indexed = list(enumerate(pairs))
        owners = self._owners(actor, space)
        envelope = paginate(
            indexed,
            key=lambda item: (item[0],),
            cursor=page,
            limit=limit,
            render=lambda item: {
                "status": item[1][1].status,
                "relation": "reference",
                "targetReference": self._target(actor, space, revision, item[1][1], owners),
                "locationReferences": [self._location(actor, space, revision, item[1][0], owners)],
            },
        )
        broken = sum(1 for _, link in pairs if link.status == "broken")
        stats: dict[str, Any] = {"total": len(pairs), "broken": {"total": broken}}
        if cr:
            stats["broken"]["changeRequest"] = broken
        envelope["stats"] = stats
        return envelope

    def space_links(
        self, actor: Actor, space_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        space, revision, _ = self._context(actor, space_id, None)
        return self._listing(
            actor, space, revision, self._analysis(revision), cr=False, page=page, limit=limit
        )

    def page_links(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str,
        page_id: str,
        *,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        space, revision, _ = self._context(actor, space_id, cr_ref)
        self.revisions.page_row(revision, page_id)
        pairs = self._analysis(revision, only=page_id)
        return self._listing(actor, space, revision, pairs, cr=True, page=page, limit=limit)

    def backlinks(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str,
        *,
        page_id: str | None = None,
        file_id: str | None = None,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        space, revision, _ = self._context(actor, space_id, cr_ref)
        if page_id is not None:
            self.revisions.page_row(revision, page_id)
        if file_id is not None:
            self.revisions.file_row(revision, file_id)
        target = page_id or file_id
        linking: dict[str, sqlite3.Row] = {}
        for source, link in self._analysis(revision):
            if link.target == target and link.status == "ok":
                linking.setdefault(source["id"], source)
        rows = sorted(linking.values(), key=lambda r: (r["path"], r["id"]))
        return paginate(
            rows,
            key=lambda r: (r["path"], r["id"]),
            cursor=page,
            limit=limit,
            render=lambda r: self._location(actor, space, revision, r),
        )

    # -- search and import ----------------------------------------------------------------

    def search(
        self, actor: Actor, org_id: str, query: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        from gitbook_mcp.local.store.access import org_role

        org_role(self._db, actor, org_id)
        spaces = {}
        for row in self._db.all(
            "SELECT * FROM spaces WHERE org_id = ? AND deleted_at IS NULL AND revision_id IS NOT NULL",
            (org_id,),
        ):
            if self._permissions(actor, row)["view"]:
                spaces[row["revision_id"]] = row
        if not spaces:
            return paginate([], key=lambda r: (r,), cursor=page, limit=limit)
        marks = ",".join("?" for _ in spaces)
        hits = self._db.all(
            f"SELECT revision_id, page_id, bm25(pages_fts) AS rank FROM pages_fts WHERE pages_fts MATCH ? "
            f"AND revision_id IN ({marks}) ORDER BY rank",
            (fts_query(query), *spaces),
        )
        words = query.split()
        grouped: dict[str, list[dict[str, Any]]] = {}
        best: dict[str, float] = {}
        for hit in hits:
            space = spaces[hit["revision_id"]]
            row = self.revisions.page_row(hit["revision_id"], hit["page_id"])
            url = f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/{row['path']}"
            sections = [
                {
                    "id": anchor,
                    "title": title,
                    "path": f"{row['path']}#{anchor}",
                    "body": body,
                    "urls": {"app": f"{url}#{anchor}"},
                }
                for anchor, title, body in sections_matching(row["markdown"], words)
            ]
            grouped.setdefault(space["id"], []).append(
                {
                    "id": row["id"],
                    "title": row["title"],
                    "path": row["path"],
                    "sections": sections,
                    "urls": {"app": url},
                }
            )
            best.setdefault(space["id"], float(hit["rank"]))
        titles = {s["id"]: s["title"] for s in spaces.values()}
        results = [
            {"id": sid, "title": titles[sid], "pages": pages} for sid, pages in grouped.items()
        ]
        return paginate(results, key=lambda r: (best[r["id"]], r["id"]), cursor=page, limit=limit)

    def import_content(
        self, actor: Actor, space_id: str, cr_ref: str, *, url: str
    ) -> dict[str, Any]:
        _, current, cr_id = self._context(actor, space_id, cr_ref, "edit")
        revision = self.revisions.create(space_id, copy_of=current)
        imported, total = import_markdown(url, self.revisions, revision)
        with self._db.transaction():
            self._db.execute(
                "UPDATE change_requests SET revision_id = ?, updated_at = ? WHERE id = ?",
                (revision, self._store.now(), cr_id),
            )
        return {"revision": revision, "importedResources": imported, "totalResources": total}
