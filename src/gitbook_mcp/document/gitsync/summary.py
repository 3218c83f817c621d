"""``SUMMARY.md``: a Git Sync repository's table of contents, as GitBook writes it.

Each list item ``* [Title](path/to/page.md)`` is a page, nested by indentation; a ``## Group``
heading starts a group of pages; the ``# Table of contents`` title is not an entry. Read line by
line with string operations (no regular expression on someone else's text); a line that is not
an entry is ignored.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from urllib.parse import unquote

__all__ = ["SummaryEntry", "parse_summary"]

_BULLETS = ("* ", "- ", "+ ")


@dataclass(frozen=True)
class SummaryEntry:
    """One page of the table of contents: its title, its file (from the summary's folder, as
    ``a/b.md``), its line, its depth of nesting and its place among all entries."""

    title: str
    file: str
    line: int
    depth: int
    order: int
    group: str | None = None


def _link(item: str) -> tuple[str, str] | None:
    """(title, href) of ``[title](href)`` filling the item, or None."""
    if not item.startswith("[") or not item.endswith(")"):
        return None
    middle = item.rfind("](")
    if middle < 0:
        return None
    title, href = item[1:middle], item[middle + 2 : -1].strip()
    # ``<path with spaces>``; else a title after the destination is not part of it
    href = href[1:-1] if href.startswith("<") and href.endswith(">") else href.split(" ", 1)[0]
    return title.replace("\\", "").strip(), href


def _file(href: str, base: str) -> str | None:
    """The file an entry names, from the repository content's root (None: not a local file)."""
    path = unquote(href.split("#", 1)[0].split("?", 1)[0])
    if not path or "://" in path or path.startswith(("mailto:", "/")):
        return None
    joined = posixpath.normpath(posixpath.join(base, path))
    return None if joined.startswith("..") else joined


def parse_summary(text: str, folder: str = "") -> list[SummaryEntry]:
    """The entries of ``SUMMARY.md`` in order; ``folder``: where the summary lies (its links
    are relative to it)."""
    entries: list[SummaryEntry] = []
    indents: list[int] = []
    group: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("## "):
            group = stripped[3:].strip()
            indents = []
            continue
        if not stripped.startswith(_BULLETS):
            continue
        found = _link(stripped[2:].strip())
        if found is None:
            continue
        file = _file(found[1], folder)
        if file is None:
            continue
        indent = len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip())
        while indents and indents[-1] >= indent:
            indents.pop()
        indents.append(indent)
        entries.append(SummaryEntry(found[0], file, number, len(indents) - 1, len(entries), group))
    return entries
