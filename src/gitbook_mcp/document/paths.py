"""The path rules of GitBook's relative hrefs: a relative href resolves against the linking
page's path like a file in a folder (a page with children is a folder: its README), and the
inverse, the relative ``.md`` href from one page to another. Part of the dialect: the link
checker, the tools and the local workspace all read pages' hrefs by them."""

from __future__ import annotations

import posixpath
from urllib.parse import unquote

from gitbook_mcp.document.gitsync.names import file_segment

__all__ = ["relative_href", "resolve_path"]


def resolve_path(href_path: str, from_path: str, *, folder: bool, dot: str = "") -> str:
    """The page path an href points to from ``from_path``; a relative ``.`` gives ``dot``.

    Each segment is a Git Sync file or folder name, named as the import names it
    (`gitbook_mcp.document.gitsync.file_segment`)."""
    target = unquote(href_path)
    if target.startswith("/"):
        resolved = target.strip("/")
    else:
        base = from_path if folder else posixpath.dirname(from_path)
        resolved = posixpath.normpath(posixpath.join(base, target)) if target else from_path
        while resolved.startswith("../"):
            resolved = resolved[3:]
        # above the root is the root; the root itself is ``dot`` (the local workspace passes ".")
        resolved = {"..": "", ".": dot}.get(resolved, resolved)
    named_file = resolved.lower().endswith(".md")
    segments = resolved[: -len(".md")].split("/") if named_file else resolved.split("/")
    # a folder's README is the folder's page; a folder named ``readme`` is not a README file
    if segments[-1] == "README" or (named_file and segments[-1].lower() == "readme"):
        segments.pop()
    # each segment named as the import names a file or folder (``0.1.x.md`` is ``0.1.x``)
    named = (s if s in ("", ".") else file_segment(s) for s in segments)
    return "/".join(named).strip("/")


def relative_href(to_path: str, from_path: str, *, folder: bool, anchor: str | None) -> str:
    """The relative ``.md`` href from one page to another (the inverse of `resolve_path`)."""
    base = from_path if folder else posixpath.dirname(from_path)
    href = posixpath.relpath((to_path or "README") + ".md", base or ".")
    return f"{href}#{anchor}" if anchor else href
