"""Reading a markdown import off the host's file system, safely and before any transaction.

A ``file://`` URL is accepted only when the workspace has an import root, and only for a path
inside it. Nothing is ever read through a symbolic link (neither the named path, nor any folder
on the way to it, nor an entry met while walking), only regular files are opened, and the walk
stops as soon as it has seen more than `MAX_FILES` files. A path that does not exist and a path
outside the root are refused with the same words, so that errors do not reveal the host's files.
The result is plain data in memory (`Source`), applied later inside a short transaction. The
walk itself is `gitbook_mcp.document.gitsync`'s, shared with the link check of a Git Sync folder.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from gitbook_mcp.document.gitsync import (
    Asset,
    Doc,
    FolderError,
    FolderReader,
    Redirect,
    RepoPage,
    Skipped,
    read_repository,
)
from gitbook_mcp.document.gitsync.files import ASSETS, INDEXES, MAX_BYTES, MAX_DEPTH, MAX_FILES
from gitbook_mcp.local.errors import Invalid

__all__ = [
    "INDEXES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_FILES",
    "Asset",
    "Doc",
    "Source",
    "read_source",
    "resolve_inside",
]

_NOT_HERE = "nothing importable at this URL inside the import root"


@dataclass
class Source:
    """What one import read: a single file, or a folder's pages and its assets."""

    single: Doc | None = None
    pages: list[RepoPage] | None = None
    """The folder's pages in tree order (`gitbook_mcp.document.gitsync.layout`)."""
    assets: list[Asset] = field(default_factory=list)
    total: int = 0
    redirects: list[Redirect] = field(default_factory=list)
    """The folder's ``.gitbook.yaml`` redirects (`gitbook_mcp.document.gitsync.config`)."""
    skipped: list[Skipped] = field(default_factory=list)
    """The files read that are neither a page nor an asset, each with why."""
    assets_path: str = ".gitbook/assets"
    """Where the assets are, from the repository's top."""


def resolve_inside(url: str, root: Path | None) -> Path:
    """The path a ``file://`` URL names, checked to lie inside ``root`` with no link on the way."""
    parsed = urlparse(url)
    if parsed.scheme != "file":
        raise Invalid(
            "url", "only file:// URLs can be imported by the local workspace: it has no network"
        )
    if root is None:
        raise Invalid(
            "url",
            "file:// import is off: start the local workspace with --import-root DIR "
            "(or GITBOOK_IMPORT_ROOT) to allow importing from that folder",
        )
    named = unquote(parsed.path)
    if "\x00" in named:  # the file system refuses it (ValueError): no file can be named so
        raise Invalid("url", _NOT_HERE)
    given = Path(os.path.normpath(named))
    base = root.resolve()
    relative = _relative(given, (base, Path(os.path.abspath(root))))
    if not given.is_absolute() or relative is None:
        raise Invalid("url", _NOT_HERE)
    current = base
    for part in relative.parts:
        current = current / part
        try:
            mode = os.lstat(current).st_mode
        except OSError:
            raise Invalid("url", _NOT_HERE) from None
        if stat.S_ISLNK(mode):
            raise Invalid("url", _NOT_HERE)
    mode = os.lstat(current).st_mode
    if stat.S_ISREG(mode):
        if current.suffix.lower() != ".md":
            raise Invalid("url", "must name a markdown (.md) file or a folder")
    elif not stat.S_ISDIR(mode):
        raise Invalid("url", _NOT_HERE)
    return current


def _relative(path: Path, bases: tuple[Path, ...]) -> Path | None:
    for base in bases:
        if path.is_relative_to(base):
            return path.relative_to(base)
    return None


def read_source(path: Path) -> Source:
    """Everything an import of ``path`` (from `resolve_inside`) needs, read into memory: one
    file, or a folder read as a Git Sync repository (`gitbook_mcp.document.gitsync`: its
    ``.gitbook.yaml`` and ``SUMMARY.md`` honoured, as the link check of a folder reads it)."""
    reader = FolderReader()
    try:
        if not path.is_dir() or path.is_symlink():
            reader.count()
            return Source(single=reader.doc(path), total=reader.total)
        repository = read_repository(path, reader)
    except FolderError as exc:
        raise Invalid("url", _NOT_HERE if exc.unreadable else str(exc)) from None
    return Source(
        pages=repository.pages,
        assets=repository.assets,
        total=repository.total,
        redirects=repository.config.redirects,
        skipped=repository.skipped,
        assets_path=repository.file("/".join(ASSETS)),
    )
