"""Markdown import into a revision, from a `Source` already read into memory.

A folder's ``.md`` files become pages and each sub-folder a page holding its files' pages (its
``README.md`` or ``index.md`` gives the folder page's title and text); files in
``.gitbook/assets/`` become the revision's files. A file's first ``# Heading`` is its page title.
A page already at the same path is updated. Reading the files is `import_source`'s job, done
off the event loop and before the write transaction; this module only writes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gitbook_mcp.local.store.content.import_source import INDEXES, MAX_FILES, Doc, Folder, Source
from gitbook_mcp.local.store.content.pagedoc import slugify

if TYPE_CHECKING:
    from gitbook_mcp.local.store.content.revisions import RevisionStore

__all__ = ["MAX_FILES", "MarkdownImport"]

_TITLE = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)


def _title_and_body(text: str, fallback: str) -> tuple[str, str]:
    """The first level-1 heading as the title, and the text without that heading."""
    match = _TITLE.search(text)
    if match is None:
        return fallback, text
    return match.group(1).strip(), (text[: match.start()] + text[match.end() :].lstrip("\n"))


def _stem(name: str) -> str:
    return name[: -len(".md")] if name.lower().endswith(".md") else name


def _words(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").strip().title()


class MarkdownImport:
    """One import into one revision: ``run(source)`` returns (imported, total files seen)."""

    def __init__(self, revisions: RevisionStore, revision_id: str) -> None:
        self._revisions = revisions
        self._revision = revision_id
        self.imported = 0

    def run(self, source: Source) -> tuple[int, int]:
        if source.single is not None:
            self._page(None, "", source.single, slug=slugify(_stem(source.single.name)))
        if source.folder is not None:
            self._folder(source.folder, None, "", top=True)
        self._assets(source)
        return self.imported, source.total

    def _upsert(
        self, parent_id: str | None, parent_path: str, slug: str, title: str, body: str | None
    ) -> str:
        """The page at the path, updated (unless ``body`` is None) or added."""
        path = f"{parent_path}/{slug}" if parent_path else slug
        existing = self._revisions.page_at(self._revision, path)
        if existing is not None:
            if body is not None:
                self._revisions.update_page(
                    self._revision, existing["id"], title=title, markdown=body
                )
            return str(existing["id"])
        return self._revisions.add_page(
            self._revision, title=title, slug=slug, markdown=body or "", parent_id=parent_id
        )

    def _page(self, parent_id: str | None, parent_path: str, doc: Doc, *, slug: str) -> str:
        title, body = _title_and_body(doc.text, _words(_stem(doc.name)) or "Untitled")
        self.imported += 1
        return self._upsert(parent_id, parent_path, slug, title, body)

    def _folder(
        self, folder: Folder, parent_id: str | None, parent_path: str, *, top: bool
    ) -> None:
        for doc in folder.docs:
            is_index = doc.name.lower() in INDEXES
            if is_index and not top:
                continue
            slug = slugify(_stem(doc.name))
            if top and is_index:
                title, _ = _title_and_body(doc.text, "Introduction")
                slug = slugify(title)
            self._page(parent_id, parent_path, doc, slug=slug)
        for sub in folder.folders:
            if not sub.has_markdown():
                continue
            slug = slugify(sub.name)
            index = sub.index()
            if index is not None:
                page_id = self._page(parent_id, parent_path, index, slug=slug)
            else:
                page_id = self._upsert(parent_id, parent_path, slug, _words(sub.name), None)
            path = f"{parent_path}/{slug}" if parent_path else slug
            self._folder(sub, page_id, path, top=False)

    def _assets(self, source: Source) -> None:
        known = {row["name"] for row in self._revisions.files(self._revision)}
        for asset in source.assets:
            if asset.name in known:
                continue
            self._revisions.add_file(
                self._revision,
                name=asset.name,
                content_type=asset.content_type,
                size=asset.size,
                width=asset.width,
                height=asset.height,
            )
            self.imported += 1
