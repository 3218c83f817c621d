"""Links between markdown and documents against one revision's page tree (pure functions).

`Tree` indexes a revision's pages and files. `Tree.resolver` resolves the link forms an author
may send (reference section 8.3: ``/pages/<slug path>``, ``.md`` and relative paths, batch
``./<ref>.md`` and ``./<ref>`` refs, ``.gitbook/assets/<name>``) to refs by id, so a link keeps
its target when pages move. `Tree.writer` writes a ref as a relative ``.md`` href from a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from gitbook_mcp.document import HrefWriter, RefResolver, document_links, walk
from gitbook_mcp.document.paths import relative_href
from gitbook_mcp.local.store.content.links import resolve_page_path

if TYPE_CHECKING:
    import sqlite3

__all__ = ["Tree"]

_ASSETS = ".gitbook/assets/"


@dataclass
class Tree:
    """A revision's pages by id and by path, its files by id and by name, and batch refs."""

    paths: dict[str, str] = field(default_factory=dict)
    ids_by_path: dict[str, str] = field(default_factory=dict)
    folders: set[str] = field(default_factory=set)
    files: dict[str, str] = field(default_factory=dict)
    page_refs: dict[str, str] = field(default_factory=dict)
    file_refs: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, pages: list[sqlite3.Row], files: list[sqlite3.Row]) -> Tree:
        tree = cls()
        for row in pages:
            tree.paths[row["id"]] = row["path"]
            tree.ids_by_path[row["path"]] = row["id"]
            if row["parent_id"]:
                tree.folders.add(row["parent_id"])
        tree.files = {row["id"]: row["name"] for row in files}
        return tree

    def _file_named(self, name: str) -> str | None:
        return next((fid for fid, known in self.files.items() if known == name), None)

    def _page(self, href: str, page_id: str) -> dict[str, Any] | None:
        """A page (or anchor) ref for a path href seen from ``page_id``, or None."""
        target, _, anchor = href.partition("#")
        if target.startswith("/pages/"):
            rest = target.removeprefix("/pages/")
            found = rest if rest in self.paths else None
            found = found or self.ids_by_path.get(resolve_page_path("/" + rest, "", folder=False))
        elif target.startswith("./") and target[2:].removesuffix(".md") in self.page_refs:
            found = self.page_refs[target[2:].removesuffix(".md")]
        elif not target:
            return None
        else:
            path = self.paths.get(page_id, "")
            folder = page_id in self.folders
            found = self.ids_by_path.get(resolve_page_path(target, path, folder=folder))
        if found is None:
            return None
        if anchor:
            return {"kind": "anchor", "anchor": anchor, "page": found}
        return {"kind": "page", "page": found}

    def resolver(self, page_id: str, *, keep: bool = False) -> RefResolver:
        """The ref of each link target of one page that the stable forms do not cover. A target
        matching nothing is None (the link becomes text), or with ``keep`` a ``url`` ref holding
        it as written (the demo's broken relative links)."""

        def resolve(href: str) -> dict[str, Any] | None:
            if href.startswith("./") and href[2:] in self.file_refs:
                return {"kind": "file", "file": self.file_refs[href[2:]]}
            if _ASSETS in href:
                name = unquote(href.split("#", 1)[0].rsplit("/", 1)[-1])
                file_id = self._file_named(name)
                if file_id is not None:
                    return {"kind": "file", "file": file_id}
                return {"kind": "url", "url": href} if keep else None
            ref = self._page(href, page_id)
            if ref is None and keep:
                return {"kind": "url", "url": href}
            return ref

        return resolve

    def settle(self, doc: dict[str, Any], *, unlink: bool = False) -> list[str]:
        """Point the page refs a stable parse took for ids (``/pages/<slug>``) at the page with
        that path, in place; returns the hrefs of page refs still matching no page. With
        ``unlink``, such a link becomes its text (as the service leaves it)."""
        missing = self._retarget(doc)
        if unlink and missing:
            for node, _ in walk(doc):
                children = node.get("nodes")
                if isinstance(children, list) and any(self._dangling(c) for c in children):
                    node["nodes"] = [
                        part
                        for child in children
                        for part in (child["nodes"] if self._dangling(child) else [child])
                    ]
        return missing

    def _dangling(self, node: Any) -> bool:
        """Whether ``node`` is an inline link to a page of this space that is not in the tree."""
        if not isinstance(node, dict) or node.get("type") != "link":
            return False
        ref = node.get("data", {}).get("ref", {})
        return (
            ref.get("kind") in ("page", "anchor")
            and "space" not in ref
            and isinstance(ref.get("page"), str)
            and ref["page"] not in self.paths
            and isinstance(node.get("nodes"), list)
        )

    def _retarget(self, doc: Mapping[str, Any]) -> list[str]:
        missing: list[str] = []
        for link in document_links(doc):
            ref = link.ref
            page = ref.get("page")
            if ref.get("kind") not in ("page", "anchor") or not isinstance(page, str):
                continue
            if "space" in ref or page in self.paths:
                continue
            found = self.ids_by_path.get(resolve_page_path("/" + page, "", folder=False))
            if found is not None and isinstance(ref, dict):
                ref["page"] = found
            else:
                missing.append(f"/pages/{page}")
        return missing

    def writer(self, page_id: str) -> HrefWriter:
        """Refs as relative hrefs from one page (pages and anchors of the tree as ``.md`` paths,
        files as ``.gitbook/assets/<name>``); other refs get their stable form."""
        path = self.paths.get(page_id, "")
        folder = page_id in self.folders

        def write(ref: Mapping[str, Any]) -> str | None:
            if "space" in ref:
                return None
            kind, page = ref.get("kind"), ref.get("page")
            if kind in ("page", "anchor") and isinstance(page, str) and page in self.paths:
                anchor = ref.get("anchor") if kind == "anchor" else None
                return relative_href(
                    self._file_path(page),
                    path,
                    folder=folder,
                    anchor=anchor if isinstance(anchor, str) else None,
                )
            file_id = ref.get("file")
            if kind == "file" and isinstance(file_id, str) and file_id in self.files:
                depth = path.count("/") + (1 if folder else 0)
                return "../" * depth + _ASSETS + self.files[file_id]
            return None

        return write

    def _file_path(self, page_id: str) -> str:
        """The Git path of a page without ``.md`` (a page with children is its README)."""
        path = self.paths[page_id]
        return f"{path}/README" if page_id in self.folders else path
