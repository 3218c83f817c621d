"""Links between markdown and documents against one revision's page tree (pure functions).

`Tree` indexes a revision's pages and files. `Tree.resolver` gives the ``ref`` of each link
target for a document read (page, anchor, file, space or url). `Tree.normalize` rewrites the
link forms an author may send (``/pages/<id>``, ``/pages/<slug path>``, ``/files/<id>``, and the
``ref`` of a page or file inserted in the same batch) to the stored form the link checker
reads (``/<path>.md`` and ``/.gitbook/assets/<name>``); a ``/pages/`` link that matches no page
is left as plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.store.content.links import resolve_page_path
from gitbook_mcp.local.store.documents import LinkResolver

if TYPE_CHECKING:
    import sqlite3

__all__ = ["Tree"]

_LINK = re.compile(r"(!?)\[([^\[\]]*+)\]\(\s*+<?([^)\[\s>]++)>?\s*+\)")
"""A link or image (linear: its text stops at a bracket, its target at a bracket)."""
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_APP_SPACE = re.compile(r"^https?://app\.gitbook\.com/s/([\w-]+)/?$")


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

    def _page_href(self, page_id: str, anchor: str) -> str:
        return f"/{self.paths[page_id]}.md" + (f"#{anchor}" if anchor else "")

    def _target(self, href: str, page_id: str) -> tuple[str, str | None, str]:
        """What a link points at: (kind, id, anchor), kind ``page``, ``file`` or ``other``."""
        target, _, anchor = href.partition("#")
        if target.startswith("/pages/"):
            rest = target.removeprefix("/pages/")
            if rest in self.paths:
                return "page", rest, anchor
            path = resolve_page_path("/" + rest, "", folder=False)
            found = self.ids_by_path.get(path)
            return ("page", found, anchor) if found else ("missing", None, anchor)
        if target.startswith("/files/"):
            file_id = target.removeprefix("/files/")
            return ("file", file_id, "") if file_id in self.files else ("missing", None, "")
        bare = target.removeprefix("./").removesuffix(".md")
        if target.startswith("./") and bare in self.page_refs:
            return "page", self.page_refs[bare], anchor
        if target.startswith("./") and target[2:] in self.file_refs:
            return "file", self.file_refs[target[2:]], ""
        return "other", None, anchor

    def normalize(self, markdown: str, page_id: str) -> str:
        """The markdown with author link forms rewritten to stored ones (see the module)."""

        def rewrite(match: re.Match[str]) -> str:
            bang, text, href = match.groups()
            kind, target, anchor = self._target(href, page_id)
            if kind == "page" and target in self.paths:
                return f"{bang}[{text}]({self._page_href(target, anchor)})"
            if kind == "file" and target:
                return f"{bang}[{text}](/.gitbook/assets/{self.files[target]})"
            if kind == "missing":
                return text
            return match.group(0)

        return _LINK.sub(rewrite, markdown)

    def resolver(self, page_id: str) -> LinkResolver:
        """The ``ref`` of each link target of one page, for a document read."""
        path = self.paths.get(page_id, "")
        folder = page_id in self.folders
        names = {name: file_id for file_id, name in self.files.items()}

        def resolve(href: str) -> dict[str, Any]:
            space = _APP_SPACE.match(href)
            if space:
                return {"kind": "space", "space": space.group(1)}
            if href.startswith("#"):
                return {"kind": "anchor", "anchor": href[1:]}
            if _SCHEME.match(href):
                return {"kind": "url", "url": href}
            if href in self.files:
                return {"kind": "file", "file": href}
            if ".gitbook/assets/" in href:
                file_id = names.get(href.split("#", 1)[0].rsplit("/", 1)[-1])
                return (
                    {"kind": "file", "file": file_id} if file_id else {"kind": "url", "url": href}
                )
            kind, target, anchor = self._target(href, page_id)
            if kind == "other":
                target = self.ids_by_path.get(resolve_page_path(href, path, folder=folder))
            if target is None or target not in self.paths:
                return {"kind": "url", "url": href}
            if anchor:
                return {"kind": "anchor", "anchor": anchor, "page": target}
            return {"kind": "page", "page": target}

        return resolve
