"""Markdown import into a revision, from a `Source` already read into memory.

A folder's ``.md`` files become pages and each sub-folder a page holding its files' pages (its
``README.md`` or ``index.md`` gives the folder page's title and text); files in
``.gitbook/assets/`` become the revision's files. A file's first ``# Heading`` is its page title;
its name is its path segment, by the rule links resolve with (`document.gitsync`). Which files
are pages (`SUMMARY.md`) and where the root is (`.gitbook.yaml`) is read with the files. Once
everything is written, relative links are resolved, a README's from its own folder, as Git Sync
does. A page already at the same path is updated. Reading the files is `import_source`'s job, done
off the event loop and before the write transaction; this module only writes, one step per page
(`MarkdownImport.steps`), so that the store can commit in batches and let other requests in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from gitbook_mcp.document.gitsync import file_segment
from gitbook_mcp.local.store.content.import_source import INDEXES, MAX_FILES, Doc, Folder, Source
from gitbook_mcp.local.store.content.pagedoc import slugify
from gitbook_mcp.markdown_scan import headings

if TYPE_CHECKING:
    from gitbook_mcp.local.store.content.revisions import RevisionStore

__all__ = ["IMPORT_BATCH", "MAX_FILES", "MarkdownImport"]

IMPORT_BATCH = 50
"""Pages written per transaction of an import; between two batches other requests are served."""


def _title_and_body(text: str, fallback: str) -> tuple[str, str]:
    """The first level-1 heading as the title, and the text without that heading."""
    title = next((h for h in headings(text) if h.level == 1), None)
    if title is None:
        return fallback, text
    return title.text, (text[: title.start] + text[title.end :].lstrip("\n"))


def _stem(name: str) -> str:
    return name[: -len(".md")] if name.lower().endswith(".md") else name


def _words(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").strip().title()


class MarkdownImport:
    """One import into one revision: iterate ``steps(source)`` (one step per page or the assets),
    then ``imported`` counts what was written."""

    def __init__(self, revisions: RevisionStore, revision_id: str) -> None:
        self._revisions = revisions
        self._revision = revision_id
        self._last: dict[str | None, float] = {}
        self._readmes: set[str] = set()
        self.imported = 0

    def steps(self, source: Source) -> Iterator[None]:
        """Write the source, yielding after each page (the caller's transaction spans steps)."""
        if source.single is not None:
            self._page(None, "", source.single, slug=file_segment(source.single.name))
            yield
        if source.folder is not None:
            yield from self._folder(source.folder, None, "", top=True)
        self._assets(source)
        yield
        if source.folder is not None:
            # As Git Sync does, every relative link is resolved once all pages and files exist
            # (a link to a page imported later, a README's links from its own folder).
            self._revisions.relink(self._revision, self._readmes)
            yield

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
            self._revision,
            title=title,
            slug=slug,
            markdown=body or "",
            parent_id=parent_id,
            position=self._next_position(parent_id),
        )

    def _next_position(self, parent_id: str | None) -> float:
        """The end of the parent's children, asked once per parent then counted (one query per
        page made a large import quadratic)."""
        last = self._last.get(parent_id)
        if last is None:
            last = self._revisions.last_position(self._revision, parent_id)
        self._last[parent_id] = last + 1
        return last + 1

    def _page(self, parent_id: str | None, parent_path: str, doc: Doc, *, slug: str) -> str:
        title, body = _title_and_body(doc.text, _words(_stem(doc.name)) or "Untitled")
        self.imported += 1
        return self._upsert(parent_id, parent_path, slug, title, body)

    def _folder(
        self, folder: Folder, parent_id: str | None, parent_path: str, *, top: bool
    ) -> Iterator[None]:
        for doc in folder.docs:
            is_index = doc.name.lower() in INDEXES
            if is_index and not top:
                continue
            slug = file_segment(doc.name)
            if top and is_index:
                title, _ = _title_and_body(doc.text, "Introduction")
                slug = slugify(title)
            self._page(parent_id, parent_path, doc, slug=slug)
            yield
        for sub in folder.folders:
            if not sub.has_markdown():
                continue
            slug = file_segment(sub.name)
            index = sub.index()
            title, body = _words(sub.name), None
            if index is not None:
                title, body = _title_and_body(index.text, title or "Untitled")
                self.imported += 1
            page_id = self._upsert(parent_id, parent_path, slug, title, None)
            yield
            path = f"{parent_path}/{slug}" if parent_path else slug
            yield from self._folder(sub, page_id, path, top=False)
            if body is not None:
                # A README's links are written from its folder: its text is set once the
                # folder's pages exist, so that they resolve from there (``./#x``, ``a.md``).
                self._revisions.update_page(self._revision, page_id, title=title)
                self._revisions.set_markdown(self._revision, page_id, body, folder=True)
                self._readmes.add(page_id)

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
