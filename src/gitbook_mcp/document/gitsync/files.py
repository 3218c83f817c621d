"""Reading a folder of markdown safely: never through a symbolic link, regular files only, capped.

Shared by the local workspace's import and the link check of a Git Sync folder, so that both
read the same files the same way. Nothing is ever read through a link (no entry met while
walking is followed), only regular files are opened (a FIFO never blocks the read), and the walk
stops as soon as it has seen more than `MAX_FILES` files or `MAX_BYTES` of markdown.
"""

from __future__ import annotations

import mimetypes
import os
import stat
import struct
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "ASSETS",
    "INDEXES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_FILES",
    "Asset",
    "Doc",
    "Folder",
    "FolderError",
    "FolderReader",
    "read_regular",
]

MAX_FILES = 5000
MAX_BYTES = 64 * 1024 * 1024
"""Markdown read at once, in total: the text is held in memory until it is used."""
MAX_DEPTH = 64
INDEXES = ("readme.md", "index.md")
ASSETS = (".gitbook", "assets")


class FolderError(ValueError):
    """A folder that cannot be read as asked; ``unreadable``: a path that is not a regular
    file or folder, or names a link (callers may word it so as to reveal nothing)."""

    def __init__(self, message: str, *, unreadable: bool = False) -> None:
        super().__init__(message)
        self.unreadable = unreadable


@dataclass(frozen=True)
class Doc:
    """One markdown file: its name, its text, and its path from the folder read (``a/b.md``)."""

    name: str
    text: str
    path: str = ""


@dataclass(frozen=True)
class Asset:
    """One file of ``.gitbook/assets``: what a revision records of it."""

    name: str
    size: int
    content_type: str
    width: int | None = None
    height: int | None = None


@dataclass
class Folder:
    """A folder: its markdown files (index files first) and its sub-folders, sorted by name."""

    name: str
    docs: list[Doc] = field(default_factory=list)
    folders: list[Folder] = field(default_factory=list)
    path: str = ""
    """Its path from the folder read (``""`` for that folder itself)."""

    def index(self) -> Doc | None:
        """Its ``README.md`` (or ``index.md``), if it has one."""
        return next((d for d in self.docs if d.name.lower() in INDEXES), None)

    def has_markdown(self) -> bool:
        """Whether it holds a markdown file, at any depth."""
        return bool(self.docs) or any(f.has_markdown() for f in self.folders)

    def all_docs(self) -> list[Doc]:
        """Every markdown file of the tree, folder by folder."""
        return [*self.docs, *(doc for sub in self.folders for doc in sub.all_docs())]


class FolderReader:
    """Walks without following links, counting files and bytes as it goes; ``max_files``: the
    files it reads at most (default `MAX_FILES`, the import's cap)."""

    def __init__(self, max_files: int | None = None) -> None:
        self.total = 0
        self.bytes = 0
        self.max_files = max_files
        self.others: list[str] = []
        """The files seen that are not markdown (outside the assets), by path from the folder."""

    def count(self) -> None:
        """One more file seen; `FolderError` past the cap."""
        self.total += 1
        cap = MAX_FILES if self.max_files is None else self.max_files
        if self.total > cap:
            raise FolderError(f"names a folder of more than {cap} files")

    def doc(self, path: Path, relative: str = "") -> Doc:
        """One markdown file (undecodable bytes replaced)."""
        data = read_regular(path, MAX_BYTES - self.bytes)
        self.bytes += len(data)
        return Doc(path.name, data.decode("utf-8", errors="replace"), relative or path.name)

    def folder(self, path: Path, *, depth: int = 0, relative: str = "") -> Folder:
        """The folder's markdown tree (hidden entries and links left out)."""
        if depth > MAX_DEPTH:
            raise FolderError(f"names folders nested more than {MAX_DEPTH} levels deep")
        node = Folder(path.name, path=relative)
        with os.scandir(path) as listing:
            entries = sorted(listing, key=lambda e: (e.name.lower() not in INDEXES, e.name))
        for entry in entries:
            if entry.is_symlink() or entry.name.startswith("."):
                continue
            inner = f"{relative}/{entry.name}" if relative else entry.name
            if entry.is_file(follow_symlinks=False):
                self.count()
                if entry.name.lower().endswith(".md"):
                    node.docs.append(self.doc(Path(entry.path), inner))
                else:
                    self.others.append(inner)
            elif entry.is_dir(follow_symlinks=False):
                node.folders.append(self.folder(Path(entry.path), depth=depth + 1, relative=inner))
        return node

    def assets(self, path: Path) -> list[Asset]:
        """The files of an assets folder (none when it is absent or a link)."""
        for part in (path.parent, path):
            if not part.is_dir() or part.is_symlink():
                return []
        found: list[Asset] = []
        with os.scandir(path) as listing:
            entries = sorted(listing, key=lambda e: e.name)
        for entry in entries:
            if entry.is_symlink() or not entry.is_file(follow_symlinks=False):
                continue
            self.count()
            size = _png_size(Path(entry.path))
            found.append(
                Asset(
                    name=entry.name,
                    size=entry.stat(follow_symlinks=False).st_size,
                    content_type=mimetypes.guess_type(entry.name)[0] or "application/octet-stream",
                    width=size[0] if size else None,
                    height=size[1] if size else None,
                )
            )
        return found


def _open_regular(path: Path) -> int:
    """A descriptor on a regular file, never through a link and never blocking on a FIFO."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        raise FolderError("cannot be read", unreadable=True) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise FolderError("is not a regular file", unreadable=True)
    return fd


def read_regular(path: Path, budget: int = MAX_BYTES) -> bytes:
    """A regular file's bytes (`FolderError` past ``budget``, through a link or not a file)."""
    fd = _open_regular(path)
    with os.fdopen(fd, "rb") as handle:
        # sized by the file: a read of ``budget + 1`` bytes allocates them all first (64 MiB
        # for each small page); a file that grew since is read on, to the budget
        expected = min(budget, os.fstat(fd).st_size) + 1
        data = handle.read(expected)
        if len(data) == expected <= budget:
            data += handle.read(budget + 1 - expected)
    if len(data) > budget:
        raise FolderError(f"names more than {MAX_BYTES // (1024 * 1024)} MiB of markdown")
    return data


def _png_size(path: Path) -> tuple[int, int] | None:
    fd = _open_regular(path)
    with os.fdopen(fd, "rb") as handle:
        head = handle.read(24)
    if len(head) == 24 and head[:8] == b"\x89PNG\r\n\x1a\n":
        width, height = struct.unpack(">II", head[16:24])
        return int(width), int(height)
    return None
