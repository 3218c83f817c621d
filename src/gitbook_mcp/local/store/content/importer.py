"""Markdown import into a revision, from a `Source` already read into memory.

A folder is read as a Git Sync repository (`gitbook_mcp.document.gitsync`, the reading the link check of
a folder shares): its pages are laid out there (``SUMMARY.md`` and ``.gitbook.yaml`` honoured;
without them each sub-folder is a page holding its files' pages, its ``README.md`` or
``index.md`` giving the folder page's title and text); files in ``.gitbook/assets/`` become the
revision's files. A file's first ``# Heading`` is its page title.
A page already at the same path is updated. The ``.gitbook.yaml`` redirects are kept with the
revision (space-level, as Git Sync keeps them: `RevisionStore.set_redirect`), each leading to the
page its file became (one leading to no page is named with why); the files not imported (no
page, or an asset already there) are named with why too (`MarkdownImport.skipped`). Reading the
files is `import_source`'s job, done off the event loop and before the write transaction; this module only writes, one step per page
(`MarkdownImport.steps`), so that the store can commit in batches and let other requests in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitbook_mcp.document.gitsync import Redirect, RepoPage, Skipped, titled
from gitbook_mcp.document.gitsync.layout import fallback_title
from gitbook_mcp.document.gitsync.names import file_segment
from gitbook_mcp.local.store.content.import_source import MAX_FILES, Source

if TYPE_CHECKING:
    from gitbook_mcp.local.store.content.revisions import RevisionStore

__all__ = ["IMPORT_BATCH", "MAX_FILES", "MarkdownImport", "RedirectSkipped"]

IMPORT_BATCH = 50
"""Pages written per transaction of an import; between two batches other requests are served."""


@dataclass(frozen=True)
class RedirectSkipped:
    """A ``.gitbook.yaml`` redirect not kept, and why."""

    redirect: Redirect
    reason: str


def _title_and_body(text: str, fallback: str) -> tuple[str, str]:
    """The first level-1 heading as the title, and the text without that heading."""
    found = titled(text, fallback)
    return found.title, found.body


class MarkdownImport:
    """One import into one revision: iterate ``steps(source)`` (one step per page or the assets),
    then ``imported`` counts what was written."""

    def __init__(self, revisions: RevisionStore, revision_id: str) -> None:
        self._revisions = revisions
        self._revision = revision_id
        self._last: dict[str | None, float] = {}
        self._by_file: dict[str, str] = {}
        self.imported = 0
        self.skipped: list[Skipped] = []
        """The files read that were not imported, each with why."""
        self.redirects = 0
        """``.gitbook.yaml`` redirects kept with the revision."""
        self.redirects_skipped: list[RedirectSkipped] = []

    def steps(self, source: Source) -> Iterator[None]:
        """Write the source, yielding after each step (the caller's transaction spans steps).

        A folder is written in two passes: its pages (and assets) first, then their bodies, so
        that each link is resolved against the whole tree, as the link check of the folder on
        disk resolves it (a README's children exist when its ``./#anchor`` is read, a link to a
        page later in the folder is a ref to it)."""
        if source.single is not None:
            name = source.single.name
            title, body = _title_and_body(source.single.text, fallback_title(name))
            self.imported += 1
            self._upsert(None, "", file_segment(name), title, body)
            yield
        bodies: list[tuple[str, str, str, bool]] = []
        self.skipped = list(source.skipped)
        if source.pages is not None:
            yield from self._pages(source.pages, None, "", bodies)
        self._assets(source)
        self._redirects(source.redirects)
        yield
        for page_id, title, body, readme in bodies:
            # A folder's README links from its own folder (``./a.md`` is a sibling of the
            # README's file, a child of its page), as Git Sync reads it.
            self._revisions.update_page(self._revision, page_id, title=title)
            self._revisions.set_markdown(self._revision, page_id, body, folder=readme)
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

    def _pages(
        self,
        pages: list[RepoPage],
        parent_id: str | None,
        parent_path: str,
        bodies: list[tuple[str, str, str, bool]],
    ) -> Iterator[None]:
        """Each page of the folder's tree placed (its body left for later, in ``bodies``),
        then the pages under it."""
        for page in pages:
            page_id = self._upsert(parent_id, parent_path, page.slug, page.title, None)
            if page.file is not None:
                self._by_file[page.file] = page_id
            if page.text is not None:
                self.imported += 1
                body = titled(page.text, page.title).body
                bodies.append((page_id, page.title, body, page.readme))
            yield
            path = f"{parent_path}/{page.slug}" if parent_path else page.slug
            yield from self._pages(page.pages, page_id, path, bodies)

    def _assets(self, source: Source) -> None:
        known = {row["name"] for row in self._revisions.files(self._revision)}
        for asset in source.assets:
            if asset.name in known:
                why = "a file of this name is already in the revision: kept as it is"
                self.skipped.append(Skipped(f"{source.assets_path}/{asset.name}", why))
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

    def _redirects(self, redirects: list[Redirect]) -> None:
        """Each redirect kept with the revision, leading to the page its file became."""
        for redirect in redirects:
            page_id = self._by_file.get(redirect.target)
            if page_id is None:
                why = f"leads to no page of the import ({redirect.target})"
                self.redirects_skipped.append(RedirectSkipped(redirect, why))
                continue
            self._revisions.set_redirect(self._revision, redirect.source, page_id)
            self.redirects += 1
