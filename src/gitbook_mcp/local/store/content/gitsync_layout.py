"""What a Git Sync folder's `.gitbook.yaml` and `SUMMARY.md` say: where the content is and
which markdown files are pages.

GitBook reads `.gitbook.yaml` (``root``, ``structure.readme``, ``structure.summary``; other keys,
``redirects`` among them, concern the published site) and takes the summary as the table of
contents: a file it does not list is not a page, and without a summary every file is one
(GitBook's "Content configuration"). Only the keys above are read, from the plain
``key: value`` lines GitBook documents (no YAML library at run time).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from markdown_it import MarkdownIt

__all__ = ["GitSyncLayout", "read_layout"]

_CONFIG = ".gitbook.yaml"
_MAX_CONFIG = 256 * 1024


@dataclass(frozen=True)
class GitSyncLayout:
    """The content root (inside the imported folder), the first page's file and the summary's
    pages (None: no summary, every markdown file is a page), as paths relative to the root."""

    root: Path
    readme: str = "README.md"
    summary: str = "SUMMARY.md"
    pages: frozenset[str] | None = None

    def is_page(self, relative: str) -> bool:
        """Whether the markdown file at this path (relative to the root) is a page."""
        if relative == self.summary:
            return False
        return self.pages is None or relative in self.pages or relative == self.readme


def _config(text: str) -> dict[str, str]:
    """``root``, ``structure.readme`` and ``structure.summary`` from `.gitbook.yaml`'s lines."""
    found: dict[str, str] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.strip().partition(":")
        if not sep:
            continue
        value = value.strip().strip("'\"")
        if not raw[:1].isspace():
            section = key
            if value:
                found[key] = value
        elif section == "structure" and value:
            found[f"structure.{key}"] = value
    return found


def _clean(path: str) -> str:
    return posixpath.normpath(path.strip()).removeprefix("./") if path.strip() else ""


def _summary_pages(text: str, summary: str) -> frozenset[str]:
    """The page files a summary lists, relative to the root."""
    base = posixpath.dirname(summary)
    pages: set[str] = set()
    for token in MarkdownIt("commonmark").parse(text):
        for child in token.children or ():
            href = str(child.attrs.get("href", "")) if child.type == "link_open" else ""
            path = unquote(href.split("#", 1)[0])
            if path.lower().endswith(".md") and ":" not in path:
                pages.add(posixpath.normpath(posixpath.join(base, path)))
    return frozenset(pages)


def read_layout(folder: Path) -> GitSyncLayout:
    """The layout of a folder being imported (its own root when it says nothing)."""
    config_file = folder / _CONFIG
    config: dict[str, str] = {}
    if config_file.is_file() and not config_file.is_symlink():
        config = _config(config_file.read_bytes()[:_MAX_CONFIG].decode("utf-8", errors="replace"))
    root = folder
    base = folder.resolve()
    written = Path(posixpath.normpath(base / _clean(config.get("root", ""))))
    # inside the folder, and reached through no symbolic link (resolving changes nothing)
    if written.is_relative_to(base) and written.is_dir() and written.resolve() == written:
        root = written
    readme = _clean(config.get("structure.readme", "")) or "README.md"
    summary = _clean(config.get("structure.summary", "")) or "SUMMARY.md"
    summary_file = root / summary
    pages = None
    if summary_file.is_file() and not summary_file.is_symlink():
        text = summary_file.read_bytes()[:_MAX_CONFIG].decode("utf-8", errors="replace")
        pages = _summary_pages(text, summary)
    return GitSyncLayout(root, readme, summary, pages)
