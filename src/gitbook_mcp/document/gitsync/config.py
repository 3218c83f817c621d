"""``.gitbook.yaml``: where a Git Sync repository's content is and its redirects.

GitBook reads four keys (``root``, ``structure.readme``, ``structure.summary`` and the
``redirects`` map); this reads the YAML subset those keys are written in (nested mappings of
plain or quoted scalars, comments) line by line, without a YAML library, and keeps each
redirect's line so that a report can point at it. Anything else in the file is ignored.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

__all__ = ["CONFIG_FILE", "GitSyncConfig", "Redirect", "parse_config"]

CONFIG_FILE = ".gitbook.yaml"


@dataclass(frozen=True)
class Redirect:
    """A redirect of ``.gitbook.yaml``: the old path, the file it leads to, and its line."""

    source: str
    destination: str
    line: int

    @property
    def target(self) -> str:
        """The file it leads to, from the content's root (its anchor and ``./`` dropped)."""
        return posixpath.normpath(self.destination.split("#", 1)[0] or ".").lstrip("/")


@dataclass(frozen=True)
class GitSyncConfig:
    """The content's folder (``""``: the repository root), its first page's file and its table
    of contents' file (both relative to that folder), and the redirects."""

    root: str = ""
    readme: str = "README.md"
    summary: str = "SUMMARY.md"
    redirects: list[Redirect] = field(default_factory=list)


def _scalar(text: str) -> str:
    """A plain or quoted scalar, its comment dropped."""
    text = text.strip()
    if text[:1] in ("'", '"'):
        quote = text[0]
        end = text.find(quote, 1)
        if end > 0:
            inner = text[1:end]
            return inner.replace("''", "'") if quote == "'" else inner
    comment = text.find(" #")
    return (text[:comment] if comment >= 0 else text).strip()


def _key_value(line: str) -> tuple[str, str] | None:
    """``key: value`` (value ``""`` for ``key:``), the key possibly quoted; None otherwise."""
    if line[:1] in ("'", '"'):
        end = line.find(line[0], 1)
        if end < 0 or not line[end + 1 :].lstrip().startswith(":"):
            return None
        rest = line[end + 1 :].lstrip()[1:]
        return line[1:end], _scalar(rest)
    key, colon, rest = line.partition(": ")
    if not colon:
        if not line.endswith(":"):
            return None
        key, rest = line[:-1], ""
    return key.strip(), _scalar(rest)


def _folder(path: str) -> str:
    """A path as ``a/b`` (``""`` for the repository root), ``./`` and slashes at the ends
    dropped."""
    normal = posixpath.normpath(path.strip() or ".").strip("/")
    return "" if normal in (".", "") else normal


def parse_config(text: str) -> GitSyncConfig:
    """The settings ``.gitbook.yaml`` holds (defaults where it says nothing)."""
    values: dict[str, str] = {}
    redirects: list[Redirect] = []
    parents: list[tuple[int, str]] = []  # (indent, key) of the mappings open above
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#") or stripped in ("---", "..."):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        pair = _key_value(stripped)
        if pair is None:
            continue
        while parents and parents[-1][0] >= indent:
            parents.pop()
        key, value = pair
        if not value:
            parents.append((indent, key))
            continue
        path = [p for _, p in parents]
        if path == ["redirects"]:
            redirects.append(Redirect(key.strip("/"), value, number))
        elif len(path) <= 1:
            values[".".join([*path, key])] = value
    return GitSyncConfig(
        root=_folder(values.get("root", "")),
        readme=_folder(values.get("structure.readme", "")) or "README.md",
        summary=_folder(values.get("structure.summary", "")) or "SUMMARY.md",
        redirects=redirects,
    )
