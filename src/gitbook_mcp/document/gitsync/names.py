"""Git Sync's file names as page path segments: the one rule an import and a link share.

A Git Sync page is a file (``install.md``) or a folder (``guides/``, its ``README.md``); the
segment of its page path is the name without ``.md``, kept as written when it is already a
usable path segment (``0.1.x``, ``v4.x-upgrade``, ``LICENSE``), else made one (lower-case ASCII
letters and digits joined by ``-``). The importer names pages with it and the link checker
resolves a relative href's segments with it, so ``0.1.x.md`` is found under the name it was
imported as.
"""

from __future__ import annotations

__all__ = ["SEGMENT_CHARACTERS", "file_segment"]

SEGMENT_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
"""Characters a file name keeps as its page path segment."""


def file_segment(name: str) -> str:
    """The page path segment of a Git Sync file or folder name (see the module's docstring)."""
    stem = name[: -len(".md")] if name.lower().endswith(".md") else name
    if stem and stem not in (".", "..") and set(stem) <= SEGMENT_CHARACTERS:
        return stem
    out: list[str] = []
    for char in stem.lower():
        if char.isascii() and char.isalnum():
            out.append(char)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-") or "section"
