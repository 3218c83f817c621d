"""Merging and updating change requests: a three-way merge of page trees and files.

A change request's revision was copied from ``revisionInitial`` (the base); the main content may
have moved on since. Each page (and file) is merged field by field against the base: a field
changed on one side only takes that side's value; a field changed on both sides differently is
a conflict. Nothing is lost in a conflict: two different documents are both kept between
git-style conflict markers, a page deleted on one side but edited on the other is kept, and for
any other field the change request's value wins (the main content's stays in its revision).
A merge with conflicts publishes nothing: the change request is updated (conflicts kept between
markers in its pages), settled, and merged again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gitbook_mcp.document.nodes import block, text
from gitbook_mcp.local.errors import Conflict
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.content.pagedoc import dump, load, search_text
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.content.revisions import RevisionStore
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["MergeStore", "MergeTree", "conflict_document", "merge_items"]

PAGE_FIELDS = (
    "parent_id",
    "position",
    "title",
    "slug",
    "emoji",
    "description",
    "document",
    "hidden",
)
FILE_FIELDS = ("name", "content_type", "size", "width", "height")
OPEN_STATUSES = ("draft", "open")

Item = dict[str, Any]


def conflict_document(ours: str, theirs: str) -> str:
    """Both documents of a page edited on both sides, their blocks between git-style conflict
    markers (each marker a paragraph), as a stored document."""

    def marker(line: str) -> dict[str, Any]:
        return block("paragraph", [text(line)])

    nodes = [
        marker("<<<<<<< change request"),
        *load(ours)["nodes"],
        marker("======="),
        *load(theirs)["nodes"],
        marker(">>>>>>> main content"),
    ]
    return dump({"object": "document", "data": {}, "nodes": nodes})


@dataclass
class MergeTree:
    """The result of a three-way merge: the items by id, and the ids that conflicted."""

    items: dict[str, Item] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)


def _merge_fields(
    base: Item | None, ours: Item, theirs: Item, fields: tuple[str, ...]
) -> tuple[Item, bool]:
    """One item present on both sides, merged field by field; (item, conflicted)."""
    out = dict(ours)
    conflicted = False
    for name in fields:
        was = None if base is None else base[name]
        mine, other = ours[name], theirs[name]
        if mine == other or other == was:
            continue
        if mine == was:
            out[name] = other
            continue
        conflicted = True
        if name == "document":
            out[name] = conflict_document(str(mine), str(other))
    if "document" in fields and out["document"] != ours["document"]:
        out["markdown"] = search_text(load(out["document"]))
    if out != ours and "updated_at" in ours:
        out["updated_at"] = max(str(ours["updated_at"]), str(theirs["updated_at"]))
    return out, conflicted


def merge_items(
    base: dict[str, Item], ours: dict[str, Item], theirs: dict[str, Item], fields: tuple[str, ...]
) -> MergeTree:
    """Three-way merge of items keyed by id (``ours`` is the change request's side)."""
    tree = MergeTree()

    def same(a: Item | None, b: Item | None) -> bool:
        if a is None or b is None:
            return a is b
        return all(a[f] == b[f] for f in fields)

    for ident in sorted(base.keys() | ours.keys() | theirs.keys()):
        was, mine, other = base.get(ident), ours.get(ident), theirs.get(ident)
        if same(mine, other) or same(other, was):
            chosen = mine
        elif same(mine, was):
            chosen = other
        elif mine is None or other is None:
            chosen = mine or other  # deleted on one side, edited on the other: kept
            tree.conflicts.append(ident)
        else:
            chosen, conflicted = _merge_fields(was, mine, other, fields)
            if conflicted:
                tree.conflicts.append(ident)
        if chosen is not None:
            tree.items[ident] = chosen
    return tree


def _fix_paths(pages: dict[str, Item]) -> None:
    """Paths follow the merged parents; a page whose parent is gone (or in a cycle) is a root."""
    for page in pages.values():
        if page["parent_id"] is not None and page["parent_id"] not in pages:
            page["parent_id"] = None

    def path_of(page_id: str, seen: tuple[str, ...]) -> str:
        page = pages[page_id]
        parent = page["parent_id"]
        if parent is None or parent in seen:
            page["parent_id"] = None
            return str(page["slug"])
        return path_of(parent, (*seen, page_id)) + "/" + str(page["slug"])

    for page_id, page in pages.items():
        page["path"] = path_of(page_id, (page_id,))


@dataclass(eq=False, repr=False)
class MergeStore(StorePart):
    """``mergeChangeRequest`` and ``updateChangeRequest``."""

    _spaces: SpaceRows
    _revisions: RevisionStore
    _change_requests: ChangeRequestRows

    # -- operations -----------------------------------------------------------------------

    def merge(self, actor: Actor, space_id: str, ref: str) -> dict[str, Any]:
        """Publish the change request (space ``merge`` flag): ``result`` is ``merge``, or
        ``conflicts`` when a page it edited also changed on the main content since its base; then
        nothing is published and the change request stays open, to be updated and settled."""
        row = self._open_row(actor, space_id, ref, "merge")
        main = self._change_requests.space_revision(space_id)
        pages, files = self._three_way(row["initial_revision_id"], row["revision_id"], main)
        if pages.conflicts or files.conflicts:
            return {"revision": row["revision_id"], "result": "conflicts"}
        now = self._clock.stamp()
        with self._db.transaction():
            merged = self._write(space_id, pages, files, parent=main)
            self._db.execute(
                "UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ?",
                (merged, now, space_id),
            )
            self._db.execute(
                "UPDATE change_requests SET status = 'merged', merged_revision_id = ?, "
                "updated_at = ? WHERE id = ?",
                (merged, now, row["id"]),
            )
        return {"revision": merged, "result": "merge"}

    def update(self, actor: Actor, space_id: str, ref: str) -> dict[str, Any]:
        """Rebase the change request on the main content (space ``edit`` flag): ``result`` is
        ``update``, or ``conflicts`` (kept between markers in its pages)."""
        row = self._open_row(actor, space_id, ref, "edit")
        main = self._change_requests.space_revision(space_id)
        if main == row["initial_revision_id"]:
            return {"revision": row["revision_id"], "result": "update"}
        with self._db.transaction():
            pages, files = self._three_way(row["initial_revision_id"], row["revision_id"], main)
            rebased = self._write(space_id, pages, files, parent=row["revision_id"])
            conflicts = pages.conflicts + files.conflicts
            self._db.execute(
                "UPDATE change_requests SET revision_id = ?, initial_revision_id = ?, "
                "updated_at = ? WHERE id = ?",
                (rebased, main, self._clock.stamp(), row["id"]),
            )
        return {"revision": rebased, "result": "conflicts" if conflicts else "update"}

    # -- helpers --------------------------------------------------------------------------

    def _open_row(self, actor: Actor, space_id: str, ref: str, flag: str) -> Any:
        row = self._change_requests.find(actor, space_id, ref, flag)
        if row["status"] not in OPEN_STATUSES:
            raise Conflict(f"change request {row['id']} is {row['status']}")
        return row

    def _items(self, table: str, revision_id: str) -> dict[str, Item]:
        rows = self._db.all(f"SELECT * FROM {table} WHERE revision_id = ?", (revision_id,))
        return {str(r["id"]): dict(r) for r in rows}

    def _three_way(self, base: str, ours: str, theirs: str) -> tuple[MergeTree, MergeTree]:
        """The pages and the files of a three-way merge, each with its conflicts."""
        pages = merge_items(
            self._items("pages", base),
            self._items("pages", ours),
            self._items("pages", theirs),
            PAGE_FIELDS,
        )
        files = merge_items(
            self._items("files", base),
            self._items("files", ours),
            self._items("files", theirs),
            FILE_FIELDS,
        )
        _fix_paths(pages.items)
        return pages, files

    def _write(self, space_id: str, pages: MergeTree, files: MergeTree, *, parent: str) -> str:
        """A new revision (child of ``parent``) holding the merged pages and files."""
        revision = self._revisions.create(space_id)
        self._db.execute("UPDATE revisions SET parent_id = ? WHERE id = ?", (parent, revision))
        for table, tree in (("pages", pages), ("files", files)):
            for item in tree.items.values():
                values = {**item, "revision_id": revision}
                names = ", ".join(values)
                marks = ", ".join("?" for _ in values)
                self._db.execute(
                    f"INSERT INTO {table}({names}) VALUES ({marks})", tuple(values.values())
                )
        return revision
