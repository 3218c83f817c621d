"""Pages edited as JSON documents, written whichever way the service takes them, then verified.

The batch sends ``{document: {document: tree}}``. A service that answers 422 to a node tree (as
the vendor's agent skill says the real one does) gets the same pages as GitBook markdown instead,
rendered with the documented mitigations, and the mode that worked is remembered per client so a
refusal is met once. Either way every page written is read back and compared with the intended
tree; what differs is reported (the service may normalise what it stores). Diffs are of the
markdown rendering with relative links, never of JSON.
"""

from __future__ import annotations

import difflib
import posixpath
import weakref
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import quote

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.errors import APIStatusError, NotFoundError
from gitbook_mcp.client.models.authoring import ChangeRequestContentUpdate
from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.document import document_links, render_markdown
from gitbook_mcp.document.edit import block_differences, same_without_keys, without_keys
from gitbook_mcp.linkcheck.client_source import ClientContentReader, raw_document
from gitbook_mcp.linkcheck.model import RevisionContent
from gitbook_mcp.logs import get_logger

log = get_logger("gitbook_mcp.server")

__all__ = [
    "ASSETS",
    "DocMode",
    "Item",
    "PageWrite",
    "RevisionTree",
    "batch",
    "compare",
    "fallback_markdown",
    "is_tree_refused",
    "markdown_of",
    "one_line_tags",
    "page_changes",
    "read_back",
    "remember_mode",
    "remembered_mode",
    "revision_tree",
    "send",
    "text_diff",
    "unresolved_refs",
]

DocMode = Literal["tree", "markdown"]
ASSETS = ".gitbook/assets/"
"""Where Git Sync keeps a space's files, from the root of its pages."""
REPORT_LINES = 40
"""Lines of diff per page in a read-back report (intended vs stored)."""

_MODES: weakref.WeakKeyDictionary[GitBookClient, DocMode] = weakref.WeakKeyDictionary()


_TREES: weakref.WeakKeyDictionary[GitBookClient, OrderedDict[tuple[str, str], RevisionTree]] = (
    weakref.WeakKeyDictionary()
)
TREES_KEPT = 4
"""Revision trees kept per client: a revision never changes, and reading a large space's tree
for each page an agent reads costs a request the size of the tree."""


async def revision_tree(
    client: GitBookClient, space_id: str, change_request_id: str | None, revision: str | None
) -> RevisionTree:
    """The tree of the change request's revision (main's without one), read once per
    ``revision`` id (None: read every time)."""
    kept = _TREES.setdefault(client, OrderedDict())
    if revision is not None and (space_id, revision) in kept:
        kept.move_to_end((space_id, revision))
        return kept[(space_id, revision)]
    content = await ClientContentReader(client).revision(space_id, change_request_id)
    tree = RevisionTree.of(content)
    if content.revision_id:
        kept[(space_id, content.revision_id)] = tree
        while len(kept) > TREES_KEPT:
            kept.popitem(last=False)
    return tree


def remembered_mode(client: GitBookClient) -> DocMode:
    """How this client's service takes page documents: a tree until it refused one."""
    return _MODES.get(client, "tree")


def remember_mode(client: GitBookClient, mode: DocMode) -> None:
    """Record how this client's service takes page documents (for the client's lifetime)."""
    _MODES[client] = mode


@dataclass(frozen=True)
class RevisionTree:
    """A revision's pages (id -> path), which pages have children, and its files (id -> name)."""

    paths: dict[str, str]
    folders: frozenset[str] = frozenset()
    files: frozenset[str] = frozenset()
    names: Mapping[str, str] = field(default_factory=dict)
    """File names by id, for the ``.gitbook/assets/<name>`` form of a file link."""

    @classmethod
    def of(cls, content: RevisionContent) -> RevisionTree:
        return cls(
            {p.id: p.path for p in content.pages},
            frozenset(p.parent_id for p in content.pages if p.parent_id),
            frozenset(f.id for f in content.files),
            {f.id: f.name for f in content.files},
        )

    def folder_of(self, page_id: str) -> str:
        """The folder a page's relative links start from (a page with children is a folder)."""
        here = self.paths.get(page_id, "")
        return here if page_id in self.folders else posixpath.dirname(here)

    def href(self, page_id: str) -> Callable[[Mapping[str, Any]], str | None]:
        """Links of the page ``page_id`` written as Git Sync writes them: relative ``.md`` paths
        where the tree has the target page (a page with children is its ``README.md``), and
        ``.gitbook/assets/<name>`` for a file whose name is the revision's only one of that name
        (the forms GitBook resolves on import); other refs get their stable form."""
        base = self.folder_of(page_id)
        unique = _unique_names(self.names)

        def write(ref: Mapping[str, Any]) -> str | None:
            if ref.get("space"):
                return None
            file_id = ref.get("file")
            if ref.get("kind") == "file" and isinstance(file_id, str) and file_id in unique:
                return posixpath.relpath(f"{ASSETS}{quote(unique[file_id])}", base or ".")
            target = ref.get("page")
            if ref.get("kind") not in ("page", "anchor") or not isinstance(target, str):
                return None
            if target not in self.paths:
                return None
            path = self.paths[target]
            path = f"{path}/README" if target in self.folders and path else path
            href = posixpath.relpath((path or "README") + ".md", base or ".")
            anchor = ref.get("anchor")
            return f"{href}#{anchor}" if isinstance(anchor, str) else href

        return write


def _unique_names(names: Mapping[str, str]) -> dict[str, str]:
    """The files whose name no other file of the revision has (id -> name)."""
    seen = Counter(names.values())
    return {fid: name for fid, name in names.items() if seen[name] == 1}


@dataclass
class PageWrite:
    """One page's document before and after the edit, and what it was written as."""

    page_id: str
    title: str
    path: str
    before: dict[str, Any]
    after: dict[str, Any]
    stored: list[str] = field(default_factory=list)
    """Differences between the intended tree and what the service stored (after read-back)."""


def markdown_of(doc: Mapping[str, Any], tree: RevisionTree, page_id: str) -> str:
    """The page as GitBook markdown with relative links: what diffs are made of."""
    return render_markdown(doc, tree.href(page_id))


def text_diff(before: str | None, after: str | None, name: str, *, context: int = 3) -> list[str]:
    """A unified diff of two markdown texts (None: the page does not exist on that side)."""
    return list(
        difflib.unified_diff(
            (before or "").splitlines(),
            (after or "").splitlines(),
            fromfile=f"a/{name}" if before is not None else "/dev/null",
            tofile=f"b/{name}" if after is not None else "/dev/null",
            n=context,
            lineterm="",
        )
    )


def unresolved_refs(doc: Mapping[str, Any], tree: RevisionTree) -> list[str]:
    """Links of ``doc`` to a page or file of this space that the revision does not have."""
    missing: list[str] = []
    for link in document_links(doc):
        ref = link.ref
        if ref.get("space"):
            continue
        if ref.get("kind") in ("page", "anchor") and isinstance(ref.get("page"), str):
            if ref["page"] not in tree.paths:
                missing.append(f"a link to page {ref['page']}")
        elif ref.get("kind") == "file" and tree.files and ref.get("file") not in tree.files:
            missing.append(f"a link to file {ref.get('file')}")
    return missing


def one_line_tags(markdown: str) -> str:
    """Integration tags (``{% @org/name ... %}``) on one line each: GitBook escapes a multi-line
    one (``\\{%``) and it stops rendering. Linear: one scan from tag to tag."""
    out: list[str] = []
    at = 0
    while (start := markdown.find("{% @", at)) != -1:
        end = markdown.find("%}", start)
        if end == -1:
            break
        out += [markdown[at:start], " ".join(markdown[start:end].split()), " "]
        at = end
    out.append(markdown[at:])
    return "".join(out)


def fallback_markdown(doc: Mapping[str, Any], tree: RevisionTree, page_id: str) -> str:
    """The page as markdown for a service that refuses node trees, with the vendor's documented
    mitigations: links to pages of the tree as relative paths (so they resolve), integration tags
    on one line, and no leading ``# title`` line (``update_page`` keeps one as a duplicate
    heading; every block of the document, a heading-1 too, is written as its own ``##``)."""
    return one_line_tags(render_markdown(doc, tree.href(page_id)))


def page_changes(
    writes: Sequence[PageWrite], tree: RevisionTree, mode: DocMode
) -> list[dict[str, Any]]:
    """The ``update_page`` changes of the writes in ``mode``."""
    changes: list[dict[str, Any]] = []
    for w in writes:
        if mode == "tree":
            body: dict[str, Any] = {"document": w.after}
        else:
            body = {"markdown": fallback_markdown(w.after, tree, w.page_id)}
        changes.append({"operation": "update_page", "page": w.page_id, "document": body})
    return changes


def is_tree_refused(exc: APIStatusError) -> bool:
    """Whether an error is the service refusing a node tree (422 Unprocessable)."""
    return exc.status_code == 422


def compare(
    intended: Mapping[str, Any], stored: Mapping[str, Any], tree: RevisionTree, w: PageWrite
) -> list[str]:
    """How the stored page differs from the intended tree, keys aside: the top-level blocks that
    differ, and the diff of their markdown (empty when they are the same)."""
    if same_without_keys(intended, stored):
        return []
    want, got = without_keys(intended), without_keys(stored)
    blocks = block_differences(want, got)
    name = w.path or w.page_id
    lines = text_diff(
        markdown_of(intended, tree, w.page_id),
        markdown_of(stored, tree, w.page_id),
        name,
        context=1,
    )
    head = f"{len(blocks)} top-level block(s) stored differently (index {', '.join(map(str, blocks[:10]))})"
    if not lines:
        head += "; the markdown is the same (structure only)"
    more = len(lines) - REPORT_LINES
    return [head, *lines[:REPORT_LINES], *([f"... {more} more lines"] if more > 0 else [])]


Item = dict[str, Any] | PageWrite
"""A change of a batch: as sent, or a page's new document (sent in the mode the service takes)."""


def batch(items: Sequence[Item], tree: RevisionTree, mode: DocMode) -> list[dict[str, Any]]:
    """The batch's changes, each page write as ``mode`` sends it."""
    out: list[dict[str, Any]] = []
    for item in items:
        out += page_changes([item], tree, mode) if isinstance(item, PageWrite) else [item]
    return out


async def send(
    client: GitBookClient, space_id: str, cr_id: str, items: Sequence[Item], tree: RevisionTree
) -> tuple[ChangeRequestContentUpdate, DocMode]:
    """The batch sent (``compat=false``) with page documents as trees, or, where the service
    answers 422 to a tree, as markdown; the mode that worked is remembered for the client."""
    mode = remembered_mode(client)
    has_pages = any(isinstance(item, PageWrite) for item in items)
    try:
        changes = batch(items, tree, mode)
        done = await client.change_requests.update_content(
            space_id, cr_id, changes=changes, compat=False
        )
    except APIStatusError as exc:
        if mode == "markdown" or not has_pages or not is_tree_refused(exc):
            raise
        log.info("page_tree_refused", status=exc.status_code, fallback="markdown")
        mode = "markdown"
        changes = batch(items, tree, mode)
        done = await client.change_requests.update_content(
            space_id, cr_id, changes=changes, compat=False
        )
        # Remembered only once markdown worked: a 422 for another reason changes nothing.
        remember_mode(client, mode)
    return done, mode


async def read_back(
    read: Callable[[str], Any], writes: Sequence[PageWrite], tree: RevisionTree
) -> None:
    """Each written page read again (``read``: page id -> `RevisionPage` or None); what differs
    from the intended tree goes to the write's ``stored``."""
    for w in writes:
        try:
            page: RevisionPage | None = await read(w.page_id)
        except NotFoundError:
            page = None
        stored = raw_document(page) if page is not None else None
        if stored is None:
            w.stored = ["the page could not be read back"]
            continue
        w.stored = compare(w.after, stored, tree, w)
