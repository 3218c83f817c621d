"""`getChangeRequestChanges`: the semantic changes of a change request against its base.

Pages are matched by id between the base revision (``revisionInitial``) and the change
request's: a page only in the change request is created, only in the base deleted, in both and
under another parent moved, and with another title, slug, description, emoji or document
edited (both, when it was moved and edited). Files likewise (name, type, size). The list is in
tree order, pages then files, and ``more`` counts what ``limit`` left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.content.pagedoc import load, render_body
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.access import Actor
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.content.revisions import RevisionStore

__all__ = ["DEFAULT_LIMIT", "SemanticChanges"]

DEFAULT_LIMIT = 10
PAGE_FIELDS = {
    "title": "title",
    "slug": "slug",
    "description": "description",
    "emoji": "emoji",
    "document": "document",
}
FILE_FIELDS = {"name": "name", "content_type": "contentType", "size": "size"}


def _page(row: sqlite3.Row) -> dict[str, Any]:
    return {"id": row["id"], "type": "document", "title": row["title"], "path": row["path"]}


def _shown(column: str, row: sqlite3.Row) -> Any:
    """A changed value as the answer shows it (a document as its markdown, stable links)."""
    if column == "document":
        return render_body(load(row[column]), None)
    return row[column]


def _attributes(before: sqlite3.Row, after: sqlite3.Row, fields: dict[str, str]) -> dict[str, Any]:
    """``{wire name: {before, after}}`` for each field that differs (absent values omitted)."""
    out: dict[str, Any] = {}
    for column, name in fields.items():
        if before[column] != after[column]:
            pair = {"before": _shown(column, before), "after": _shown(column, after)}
            out[name] = {k: v for k, v in pair.items() if v is not None}
    return out


@dataclass(eq=False, repr=False)
class SemanticChanges(StorePart):
    """See the module's docstring."""

    _revisions: RevisionStore
    _change_requests: ChangeRequestRows

    def _page_changes(self, base: str, head: str) -> list[dict[str, Any]]:
        old = {r["id"]: r for r in self._revisions.pages(base)}
        new = {r["id"]: r for r in self._revisions.pages(head)}
        out: list[dict[str, Any]] = []
        for page_id, row in sorted(new.items(), key=lambda item: item[1]["path"]):
            before = old.get(page_id)
            if before is None:
                out.append({"type": "page_created", "page": _page(row)})
                continue
            if before["parent_id"] != row["parent_id"]:
                parent: dict[str, Any] = {}
                if before["parent_id"] in old:
                    parent["before"] = _page(old[before["parent_id"]])
                if row["parent_id"] in new:
                    parent["after"] = _page(new[row["parent_id"]])
                out.append({"type": "page_moved", "page": _page(row), "parent": parent})
            attributes = _attributes(before, row, PAGE_FIELDS)
            if attributes:
                out.append({"type": "page_edited", "page": _page(row), "attributes": attributes})
        for page_id, row in sorted(old.items(), key=lambda item: item[1]["path"]):
            if page_id not in new:
                out.append({"type": "page_deleted", "page": _page(row)})
        return out

    def _file_changes(self, base: str, head: str) -> list[dict[str, Any]]:
        old = {r["id"]: r for r in self._revisions.files(base)}
        new = {r["id"]: r for r in self._revisions.files(head)}
        out: list[dict[str, Any]] = []
        for file_id, row in new.items():
            wire = self._file(row)
            if file_id not in old:
                out.append({"type": "file_created", "file": wire})
            elif attributes := _attributes(old[file_id], row, FILE_FIELDS):
                out.append({"type": "file_edited", "file": wire, "attributes": attributes})
        out += [
            {"type": "file_deleted", "file": self._file(row)}
            for file_id, row in old.items()
            if file_id not in new
        ]
        return out

    def _file(self, row: sqlite3.Row) -> dict[str, Any]:
        rendered = self._revisions.render_file(row)
        return {k: rendered[k] for k in ("id", "name", "contentType", "downloadURL")}

    def changes(
        self, actor: Actor, space_id: str, ref: str, *, limit: int | None
    ) -> dict[str, Any]:
        """The change request's semantic changes, at most ``limit`` (10 by default)."""
        if limit is not None and limit < 1:
            raise Invalid("limit", "must be at least 1")
        row = self._change_requests.find(actor, space_id, ref)
        base, head = str(row["initial_revision_id"]), str(row["revision_id"])
        found = self._page_changes(base, head) + self._file_changes(base, head)
        cut = limit or DEFAULT_LIMIT
        out: dict[str, Any] = {"changes": found[:cut]}
        if len(found) > cut:
            out["more"] = len(found) - cut
        return out
