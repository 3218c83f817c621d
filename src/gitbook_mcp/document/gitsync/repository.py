"""A Git Sync folder read whole: its settings, its pages (`gitbook_mcp.document.gitsync.layout`), assets.

`read_repository` is blocking (it reads files): call it off the event loop. It reads what
``.gitbook.yaml`` says (``root``, ``structure.readme``, ``structure.summary``, ``redirects``),
then the content folder with `FolderReader` (no link followed, capped), then lays out the pages,
and names each file read that is neither a page nor an asset (`Skipped`), with why.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from gitbook_mcp.document.gitsync.config import CONFIG_FILE, GitSyncConfig, parse_config
from gitbook_mcp.document.gitsync.files import (
    ASSETS,
    Asset,
    Folder,
    FolderError,
    FolderReader,
    read_regular,
)
from gitbook_mcp.document.gitsync.layout import RepoPage, plain_pages, summary_pages
from gitbook_mcp.document.gitsync.summary import SummaryEntry, parse_summary

__all__ = ["Repository", "Skipped", "is_git_sync", "read_repository"]


@dataclass(frozen=True)
class Skipped:
    """A file of the repository that is no page and no asset of it (path from its top), and
    why, as GitBook leaves it out."""

    path: str
    reason: str


@dataclass
class Repository:
    """What a Git Sync folder holds: its settings, its pages in tree order, its assets, and the
    entries of its table of contents (None without one)."""

    config: GitSyncConfig
    pages: list[RepoPage]
    assets: list[Asset] = field(default_factory=list)
    summary: list[SummaryEntry] | None = None
    total: int = 0
    """Files seen (markdown, assets and others)."""
    skipped: list[Skipped] = field(default_factory=list)
    """The files seen that are neither a page nor an asset, in the order they were read."""

    def file(self, path: str) -> str:
        """A path of the content folder as a path from the repository's top."""
        root = self.config.root
        return f"{root}/{path}" if root else path

    def page_files(self) -> Iterator[str]:
        """The content folder's files that became pages, in tree order."""
        return _placed(self.pages)

    @property
    def summary_file(self) -> str:
        """The table of contents' path from the repository's top."""
        return self.file(self.config.summary)


def is_git_sync(path: Path) -> bool:
    """Whether ``path`` is a folder with a ``.gitbook.yaml`` or a ``SUMMARY.md``."""
    return path.is_dir() and any((path / name).is_file() for name in (CONFIG_FILE, "SUMMARY.md"))


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _text(path: Path) -> str:
    return read_regular(path).decode("utf-8", errors="replace")


def _content(path: Path, root: str) -> Path:
    """The content folder ``root`` names inside ``path``, reached through no link."""
    content = path
    for part in root.split("/") if root else []:
        content = content / part
        if part == ".." or content.is_symlink() or not content.is_dir():
            raise FolderError(f"its root {root!r} is not a folder of the repository")
    return content


def read_repository(path: Path, reader: FolderReader | None = None) -> Repository:
    """The repository at ``path`` (`FolderError` when it cannot be read as one)."""
    reader = reader or FolderReader()
    config = GitSyncConfig()
    if _regular(path / CONFIG_FILE):
        config = parse_config(_text(path / CONFIG_FILE))
    content = _content(path, config.root)
    folder = reader.folder(content)
    assets = reader.assets(content.joinpath(*ASSETS))
    summary_path = content.joinpath(*config.summary.split("/"))
    if not _regular(summary_path):
        repository = Repository(config, plain_pages(folder), assets, None, reader.total)
    else:
        entries = parse_summary(_text(summary_path), posixpath.dirname(config.summary))
        docs = {doc.path: doc for doc in folder.all_docs()}
        pages = summary_pages(docs, entries, config.readme)
        repository = Repository(config, pages, assets, entries, reader.total)
    repository.skipped = _skipped(repository, folder, reader.others)
    return repository


def _placed(pages: list[RepoPage]) -> Iterator[str]:
    for page in pages:
        if page.file is not None:
            yield page.file
        yield from _placed(page.pages)


def _skipped(repository: Repository, folder: Folder, others: list[str]) -> list[Skipped]:
    """The markdown files that became no page, and the other files outside the assets."""
    placed = set(repository.page_files())
    out: list[Skipped] = []
    for doc in folder.all_docs():
        if doc.path in placed:
            continue
        if repository.summary is None:
            why = "not a page: another index file is its folder's page"
        elif doc.path == repository.config.summary:
            why = "the table of contents: it makes the page tree, not a page"
        else:
            why = f"not listed in {repository.config.summary}"
        out.append(Skipped(repository.file(doc.path), why))
    why = "neither markdown nor in .gitbook/assets: no page or file is made of it"
    out += [Skipped(repository.file(path), why) for path in others]
    return out
