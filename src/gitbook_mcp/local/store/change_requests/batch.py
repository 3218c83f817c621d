"""`updateChangeRequestContent`: a batch of page and file changes applied as one new revision.

The batch works on a copy of the change request's revision; each change applies in order, and
the copy becomes the change request's revision only when every change applied. Any failure
rolls the whole transaction back (no revision, no page, no file is left), with a 400 naming the
change's index and field. Pages and files inserted by the batch get their ids first, so a
``ref`` resolves whatever the order of the changes. A page sent as a node tree is stored as sent
(keyed); a page sent as markdown is parsed once the tree is final, its links resolved against it
(reference section 8.3): a link matching no page becomes text and is listed in the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gitbook_mcp.document.fields import data_problems
from gitbook_mcp.local.errors import Invalid, NotFound, Unprocessable
from gitbook_mcp.local.store.content.batch_parse import Change, parse_changes
from gitbook_mcp.local.store.content.doclinks import Tree
from gitbook_mcp.local.store.content.page_tree import PageTree
from gitbook_mcp.local.store.content.pagedoc import keep_unchanged, load, parse_body, slugify
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.urls import API_URL

if TYPE_CHECKING:
    from gitbook_mcp.local.store.access import Actor
    from gitbook_mcp.local.store.change_requests.authoring import ChangeRequestAuthoring
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.content.revisions import RevisionStore

__all__ = ["BatchResult", "ContentBatch"]


@dataclass
class BatchResult:
    """What a batch did: the affected pages in first-touched order, and the files it added."""

    change_request_id: str
    revision: str
    pages: dict[str, str] = field(default_factory=dict)
    refs: dict[str, str] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    markdown: dict[str, tuple[str, bool, int]] = field(default_factory=dict)
    """Pages whose markdown waits for the final tree: (markdown, inserted by the batch, the
    change's index)."""
    unresolved: dict[str, list[str]] = field(default_factory=dict)
    """The link targets of each page that matched nothing and became text."""

    def touch(self, page_id: str, kind: str) -> None:
        """Record a page outcome; a page created by the batch stays created unless deleted."""
        if self.pages.get(page_id) == "created" and kind == "updated":
            return
        self.pages.setdefault(page_id, kind)
        if kind == "deleted" or self.pages[page_id] != "created":
            self.pages[page_id] = kind


@dataclass(eq=False, repr=False)
class ContentBatch(StorePart):
    """See the module's docstring."""

    _revisions: RevisionStore
    _change_requests: ChangeRequestRows
    _authoring: ChangeRequestAuthoring
    _on_edit: Callable[[str, str], None] | None = None
    """Told (change request, user) of each batch applied, so contributors can be counted."""
    refuse_trees: bool = False
    """Answer 422 to a node tree in ``update_page``, as GitBook's agent skill says the service
    does ("takes only {markdown}, replacing the whole page"); the description accepts it."""

    def apply(self, actor: Actor, space_id: str, ref: str, raw: Any) -> BatchResult:
        """Apply the batch ``raw`` (the body's ``changes``) to the change request, or nothing."""
        changes = parse_changes(raw)
        for change in changes:
            if self.refuse_trees and change.operation == "update_page" and change.tree is not None:
                raise Unprocessable(
                    f"{change.field('document')}: update_page takes only {{markdown}}, "
                    "replacing the whole page; a JSON document is not accepted"
                )
        cr_id = self._authoring.editable(actor, space_id, ref)
        current = self._change_requests.row(cr_id)["revision_id"]
        paths = {row["path"] for row in self._revisions.pages(current)}
        for change in changes:
            if change.ref is not None and change.ref.removesuffix(".md") in paths:
                raise Invalid(change.field("ref"), f"{change.ref!r} is the path of a page")
        tree = Tree()
        ids = {c.index: new_id("pg_") for c in changes if c.operation == "insert_page"}
        tree.page_refs = {c.ref: ids[c.index] for c in changes if c.ref}
        file_ids = {(c.index, n): new_id("fl_") for c in changes for n in range(len(c.files))}
        tree.file_refs = {
            f.ref: file_ids[(c.index, n)] for c in changes for n, f in enumerate(c.files) if f.ref
        }
        with self._db.transaction():
            revision = self._revisions.create(space_id, copy_of=current)
            result = BatchResult(cr_id, revision)
            pages = PageTree(self._db, self._clock, revision)
            for change in changes:
                try:
                    self._one(pages, change, result, ids, file_ids)
                except NotFound as exc:
                    raise Invalid(change.field("page"), exc.message) from exc
            self._normalize(tree, revision, result)
            self._change_requests.set_revision(cr_id, revision)
            if self._on_edit is not None:
                self._on_edit(cr_id, actor.user_id)
        return result

    def _one(
        self,
        pages: PageTree,
        change: Change,
        result: BatchResult,
        ids: dict[int, str],
        file_ids: dict[tuple[int, int], str],
    ) -> None:
        """Apply one change to the working revision."""
        if change.operation == "insert_files":
            for number, upload in enumerate(change.files):
                result.files.append(
                    self._revisions.add_file(
                        pages.revision,
                        name=upload.name,
                        content_type=upload.content_type,
                        size=upload.size,
                        file_id=file_ids[(change.index, number)],
                    )
                )
        elif change.operation == "insert_page":
            self._insert(pages, change, ids[change.index], result)
        elif change.operation == "update_page":
            assert change.page is not None
            pages.update(change, change.page)
            self._body(pages, change, change.page, result)
            result.touch(change.page, "updated")
        elif change.operation == "delete_page":
            assert change.page is not None
            self._revisions.remove_page(pages.revision, change.page)
            result.touch(change.page, "deleted")
        else:
            self._revert(pages, change, result)

    def _insert(self, pages: PageTree, change: Change, page_id: str, result: BatchResult) -> None:
        title = str(change.meta.get("title") or "Untitled")
        parent = change.into if isinstance(change.into, str) else None
        if parent is not None and pages.row(parent) is None:
            raise Invalid(change.field("into"), f"no page {parent!r} in the change request")
        slug = str(change.meta.get("slug") or slugify(title))
        pages.check_slug(change, parent, slug, None)
        self._revisions.add_page(
            pages.revision,
            title=title,
            slug=slug,
            parent_id=parent,
            page_id=page_id,
            description=change.meta.get("description") or None,
            emoji=change.meta.get("emoji") or None,
            hidden=bool(change.meta.get("hidden", False)),
        )
        if change.at is not None:
            pages.place(page_id, parent, change.at)
        self._body(pages, change, page_id, result)
        result.touch(page_id, "created")
        if change.ref:
            result.refs[page_id] = change.ref

    def _revert(self, pages: PageTree, change: Change, result: BatchResult) -> None:
        """Give a page the state it has in the target revision (the base one by default)."""
        assert change.page is not None
        cr = self._change_requests.row(result.change_request_id)
        target = change.revision or str(cr["initial_revision_id"])
        owner = self._db.scalar("SELECT space_id FROM revisions WHERE id = ?", (target,))
        if owner != cr["space_id"]:
            raise Invalid(change.field("revision"), f"no revision {target!r} in this space")
        before = self._revisions.page_at_id(target, change.page)
        now = pages.row(change.page)
        if before is None and now is None:
            raise Invalid(change.field("page"), f"no page {change.page!r} to revert")
        if before is None:
            self._revisions.remove_page(pages.revision, change.page)
            result.touch(change.page, "deleted")
        else:
            pages.restore(before, present=now is not None)
            result.touch(change.page, "updated" if now is not None else "created")

    def _body(self, pages: PageTree, change: Change, page_id: str, result: BatchResult) -> None:
        """Store a node tree at once; keep markdown for when the tree is final."""
        if change.tree is not None:
            self._revisions.set_document(pages.revision, page_id, change.tree)
            result.markdown.pop(page_id, None)
        elif change.markdown is not None:
            inserted = change.operation == "insert_page"
            result.markdown[page_id] = (change.markdown, inserted, change.index)

    def _normalize(self, tree: Tree, revision: str, result: BatchResult) -> None:
        """Parse the markdown the batch set, its links resolved against the final tree."""
        final = self._revisions.tree_of(revision)
        final.page_refs, final.file_refs = tree.page_refs, tree.file_refs
        for page_id, (markdown, inserted, index) in result.markdown.items():
            if result.pages.get(page_id) == "deleted" or page_id not in final.paths:
                continue
            doc, _, unresolved = parse_body(
                markdown, final.resolver(page_id), title_is_heading=not inserted
            )
            problems = data_problems(doc, limit=1)
            if problems:  # what the contract refuses in a JSON document, refused in markdown too
                raise Invalid(f"changes[{index}].document.markdown", f"gives {problems[0]}")
            unresolved += final.settle(doc, unlink=True)
            if not inserted:
                keep_unchanged(load(self._revisions.page_row(revision, page_id)["document"]), doc)
            self._revisions.set_document(revision, page_id, doc)
            if unresolved:
                result.unresolved[page_id] = unresolved

    def render_changes(self, result: BatchResult, space_id: str) -> list[dict[str, Any]]:
        """The ``changes`` of a ``ChangeRequestContentUpdate``."""
        base = f"{API_URL}/spaces/{space_id}/change-requests/{result.change_request_id}"
        out: list[dict[str, Any]] = []
        for page_id, kind in result.pages.items():
            if kind == "deleted":
                out.append({"object": "deleted_page", "page": page_id})
                continue
            ref = {
                "object": "page",
                "id": page_id,
                "urls": {"location": f"{base}/content/page/{page_id}"},
            }
            entry: dict[str, Any] = {"object": f"{kind}_page", "page": ref}
            if page_id in result.refs:
                entry["ref"] = result.refs[page_id]
            if page_id in result.unresolved:
                entry["unresolvedLinks"] = result.unresolved[page_id]
            out.append(entry)
        return out
