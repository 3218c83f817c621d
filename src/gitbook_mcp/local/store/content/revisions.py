"""Revisions: the page trees and files of spaces and change requests (state and rules).

A space's published content is its current revision (``spaces.revision_id``); a change request
holds a revision of its own, a copy of the space's at creation. Page ids are stable across
copies of a revision, so links and comments keep pointing at the same page. The full-text
index (``pages_fts``) holds the pages of current revisions only; triggers keep it in step with
page writes and with every change of ``spaces.revision_id``, whoever makes it.

Over 400 lines: a revision's pages are written and rendered against the same tree (paths,
files, the link writer), which these methods share.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.content.doclinks import Tree
from gitbook_mcp.local.store.content.pagedoc import (
    dump,
    load,
    parse_body,
    read_document,
    relink_document,
    render_body,
    search_text,
)
from gitbook_mcp.local.store.content.views import (
    LAYOUT,
    Body,
    RawJSON,
    View,
    blob,
    document_id,
    git_synced,
    read_json,
    rendered_markdown,
    renders_markdown,
    tree_signature,
)
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.part import StorePart, found
from gitbook_mcp.local.store.urls import APP_URL

if TYPE_CHECKING:
    import sqlite3


__all__ = ["LAYOUT", "Body", "RevisionStore", "View", "git_synced", "renders_markdown"]

_PAGE = "SELECT * FROM pages WHERE id = ? AND revision_id = ?"
"""A page of a revision by (id, revision)."""


class RevisionStore(StorePart):
    """See the module's docstring."""

    # -- writing ----------------------------------------------------------------------------

    def create(self, space_id: str, *, copy_of: str | None = None) -> str:
        """A new revision of the space, empty or a copy of ``copy_of`` (pages keep their ids)."""
        revision_id = new_id("rev_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO revisions(id, space_id, parent_id, created_at) VALUES (?, ?, ?, ?)",
                (revision_id, space_id, copy_of, self._clock.stamp()),
            )
            if copy_of is not None:
                self._db.execute(
                    "INSERT INTO pages(revision_id, id, parent_id, position, title, slug, path, "
                    "emoji, description, markdown, document, hidden, created_at, updated_at) "
                    "SELECT ?, id, parent_id, position, title, slug, path, emoji, description, "
                    "markdown, document, hidden, created_at, updated_at FROM pages "
                    "WHERE revision_id = ?",
                    (revision_id, copy_of),
                )
                self._db.execute(
                    "INSERT INTO files(revision_id, id, name, content_type, size, width, height) "
                    "SELECT ?, id, name, content_type, size, width, height FROM files "
                    "WHERE revision_id = ?",
                    (revision_id, copy_of),
                )
                self._db.execute(
                    "INSERT INTO revision_redirects(revision_id, source, page_id) "
                    "SELECT ?, source, page_id FROM revision_redirects WHERE revision_id = ?",
                    (revision_id, copy_of),
                )
        return revision_id

    def add_page(
        self,
        revision_id: str,
        *,
        title: str,
        slug: str,
        markdown: str = "",
        document: dict[str, Any] | None = None,
        parent_id: str | None = None,
        page_id: str | None = None,
        description: str | None = None,
        emoji: str | None = None,
        hidden: bool = False,
        position: float | None = None,
    ) -> str:
        """Add a page (at ``position``, by default at the end of its parent's children); its
        path follows from the parent. Its body is ``document``, else ``markdown`` parsed against
        the revision (`set_markdown`)."""
        page_id = page_id or new_id("pg_")
        parent_path = ""
        if parent_id is not None:
            parent = self.page_row(revision_id, parent_id)
            parent_path = parent["path"] + "/"
        if position is None:
            position = self.last_position(revision_id, parent_id) + 1
        now = self._clock.stamp()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO pages(revision_id, id, parent_id, position, title, slug, path, emoji, "
                "description, markdown, document, hidden, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    revision_id,
                    page_id,
                    parent_id,
                    position,
                    title,
                    slug,
                    parent_path + slug,
                    emoji,
                    description,
                    search_text(document or {}),
                    dump(document or {"object": "document", "data": {}, "nodes": []}),
                    int(hidden),
                    now,
                    now,
                ),
            )
            if document is None and markdown:
                self.set_markdown(revision_id, page_id, markdown)
        return page_id

    def last_position(self, revision_id: str, parent_id: str | None) -> float:
        """The position of the parent's last child (0 without children)."""
        last = self._db.scalar(
            "SELECT MAX(position) FROM pages WHERE revision_id = ? AND parent_id IS ?",
            (revision_id, parent_id),
        )
        return float(last or 0)

    def update_page(
        self,
        revision_id: str,
        page_id: str,
        *,
        title: str | None = None,
        markdown: str | None = None,
    ) -> None:
        """Change a page's title and/or body (markdown as `set_markdown` reads it)."""
        self.page_row(revision_id, page_id)
        with self._db.transaction():
            self._db.execute(
                "UPDATE pages SET title = COALESCE(?, title), updated_at = ? "
                "WHERE revision_id = ? AND id = ?",
                (title, self._clock.stamp(), revision_id, page_id),
            )
            if markdown is not None:
                self.set_markdown(revision_id, page_id, markdown)

    def set_markdown(
        self, revision_id: str, page_id: str, markdown: str, *, folder: bool = False
    ) -> None:
        """A page's body from markdown, links resolved (``folder``: from its own, a README's)."""
        tree = self.tree_of(revision_id, [page_id] if folder else [])
        doc, _, _ = parse_body(markdown, tree.resolver(page_id, keep=True))
        tree.settle(doc)
        self.set_document(revision_id, page_id, doc)

    def set_document(self, revision_id: str, page_id: str, doc: dict[str, Any]) -> None:
        """Store a page's document and the search text derived from it."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE pages SET document = ?, markdown = ?, updated_at = ? "
                "WHERE revision_id = ? AND id = ?",
                (dump(doc), search_text(doc), self._clock.stamp(), revision_id, page_id),
            )

    def relink(self, revision_id: str, folders: Collection[str] = ()) -> None:
        """Links kept as written that now resolve become refs by id (``folders``: READMEs)."""
        tree = self.tree_of(revision_id, folders)
        for row in self.pages(revision_id):
            doc = load(row["document"])
            if relink_document(doc, tree.resolver(row["id"])):
                self.set_document(revision_id, row["id"], doc)

    def fill_documents(self) -> None:
        """Give the pages of a file made before documents were stored their document, read
        from the markdown they held (run once, when the ``documents`` step is applied)."""
        rows = self._db.all("SELECT revision_id, id, markdown FROM pages WHERE document IS NULL")
        trees: dict[str, Tree] = {}
        for row in rows:
            revision = row["revision_id"]
            tree = trees.setdefault(revision, self.tree_of(revision))
            doc, _, _ = parse_body(row["markdown"], tree.resolver(row["id"], keep=True))
            self._db.execute(
                "UPDATE pages SET document = ?, markdown = ? WHERE revision_id = ? AND id = ?",
                (dump(doc), search_text(doc), revision, row["id"]),
            )

    def tree_of(self, revision_id: str, folders: Collection[str] = ()) -> Tree:
        """The revision's pages and files, to resolve links (``folders``: READMEs' pages)."""
        pages = "SELECT id, path, parent_id FROM pages WHERE revision_id = ? ORDER BY position, id"
        files = "SELECT id, name FROM files WHERE revision_id = ? ORDER BY name, id"
        tree = Tree.of(self._db.all(pages, (revision_id,)), self._db.all(files, (revision_id,)))
        tree.folders.update(folders)
        return tree

    def remove_page(self, revision_id: str, page_id: str) -> None:
        """Remove a page and every page below it."""
        self.page_row(revision_id, page_id)
        with self._db.transaction():
            self._db.execute(
                "WITH RECURSIVE subtree(id) AS (SELECT ? UNION ALL SELECT p.id FROM pages p "
                "JOIN subtree s ON p.parent_id = s.id WHERE p.revision_id = ?) "
                "DELETE FROM pages WHERE revision_id = ? AND id IN (SELECT id FROM subtree)",
                (page_id, revision_id, revision_id),
            )

    def add_file(
        self,
        revision_id: str,
        *,
        name: str,
        content_type: str,
        size: int,
        file_id: str | None = None,
        width: int | None = None,
        height: int | None = None,
    ) -> str:
        file_id = file_id or new_id("fl_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO files(revision_id, id, name, content_type, size, width, height) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (revision_id, file_id, name, content_type, size, width, height),
            )
        return file_id

    def remove_file(self, revision_id: str, file_id: str) -> None:
        """Remove a file; the links to it are left as they are, broken."""
        self.file_row(revision_id, file_id)
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM files WHERE revision_id = ? AND id = ?", (revision_id, file_id)
            )

    # -- reading ----------------------------------------------------------------------------

    def page_at_id(self, revision_id: str, page_id: str) -> sqlite3.Row | None:
        return self._db.one(_PAGE, (page_id, revision_id))

    def page_row(self, revision_id: str, page_id: str) -> sqlite3.Row:
        return found(self._db, "page", _PAGE, page_id, revision_id)

    def page_at(self, revision_id: str, path: str) -> sqlite3.Row | None:
        return self._db.one(
            "SELECT * FROM pages WHERE revision_id = ? AND path = ?", (revision_id, path)
        )

    def page_by_path(self, revision_id: str, path: str) -> sqlite3.Row:
        """The page at a slug path; ``a/b``, ``/a/b/``, ``a/b.md`` and ``a/b/README.md`` agree.
        A path that names no page follows the revision's Git Sync redirects (`set_redirect`),
        as GitBook's lookup by path does."""
        clean = path.strip("/").removesuffix(".md")
        for suffix in ("/README", "/readme"):
            clean = clean.removesuffix(suffix)
        row = self.page_at(revision_id, clean)
        if row is None:
            row = self._db.one(
                "SELECT p.* FROM revision_redirects r JOIN pages p "
                "ON p.revision_id = r.revision_id AND p.id = r.page_id "
                "WHERE r.revision_id = ? AND r.source = ?",
                (revision_id, clean),
            )
        if row is None:
            raise NotFound("page", path)
        return row

    def set_redirect(self, revision_id: str, source: str, page_id: str) -> None:
        """Keep a space-level redirect of ``.gitbook.yaml`` with the revision: ``source`` (a
        path, no leading slash) leads to the page while no page has that path."""
        self._db.execute(
            "INSERT INTO revision_redirects(revision_id, source, page_id) VALUES (?, ?, ?) "
            "ON CONFLICT(revision_id, source) DO UPDATE SET page_id = excluded.page_id",
            (revision_id, source.strip("/"), page_id),
        )

    def pages(self, revision_id: str) -> list[sqlite3.Row]:
        return self._db.all(
            "SELECT * FROM pages WHERE revision_id = ? ORDER BY position, id", (revision_id,)
        )

    def has_children(self, revision_id: str, page_id: str) -> bool:
        return bool(
            self._db.scalar(
                "SELECT 1 FROM pages WHERE revision_id = ? AND parent_id = ? LIMIT 1",
                (revision_id, page_id),
            )
        )

    def files(self, revision_id: str) -> list[sqlite3.Row]:
        return self._db.all(
            "SELECT * FROM files WHERE revision_id = ? ORDER BY name, id", (revision_id,)
        )

    def file_row(self, revision_id: str, file_id: str) -> sqlite3.Row:
        return found(
            self._db,
            "file",
            "SELECT * FROM files WHERE id = ? AND revision_id = ?",
            file_id,
            revision_id,
        )

    # -- rendering --------------------------------------------------------------------------

    def render_page(
        self,
        row: sqlite3.Row,
        space: sqlite3.Row,
        *,
        children: list[dict[str, Any]] | None = None,
        view: View | None = None,
        tree: Tree | None = None,
        signature: str | None = None,
    ) -> dict[str, Any]:
        """A ``RevisionPageDocument``; its body is markdown or a JSON document per ``view``
        (``tree``: the revision's, when the caller renders many pages of it; ``signature``: its
        `tree_signature`, to reuse each page's markdown)."""
        view = view or View()
        page: dict[str, Any] = {
            "id": row["id"],
            "title": row["title"],
            "kind": "sheet",
            "type": "document",
            "urls": {"app": f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/{row['path']}"},
            "slug": row["slug"],
            "path": row["path"],
            "pages": children or [],
            "layout": dict(LAYOUT),
            "tags": [],
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            # The stored document's own id: content-addressed, as the API's documents are (a page
            # that no edit touched keeps it from one revision to the next).
            "documentId": document_id(row["document"] or ""),
        }
        markdown = self._body(page, row, space, view, tree, signature)
        if row["emoji"]:
            page["emoji"] = row["emoji"]
        if row["description"]:
            page["description"] = row["description"]
        if row["hidden"]:
            page["hidden"] = True
        if view.metadata and git_synced(space):
            folder = bool(children) or (
                children is None and self.has_children(row["revision_id"], row["id"])
            )
            page["git"] = {
                "oid": blob(markdown),
                "path": f"{row['path']}/README.md" if folder else f"{row['path']}.md",
            }
        return page

    def _body(
        self,
        page: dict[str, Any],
        row: sqlite3.Row,
        space: sqlite3.Row,
        view: View,
        tree: Tree | None,
        signature: str | None,
    ) -> str:
        """Put the page's body in ``page`` (its markdown or its document, per ``view``); the
        markdown, rendered only when the answer or the Git Sync metadata needs it."""
        stored = row["document"]
        markdown = ""
        if renders_markdown(view, space):
            tree = tree or self.tree_of(row["revision_id"])
            writer = None if view.refs == "stable" else tree.writer(row["id"])
            if signature is None:
                markdown = render_body(load(stored), writer)
            else:  # one read of many pages: each page loaded and rendered once per content
                key = (page["documentId"], row["id"], signature, view.refs)
                markdown = rendered_markdown(key, lambda: render_body(load(stored), writer))
        if view.body == "document":
            # the read document's JSON, its anchors found once per content, written unparsed
            text = read_json(page["documentId"], lambda: dump(read_document(load(stored))))
            page["document"] = RawJSON(text)
        else:
            page["markdown"] = markdown
        return markdown

    def tree(
        self, revision_id: str, space: sqlite3.Row, view: View | None = None
    ) -> list[dict[str, Any]]:
        rows = self.pages(revision_id)
        by_parent: dict[str | None, list[sqlite3.Row]] = {}
        for row in rows:
            by_parent.setdefault(row["parent_id"], []).append(row)
        files = self.files(revision_id)
        tree = Tree.of(rows, files)
        named = [(f"file:{f['id']}", str(f["name"])) for f in files]
        signature = tree_signature([*((r["id"], r["path"]) for r in rows), *named])

        def build(parent: str | None) -> list[dict[str, Any]]:
            return [
                self.render_page(
                    r, space, children=build(r["id"]), view=view, tree=tree, signature=signature
                )
                for r in by_parent.get(parent, [])
            ]

        return build(None)

    def render_file(self, row: sqlite3.Row, *, git: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": row["id"],
            "name": row["name"],
            "contentType": row["content_type"],
            "downloadURL": (
                f"https://files.gitbook.test/{row['revision_id']}/{row['id']}/{row['name']}"
            ),
            "size": row["size"],
        }
        if row["width"] and row["height"]:
            out["dimensions"] = {"width": row["width"], "height": row["height"]}
        if git:
            out["git"] = {
                "oid": blob(f"{row['id']}:{row['size']}"),
                "path": f".gitbook/assets/{row['name']}",
            }
        return out

    def render_revision(
        self, revision_id: str, space: sqlite3.Row, view: View | None = None
    ) -> dict[str, Any]:
        view = view or View()
        row = self._db.one("SELECT * FROM revisions WHERE id = ?", (revision_id,))
        if row is None:
            raise NotFound("revision", revision_id)
        git = view.metadata and git_synced(space)
        return {
            "object": "revision",
            "id": revision_id,
            "type": "edits",
            "parents": [row["parent_id"]] if row["parent_id"] else [],
            "pages": self.tree(revision_id, space, view),
            "files": [self.render_file(f, git=git) for f in self.files(revision_id)],
            "reusableContents": [],
            "variables": {},
            "createdAt": row["created_at"],
            "urls": {
                "app": f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/~/revisions/{revision_id}"
            },
        }
