"""Markdown an edit writes, read as the page's own markdown is: links resolved against the change
request's tree (relative pages and anchors, ``/pages/<path>``, files under ``.gitbook/assets/`` and
``/files/<id>``, other spaces by their stable forms), and what to tell an agent of a link that
resolves to nothing (the page path it reached, and the nearest page that exists).

The forms are those `RevisionTree.href` writes, so the markdown `get_page` shows reads back as the
same document.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from gitbook_mcp.document import RefResolver, parse_markdown
from gitbook_mcp.document.nodes import Node, block, text
from gitbook_mcp.document.paths import relative_href, resolve_path
from gitbook_mcp.server.tools._pages import ASSETS, RevisionTree

__all__ = ["PageMarkdown", "link_problem", "page_resolver", "read_page_markdown"]

SUGGEST_CUTOFF = 0.6
"""How alike (difflib's ratio) a page path must be to an unresolved one to be suggested."""


def page_resolver(tree: RevisionTree, page_id: str, *, kept: Collection[str] = ()) -> RefResolver:
    """The ref of each link target of the page ``page_id`` that the stable forms do not cover;
    None where nothing matches, except for the hrefs in ``kept`` (links the page already had
    unresolved), which stay ``url`` refs as written."""
    by_path = {path: pid for pid, path in tree.paths.items()}
    by_name: dict[str, str] = {}
    for fid, name in tree.names.items():
        by_name.setdefault(name, fid)
    here, folder = tree.paths.get(page_id, ""), page_id in tree.folders

    def resolve(href: str) -> dict[str, Any] | None:
        found = _resolve(href)
        if found is None and href in kept:
            return {"kind": "url", "url": href}
        return found

    def _resolve(href: str) -> dict[str, Any] | None:
        path, _, anchor = href.partition("#")
        path = path.split("?", 1)[0]
        if ASSETS in path:
            fid = by_name.get(unquote(path.rsplit("/", 1)[-1]))
            return {"kind": "file", "file": fid} if fid is not None else None
        if not path or path.startswith("//"):
            return None
        if path.startswith("/pages/"):
            rest = path.removeprefix("/pages/")
            target = (
                rest
                if rest in tree.paths
                else by_path.get(resolve_path("/" + rest, "", folder=False))
            )
        else:
            target = by_path.get(resolve_path(path, here, folder=folder))
        if target is None:
            return None
        if anchor:
            return {"kind": "anchor", "anchor": anchor, "page": target}
        return {"kind": "page", "page": target}

    return resolve


@dataclass(frozen=True)
class PageMarkdown:
    """Markdown read as a page's body: its document (a leading ``# title`` kept as the first
    block, as ``update_page`` keeps it) and the link targets nothing resolved."""

    document: Node
    unresolved: list[str] = field(default_factory=list)


def read_page_markdown(
    markdown: str,
    tree: RevisionTree,
    page_id: str,
    *,
    kept: Collection[str] = (),
    cpu_seconds: float | None = None,
) -> PageMarkdown:
    """``markdown`` read as the body of the page ``page_id`` (CPU-bound: off the event loop;
    ``cpu_seconds``: `ParseTooSlow` past that much of the thread's CPU)."""
    resolver = page_resolver(tree, page_id, kept=kept)
    parsed = parse_markdown(markdown, resolver, cpu_seconds=cpu_seconds)
    doc = parsed.document
    if parsed.title is not None:
        doc["nodes"].insert(0, block("heading-1", [text(parsed.title)]))
    return PageMarkdown(doc, list(parsed.unresolved))


def _nearest(path: str, paths: list[str]) -> list[str]:
    """The page path most like ``path``: by the whole path, else by its last segment (a link
    that lost a folder on the way)."""
    near = difflib.get_close_matches(path, paths, 1, SUGGEST_CUTOFF)
    if near:
        return near
    ends: dict[str, str] = {}
    for known in paths:
        ends.setdefault(known.rpartition("/")[2], known)
    end = difflib.get_close_matches(path.rpartition("/")[2], list(ends), 1, SUGGEST_CUTOFF)
    return [ends[end[0]]] if end else []


def link_problem(href: str, tree: RevisionTree, page_id: str) -> str:
    """Why ``href`` resolves to nothing from the page ``page_id``, and the nearest fix:
    ``configure.md: no page at getting-started/configure.md; did you mean ../configure.md?``."""
    path = href.partition("#")[0].split("?", 1)[0]
    if ASSETS in path:
        name = unquote(path.rsplit("/", 1)[-1])
        near = difflib.get_close_matches(name, list(tree.names.values()), 1, SUGGEST_CUTOFF)
        hint = f"; did you mean {ASSETS}{near[0]}?" if near else " (list_files)"
        return f"{href}: no file named {name!r} in the change request{hint}"
    here, folder = tree.paths.get(page_id, ""), page_id in tree.folders
    reached = resolve_path(path.removeprefix("/pages"), here, folder=folder)
    near = _nearest(reached, list(tree.paths.values()))
    if not near:
        return f"{href}: no page at {reached or 'the root'}.md (get_page_tree lists the pages)"
    target = near[0]
    is_folder = any(tree.paths[p] == target and p in tree.folders for p in tree.paths)
    anchor = href.partition("#")[2] or None
    fix = relative_href(
        f"{target}/README" if is_folder and target else target, here, folder=folder, anchor=anchor
    )
    return f"{href}: no page at {reached or 'the root'}.md; did you mean {fix}?"
