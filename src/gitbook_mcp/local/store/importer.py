"""Markdown import from the local file system into a revision (the local workspace has no network).

A ``file://`` URL names one ``.md`` file or a folder. In a folder, each ``.md`` file becomes a
page and each sub-folder a page holding its files' pages (its ``README.md`` or ``index.md`` gives
the folder page's title and text); files in ``.gitbook/assets/`` become the revision's files. A
file's first ``# Heading`` is its page title. A page already at the same path is updated.
"""

from __future__ import annotations

import mimetypes
import os
import re
import struct
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.documents import slugify

if TYPE_CHECKING:
    from gitbook_mcp.local.store.revisions import RevisionStore

__all__ = ["MAX_FILES", "MarkdownImport", "locate"]

MAX_FILES = 5000
_INDEXES = ("readme.md", "index.md")
_TITLE = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)
_ASSETS = Path(".gitbook") / "assets"


def locate(url: str) -> Path:
    """The file or folder a ``file://`` URL names; ``Invalid("url")`` for anything else."""
    parsed = urlparse(url)
    if parsed.scheme != "file":
        raise Invalid(
            "url", "only file:// URLs can be imported by the local workspace: it has no network"
        )
    root = Path(unquote(parsed.path))
    if not root.exists():
        raise Invalid("url", f"nothing to import at {root}")
    if root.is_file() and root.suffix.lower() != ".md":
        raise Invalid("url", "must name a markdown (.md) file or a folder")
    return root


def _title_and_body(text: str, fallback: str) -> tuple[str, str]:
    """The first level-1 heading as the title, and the text without that heading."""
    match = _TITLE.search(text)
    if match is None:
        return fallback, text
    return match.group(1).strip(), (text[: match.start()] + text[match.end() :].lstrip("\n"))


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _png_size(path: Path) -> tuple[int, int] | None:
    with path.open("rb") as handle:
        head = handle.read(24)
    if len(head) == 24 and head[:8] == b"\x89PNG\r\n\x1a\n":
        width, height = struct.unpack(">II", head[16:24])
        return int(width), int(height)
    return None


class MarkdownImport:
    """One import into one revision: ``run(root)`` returns (imported, total files seen)."""

    def __init__(self, revisions: RevisionStore, revision_id: str) -> None:
        self._revisions = revisions
        self._revision = revision_id
        self.imported = 0
        self.total = 0

    def run(self, root: Path) -> tuple[int, int]:
        if root.is_file():
            self.total = 1
            self._page(None, "", root, slug=slugify(root.stem))
            return self.imported, self.total
        self.total = self._count(root)
        if self.total > MAX_FILES:
            raise Invalid("url", f"names a folder of more than {MAX_FILES} files")
        self._folder(root, None, "", top=True)
        self._assets(root / _ASSETS)
        return self.imported, self.total

    @staticmethod
    def _count(root: Path) -> int:
        """Files seen: all but those in hidden folders, except the assets folder."""
        total = 0
        for folder, folders, files in os.walk(root):
            relative = Path(folder).relative_to(root)
            if relative == Path(".gitbook"):
                folders[:] = [f for f in folders if f == "assets"]
                continue
            top = relative == Path(".")
            folders[:] = [f for f in folders if not f.startswith(".") or (top and f == ".gitbook")]
            total += len(files)
        return total

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

    def _page(self, parent_id: str | None, parent_path: str, file: Path, *, slug: str) -> str:
        fallback = file.stem.replace("-", " ").replace("_", " ").strip().title() or "Untitled"
        title, body = _title_and_body(_read(file), fallback)
        self.imported += 1
        return self._upsert(parent_id, parent_path, slug, title, body)

    def _folder(self, folder: Path, parent_id: str | None, parent_path: str, *, top: bool) -> None:
        entries = sorted(folder.iterdir(), key=lambda p: (p.name.lower() not in _INDEXES, p.name))
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_file():
                continue
            if entry.suffix.lower() != ".md":
                continue
            if entry.name.lower() in _INDEXES and not top:
                continue
            slug = slugify(entry.stem)
            if top and entry.name.lower() in _INDEXES:
                title, _ = _title_and_body(_read(entry), "Introduction")
                slug = slugify(title)
            self._page(parent_id, parent_path, entry, slug=slug)
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_dir() or not self._has_markdown(entry):
                continue
            slug = slugify(entry.name)
            index = next((e for e in entry.iterdir() if e.name.lower() in _INDEXES), None)
            if index is not None:
                page_id = self._page(parent_id, parent_path, index, slug=slug)
            else:
                title = entry.name.replace("-", " ").replace("_", " ").strip().title()
                page_id = self._upsert(parent_id, parent_path, slug, title, None)
            path = f"{parent_path}/{slug}" if parent_path else slug
            self._folder(entry, page_id, path, top=False)

    @staticmethod
    def _has_markdown(folder: Path) -> bool:
        return any(
            name.lower().endswith(".md")
            for current, _, files in os.walk(folder)
            if not any(p.startswith(".") for p in Path(current).relative_to(folder).parts)
            for name in files
        )

    def _assets(self, assets: Path) -> None:
        if not assets.is_dir():
            return
        known = {row["name"] for row in self._revisions.files(self._revision)}
        for file in sorted(p for p in assets.iterdir() if p.is_file()):
            if file.name in known:
                continue
            size = _png_size(file)
            self._revisions.add_file(
                self._revision,
                name=file.name,
                content_type=mimetypes.guess_type(file.name)[0] or "application/octet-stream",
                size=file.stat().st_size,
                width=size[0] if size else None,
                height=size[1] if size else None,
            )
            self.imported += 1
