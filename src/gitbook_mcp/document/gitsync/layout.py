"""Which page each markdown file of a Git Sync folder is: the page tree, its slugs and titles.

One rule for the local workspace's import and the link check of a folder, so that a folder
checked directly and the same folder imported give the same pages at the same paths.

- With a ``SUMMARY.md``, the pages are the files it lists (a file it does not list is no page,
  as in GitBook), in its order, titled as it titles them. A page's path follows its file, so
  that a relative link resolves as it does between the files: ``a/b.md`` is the page ``a/b``,
  ``a/README.md`` the page ``a`` (a folder with no README listed becomes a page titled after
  the folder, holding the pages under it); the content's first page (``README.md``, or
  ``structure.readme``) is the first page, its slug made from its title.
- Without one, every markdown file is a page: in each folder its index (``README.md`` or
  ``index.md``) gives the folder's page, then its files by name, then its sub-folders.

A file's first ``# Heading`` is its title when the summary gives none; it is not part of the
page's body (`titled`).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from gitbook_mcp.document.gitsync.files import INDEXES, Doc, Folder
from gitbook_mcp.document.gitsync.names import file_segment
from gitbook_mcp.document.gitsync.summary import SummaryEntry
from gitbook_mcp.document.scan import headings
from gitbook_mcp.document.slugs import page_slug

__all__ = [
    "RepoPage",
    "Titled",
    "fallback_title",
    "page_slug",
    "plain_pages",
    "summary_pages",
    "titled",
]


@dataclass(frozen=True)
class Titled:
    """A file's title and body (the file without its title heading). Lines of the body from
    ``cut`` on are ``shift`` lines further down in the file."""

    title: str
    body: str
    cut: int = 0
    shift: int = 0

    def file_line(self, line: int) -> int:
        """The file's line of a line of the body."""
        return line + self.shift if self.cut and line >= self.cut else line


def titled(text: str, fallback: str) -> Titled:
    """The first level-1 heading as the title, and the text without that heading."""
    title = next((h for h in headings(text) if h.level == 1), None)
    if title is None:
        return Titled(fallback, text)
    rest = text[title.end :]
    after = rest.lstrip("\n")
    shift = len(rest) - len(after)
    cut = text.count("\n", 0, title.start) + 1
    return Titled(title.text, text[: title.start] + after, cut, shift)


@dataclass
class RepoPage:
    """A page of the folder: its slug, title, file (from the content's root; None for a folder
    page with no file), the file's text (None: no body of its own) and the pages under it;
    ``readme``: its file is a folder's README, whose links are relative to that folder."""

    slug: str
    title: str
    file: str | None = None
    text: str | None = None
    pages: list[RepoPage] = field(default_factory=list)
    order: float = 0.0
    readme: bool = False


def _stem(name: str) -> str:
    return name[: -len(".md")] if name.lower().endswith(".md") else name


def _words(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").strip().title()


def fallback_title(name: str) -> str:
    """The title of a file with no heading: its name in words (``first-steps.md``: First Steps)."""
    return _words(_stem(name)) or "Untitled"


def _doc_page(doc: Doc, slug: str, fallback: str) -> RepoPage:
    return RepoPage(slug, titled(doc.text, fallback).title, doc.path, doc.text)


def plain_pages(folder: Folder, *, top: bool = True) -> list[RepoPage]:
    """The pages of a folder without a table of contents (see the module's docstring)."""
    pages: list[RepoPage] = []
    for doc in folder.docs:
        is_index = doc.name.lower() in INDEXES
        if is_index and not top:
            continue
        if top and is_index:
            title = titled(doc.text, "Introduction").title
            pages.append(RepoPage(page_slug(title), title, doc.path, doc.text))
        else:
            pages.append(_doc_page(doc, file_segment(doc.name), fallback_title(doc.name)))
    for sub in folder.folders:
        if not sub.has_markdown():
            continue
        slug = file_segment(sub.name)
        index = sub.index()
        if index is not None:
            page = _doc_page(index, slug, fallback_title(index.name))
            page.readme = True
        else:
            page = RepoPage(slug, _words(sub.name))
        page.pages = plain_pages(sub, top=False)
        pages.append(page)
    return pages


class _Tree:
    """Pages keyed by their slug path, filled in the summary's order."""

    def __init__(self) -> None:
        self.top: dict[str, RepoPage] = {}
        self.children: dict[int, dict[str, RepoPage]] = {}

    def _under(self, parent: RepoPage | None) -> dict[str, RepoPage]:
        return self.top if parent is None else self.children.setdefault(id(parent), {})

    def node(self, segments: list[str], order: int) -> RepoPage:
        """The page at a path of raw names (folders made on the way, ordered by their first
        page)."""
        parent: RepoPage | None = None
        page: RepoPage | None = None
        for segment in segments:
            siblings = self._under(parent)
            slug = file_segment(segment)
            page = siblings.get(slug)
            if page is None:
                page = siblings[slug] = RepoPage(slug, _words(segment), order=order)
            page.order = min(page.order, order)
            parent = page
        assert page is not None
        return page

    def pages(self, siblings: dict[str, RepoPage]) -> list[RepoPage]:
        ordered = sorted(siblings.values(), key=lambda p: p.order)
        for page in ordered:
            page.pages = self.pages(self.children.get(id(page), {}))
        return ordered


def summary_pages(docs: dict[str, Doc], entries: list[SummaryEntry], readme: str) -> list[RepoPage]:
    """The pages a table of contents lists, by file (see the module's docstring); ``docs``:
    the folder's markdown files by path, ``readme``: the first page's file."""
    tree = _Tree()
    seen: set[str] = set()
    first: RepoPage | None = None
    for entry in entries:
        doc = docs.get(entry.file)
        if doc is None or entry.file in seen:
            continue
        seen.add(entry.file)
        folder, name = posixpath.split(entry.file)
        if entry.file == readme or (not folder and name.lower() in INDEXES and first is None):
            title = entry.title or titled(doc.text, "Introduction").title
            first = RepoPage(page_slug(title), title, doc.path, doc.text, order=entry.order)
            tree.top.setdefault(first.slug, first)
            continue
        segments = folder.split("/") if name.lower() in INDEXES else [*folder.split("/"), name]
        names = [_stem(s) for s in segments if s]
        if not names:
            continue
        page = tree.node(names, entry.order)
        page.title = entry.title or titled(doc.text, page.title).title
        page.file, page.text = doc.path, doc.text
        page.readme = name.lower() in INDEXES
    return tree.pages(tree.top)
