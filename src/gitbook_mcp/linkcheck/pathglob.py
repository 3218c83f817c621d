"""``--exclude-path``: globs of the files (a folder checked on disk) or page paths (a space) whose
links are not checked, matched segment by segment without a regular expression.

``*`` and ``?`` and ``[...]`` stay within one path segment (`fnmatch` rules, case-sensitive),
``**`` spans any number of segments, a glob that names a folder excludes everything under it
(``archive`` excludes ``archive/old.md``), and one of a single segment matches at any depth
unless it starts with ``/`` (``.gitignore``'s rules). Matching
is a table over (glob segment, path segment): linear in their product, whatever the glob.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache

__all__ = ["MAX_GLOBS", "MAX_GLOB_CHARS", "PathFilter", "PathGlobError", "compile_glob"]

MAX_GLOB_CHARS = 256
"""Characters in one glob."""
MAX_GLOBS = 200
"""Globs of one run (flags and configuration together)."""


class PathGlobError(ValueError):
    """A glob that cannot be used; the message says why, never quoting it."""


def compile_glob(glob: str) -> tuple[str, ...]:
    """The glob's segments (``**`` first for a single segment not anchored by a leading
    ``/``; ``.`` and empty segments dropped); `PathGlobError`."""
    if len(glob) > MAX_GLOB_CHARS:
        raise PathGlobError(f"a glob over {MAX_GLOB_CHARS} characters")
    if any(not ch.isprintable() for ch in glob):
        raise PathGlobError("a glob with a control character")
    segments = tuple(s for s in glob.strip("/").split("/") if s not in ("", "."))
    if not segments:
        raise PathGlobError("an empty glob (it would exclude everything)")
    if ".." in segments:
        raise PathGlobError("a glob climbing out of the folder ('..')")
    if len(segments) == 1 and not glob.startswith("/"):
        return ("**", *segments)
    return segments


def _matches(glob: tuple[str, ...], path: tuple[str, ...]) -> bool:
    """Whether ``glob`` matches ``path`` or one of its folders."""

    @cache
    def match(g: int, p: int) -> bool:
        if g == len(glob):
            return True  # the glob matched this path or a folder above the rest of it
        if glob[g] == "**":
            return any(match(g + 1, q) for q in range(p, len(path) + 1))
        return p < len(path) and fnmatchcase(path[p], glob[g]) and match(g + 1, p + 1)

    found = match(0, 0)
    match.cache_clear()
    return found


@dataclass(frozen=True)
class PathFilter:
    """The ``--exclude-path`` globs of one run."""

    globs: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def of(cls, globs: Iterable[str]) -> PathFilter:
        """Compiled from glob texts; `PathGlobError` for a refused one (named by its number)."""
        texts = list(globs)
        if len(texts) > MAX_GLOBS:
            raise PathGlobError(f"more than {MAX_GLOBS} --exclude-path globs")
        compiled = []
        for number, text in enumerate(texts, 1):
            try:
                compiled.append(compile_glob(text))
            except PathGlobError as exc:
                raise PathGlobError(f"--exclude-path {number}: {exc}") from None
        return cls(tuple(compiled))

    def excludes(self, path: str) -> bool:
        """Whether a file or page path (``/``-separated, from the folder's or space's top) is
        excluded."""
        if not self.globs:
            return False
        segments = tuple(s for s in path.strip("/").split("/") if s)
        return any(_matches(glob, segments) for glob in self.globs)
