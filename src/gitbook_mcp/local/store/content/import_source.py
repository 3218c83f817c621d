"""Reading a markdown import off the host's file system, safely and before any transaction.

A ``file://`` URL is accepted only when the workspace has an import root, and only for a path
inside it. Nothing is ever read through a symbolic link (neither the named path, nor any folder
on the way to it, nor an entry met while walking), only regular files are opened, and the walk
stops as soon as it has seen more than `MAX_FILES` files. A path that does not exist and a path
outside the root are refused with the same words, so that errors do not reveal the host's files.
The result is plain data in memory (`Source`), applied later inside a short transaction.
"""

from __future__ import annotations

import mimetypes
import os
import stat
import struct
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.content.gitsync_layout import GitSyncLayout, read_layout

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_FILES",
    "Asset",
    "Doc",
    "Folder",
    "Source",
    "read_source",
    "resolve_inside",
]

MAX_FILES = 5000
MAX_BYTES = 64 * 1024 * 1024
"""Markdown read in one import, in total: the text is held in memory until it is written."""
MAX_DEPTH = 64
INDEXES = ("readme.md", "index.md")
_NOT_HERE = "nothing importable at this URL inside the import root"
_ASSETS = (".gitbook", "assets")


@dataclass(frozen=True)
class Doc:
    """One markdown file: its name and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class Asset:
    """One file of ``.gitbook/assets``: what the revision records of it."""

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

    def index(self) -> Doc | None:
        return next((d for d in self.docs if d.name.lower() in INDEXES), None)

    def has_markdown(self) -> bool:
        return bool(self.docs) or any(f.has_markdown() for f in self.folders)


@dataclass
class Source:
    """What one import read: a single file, or a folder tree and its assets."""

    single: Doc | None = None
    folder: Folder | None = None
    assets: list[Asset] = field(default_factory=list)
    total: int = 0


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
    """Everything an import of ``path`` (from `resolve_inside`) needs, read into memory."""
    reader = _Reader()
    if not path.is_dir() or path.is_symlink():
        reader.count()
        return Source(single=reader.doc(path), total=reader.total)
    layout = read_layout(path)  # `.gitbook.yaml`'s root and SUMMARY.md's pages
    reader.layout = layout
    folder = reader.folder(layout.root, depth=0, top=True)
    assets = reader.assets(layout.root.joinpath(*_ASSETS))
    return Source(folder=folder, assets=assets, total=reader.total)


class _Reader:
    """Walks without following links, counting files and bytes as it goes."""

    def __init__(self) -> None:
        self.total = 0
        self.bytes = 0
        self.layout: GitSyncLayout | None = None

    def _is_page(self, path: Path) -> bool:
        layout = self.layout
        return layout is None or layout.is_page(path.relative_to(layout.root).as_posix())

    def count(self) -> None:
        self.total += 1
        if self.total > MAX_FILES:
            raise Invalid("url", f"names a folder of more than {MAX_FILES} files")

    def doc(self, path: Path) -> Doc:
        data = _read_regular(path, MAX_BYTES - self.bytes)
        self.bytes += len(data)
        return Doc(path.name, data.decode("utf-8", errors="replace"))

    def folder(self, path: Path, *, depth: int, top: bool) -> Folder:
        if depth > MAX_DEPTH:
            raise Invalid("url", f"names folders nested more than {MAX_DEPTH} levels deep")
        node = Folder(path.name)
        with os.scandir(path) as listing:
            entries = sorted(listing, key=lambda e: (e.name.lower() not in INDEXES, e.name))
        for entry in entries:
            if entry.is_symlink() or entry.name.startswith("."):
                continue
            if entry.is_file(follow_symlinks=False):
                self.count()
                if entry.name.lower().endswith(".md") and self._is_page(Path(entry.path)):
                    node.docs.append(self.doc(Path(entry.path)))
            elif entry.is_dir(follow_symlinks=False):
                node.folders.append(self.folder(Path(entry.path), depth=depth + 1, top=False))
        return node

    def assets(self, path: Path) -> list[Asset]:
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
        raise Invalid("url", _NOT_HERE) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise Invalid("url", _NOT_HERE)
    return fd


def _read_regular(path: Path, budget: int) -> bytes:
    fd = _open_regular(path)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(budget + 1)
    if len(data) > budget:
        raise Invalid("url", f"names more than {MAX_BYTES // (1024 * 1024)} MiB of markdown")
    return data


def _png_size(path: Path) -> tuple[int, int] | None:
    fd = _open_regular(path)
    with os.fdopen(fd, "rb") as handle:
        head = handle.read(24)
    if len(head) == 24 and head[:8] == b"\x89PNG\r\n\x1a\n":
        width, height = struct.unpack(">II", head[16:24])
        return int(width), int(height)
    return None
