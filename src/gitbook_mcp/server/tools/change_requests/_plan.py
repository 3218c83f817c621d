"""An `edit_pages` call planned from the pages read: each page's document before and after, the
refusals made before anything is sent, and the markdown each page shows in a diff (no I/O).

Refused with a reason: markers ``{% %}`` the edit would leave unbalanced or escaped, a link the
edit adds that resolves to nothing in the change request's tree, a block field the contract does
not allow (`gitbook_mcp.document.fields`: a hint style, named with the allowed ones), an
inserted page whose slug a sibling already has, a page that would lose more than half its text
(unless the edit says ``allow_shrink``). An edit that changes nothing sends nothing.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.document import ParseTooSlow
from gitbook_mcp.document.blocks import keep_unchanged
from gitbook_mcp.document.checks import marker_problems, placeholder
from gitbook_mcp.document.fields import data_problems
from gitbook_mcp.document.slugs import page_slug
from gitbook_mcp.linkcheck.client_source import raw_document
from gitbook_mcp.server.rendering import untrusted
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools._page_links import link_problem, page_resolver, read_page_markdown
from gitbook_mcp.server.tools._pages import PageWrite, RevisionTree, markdown_of, unresolved_refs
from gitbook_mcp.server.tools.change_requests._blocks import edit_blocks
from gitbook_mcp.server.tools.change_requests._diff import PageSides
from gitbook_mcp.server.tools.change_requests._edits import (
    DOCUMENT_OPS,
    PARSE_CPU_SECONDS,
    ROOT,
    PageEdit,
    apply_replacements,
    batch_change,
    label,
)

__all__ = ["SHRINK_MIN_CHARS", "EditPlan", "plan"]

SHRINK_MIN_CHARS = 200
"""A page shorter than this (in markdown) may shrink by more than half without asking."""


@dataclass
class EditPlan:
    """The batch in order (a `PageWrite` where a page's new document goes), the diffs' texts,
    and the pages moved."""

    items: list[dict[str, Any] | PageWrite] = field(default_factory=list)
    texts: dict[str, PageSides] = field(default_factory=dict)
    moved: list[str] = field(default_factory=list)
    new_paths: set[str] = field(default_factory=set)
    """Paths of the pages the batch inserts, so that two inserts cannot clash either."""

    @property
    def writes(self) -> list[PageWrite]:
        return [i for i in self.items if isinstance(i, PageWrite)]


def plan(
    edits: list[PageEdit],
    in_cr: Mapping[str, RevisionPage | None],
    in_main: Mapping[str, RevisionPage | None],
    tree: RevisionTree,
) -> EditPlan:
    """The plan of ``edits`` over the pages read (documents), or a `ToolFailure` naming the edit."""
    out = EditPlan()
    ops: dict[str, str] = {}
    for index, edit in enumerate(edits):
        where = label(index, edit)
        if edit.op == "insert":
            _insert(out, index, edit, tree, where)
            continue
        page_id = edit.page_id or ""
        page = in_cr.get(page_id)
        if page is None:
            raise ToolFailure(f"{where}: no page {page_id} in this change request (get_page_tree).")
        group = "document" if edit.op in DOCUMENT_OPS else edit.op
        if ops.setdefault(page_id, group) != group:
            raise ToolFailure(f"{where}: the page already has a {ops[page_id]} edit in this batch.")
        if edit.op == "replace":
            _replace(out, edit, page, tree, where)
        elif edit.op == "rewrite":
            _rewrite(out, edit, page, tree, where)
        elif edit.op in DOCUMENT_OPS:
            current = next((w.after for w in out.writes if w.page_id == page_id), _doc(page))
            after = edit_blocks(edit, current, tree, where)
            _write(out, edit, page, tree, where, _doc(page), after)
        else:
            _other(out, edit, page, in_main.get(page_id), tree)
    return out


def _doc(page: RevisionPage) -> dict[str, Any]:
    return raw_document(page) or {"object": "document", "data": {}, "nodes": []}


def _replace(
    out: EditPlan, edit: PageEdit, page: RevisionPage, tree: RevisionTree, where: str
) -> None:
    page_id = page.id
    existing = next((w for w in out.writes if w.page_id == page_id), None)
    before = _doc(page)
    current = existing.after if existing else before
    explain = partial(link_problem, tree=tree, page_id=page_id)
    resolve = page_resolver(tree, page_id)
    after = apply_replacements(current, edit.replacements, where, resolve, explain)
    _write(out, edit, page, tree, where, before, after)


def _write(
    out: EditPlan,
    edit: PageEdit,
    page: RevisionPage,
    tree: RevisionTree,
    where: str,
    before: dict[str, Any],
    after: dict[str, Any],
) -> None:
    """The page's new document planned: refused if it leaves unsound markers, adds a link to
    nothing or shrinks by half unasked; sent as a `PageWrite` unless it changes nothing."""
    page_id = page.id
    existing = next((w for w in out.writes if w.page_id == page_id), None)
    old_md = new_md = markdown_of(before, tree, page_id)
    if after != before:  # the same document has the same problems: nothing new to refuse
        new_md = markdown_of(after, tree, page_id)
        _refuse_new(
            where, "leaves unsound {% %} markers", marker_problems(old_md), marker_problems(new_md)
        )
        _refuse_new(
            where,
            "adds a link that resolves to nothing in the change request",
            unresolved_refs(before, tree),
            unresolved_refs(after, tree),
        )
        _refuse_new_fields(where, data_problems(before), data_problems(after))
        _check_shrink(where, edit, old_md, new_md)
    if existing is None:
        write = PageWrite(page_id, page.title, page.path or "", before, after)
        out.items.append(write)
    else:
        existing.after = after
    out.texts[page_id] = PageSides(page_id, page.title, page.path or "", old_md, new_md)
    if after == before:  # a no-op: nothing to send for this page
        out.items = [
            i for i in out.items if not (isinstance(i, PageWrite) and i.page_id == page_id)
        ]


def _refuse_new(where: str, what: str, before: list[str], after: list[str]) -> None:
    new = list((Counter(after) - Counter(before)).elements())
    if new:
        raise ToolFailure(
            f"{where}: refused, the result {what}: {'; '.join(new[:5])}. Nothing was sent."
        )


def _insert(out: EditPlan, index: int, edit: PageEdit, tree: RevisionTree, where: str) -> None:
    markdown = edit.markdown or ""
    parent = "" if edit.parent_id in (None, ROOT) else tree.paths.get(edit.parent_id or "", "")
    _check_markdown(markdown, parent, tree, where, [])
    _check_slug(out, edit, parent, tree, where)
    out.items.append({**batch_change(edit), "ref": f"new-{index}"})
    title = edit.title or ""
    # No path yet: the service gives one when it creates the page (see authoring._with_paths).
    out.texts[f"new-{index}"] = PageSides(f"new-{index}", title, "", None, markdown)


def _rewrite(
    out: EditPlan, edit: PageEdit, page: RevisionPage, tree: RevisionTree, where: str
) -> None:
    """A whole page from markdown, read as the page's own (its links through the page's
    resolver): the blocks that read as stored blocks are those blocks, keys included, so the
    markdown `get_page` shows writes back the same document. A link that resolves to nothing
    is refused unless the page already had it (then it stays as it was)."""
    existing = next((w for w in out.writes if w.page_id == page.id), None)
    stored = _doc(page)  # only read below: the stored side of the write, and its blocks
    before = existing.after if existing else stored
    shown = markdown_of(before, tree, page.id)
    if (edit.markdown or "") == untrusted(shown):
        # The page exactly as get_page shows it: nothing to change (so nothing to refuse, and
        # nothing to read), even where a block's markdown does not read back as the same block
        # (a few of GitBook's HTML forms).
        _write(out, edit, page, tree, where, stored, before)
        return
    had = read_page_markdown(shown, tree, page.id).unresolved
    read = _read(where, edit.markdown or "", tree, page.id, kept=had)
    new = list((Counter(read.unresolved) - Counter(had)).elements())
    if new:
        problems = "; ".join(link_problem(href, tree, page.id) for href in new[:5])
        raise ToolFailure(f"{where}: a link resolves to nothing: {problems}. Nothing was sent.")
    found = placeholder(edit.markdown or "")
    if found is not None and found not in shown.lower():
        raise ToolFailure(
            f"{where}: the markdown holds the placeholder {found!r} where content belongs; write "
            "the full page. Nothing was sent."
        )
    markers = marker_problems(shown)
    _refuse_new(where, "has unsound {% %} markers", markers, marker_problems(edit.markdown or ""))
    after = read.document
    _refuse_new_fields(where, data_problems(before), data_problems(after))
    # get_page shows a page through `untrusted` (invisible characters such as emoji variation
    # selectors dropped): a block that reads as shown keeps what it was not shown.
    keep_unchanged(before, after, untrusted)
    _write(out, edit, page, tree, where, stored, after)


def _check_markdown(
    markdown: str,
    folder: str,
    tree: RevisionTree,
    where: str,
    markers_before: list[str],
    fields_before: list[str] | None = None,
) -> None:
    """Refuse markdown whose links resolve to nothing (read as a page in ``folder`` would read
    them), whose ``{% %}`` markers are unsound (beyond ``markers_before``) or whose blocks break
    `DATA_RULES` (beyond ``fields_before``, the page's own)."""
    new_page = "\x00new"  # a page id no revision has, placed in ``folder``
    placed = replace(tree, paths={**tree.paths, new_page: posixpath.join(folder, new_page)})
    read = _read(where, markdown, placed, new_page)
    if read.unresolved:
        problems = "; ".join(link_problem(href, placed, new_page) for href in read.unresolved[:5])
        raise ToolFailure(f"{where}: a link resolves to nothing: {problems}. Nothing was sent.")
    _refuse_new(
        where,
        "has a link that resolves to nothing in the change request",
        [],
        unresolved_refs(read.document, tree),
    )
    _refuse_new_fields(where, fields_before or [], data_problems(read.document))
    _refuse_new(where, "has unsound {% %} markers", markers_before, marker_problems(markdown))


def _read(where: str, markdown: str, tree: RevisionTree, page_id: str, *, kept: Any = ()) -> Any:
    """`read_page_markdown` within `PARSE_CPU_SECONDS` of CPU (someone's hostile markdown
    must not hold a worker: issue 36), refused with the reason past it."""
    try:
        return read_page_markdown(markdown, tree, page_id, kept=kept, cpu_seconds=PARSE_CPU_SECONDS)
    except ParseTooSlow as slow:
        raise ToolFailure(
            f"{where}: the markdown took more than {slow.seconds:g} s of CPU time to read, far "
            "more than any real page; simplify it (unclosed brackets or other markers repeated "
            "on thousands of lines) or split it into several pages. Nothing was sent."
        ) from None


def _refuse_new_fields(where: str, before: list[str], after: list[str]) -> None:
    """Refuse the block fields ``after`` breaks that ``before`` did not, compared without the
    node's path (a rewrite moves blocks): a page keeps what it already had, reported by none."""
    had = Counter(_field_problem(p) for p in before)
    new: list[str] = []
    for problem in after:
        if had[_field_problem(problem)] > 0:
            had[_field_problem(problem)] -= 1
        else:
            new.append(problem)
    _refuse_new(where, "has a block the service refuses (fix the markdown)", [], new)


def _field_problem(problem: str) -> str:
    """``nodes[3].data.style: 'tip' ...`` as ``data.style: 'tip' ...``."""
    return problem[problem.find("data") :]


def _check_slug(out: EditPlan, edit: PageEdit, parent: str, tree: RevisionTree, where: str) -> None:
    """Refuse an inserted page whose slug a sibling (or another insert of the batch) has."""
    slug = edit.slug or page_slug(edit.title or "")
    path = f"{parent}/{slug}" if parent else slug
    taken = set(tree.paths.values()) | out.new_paths
    if path in taken:
        free = next(f"{slug}-{n}" for n in range(2, 1000) if f"{path}-{n}" not in taken)
        raise ToolFailure(
            f"{where}: refused, a sibling page already has the slug {slug!r} (path {path}); "
            f"give the insert another slug, e.g. slug={free!r}. Nothing was sent."
        )
    out.new_paths.add(path)


def _check_shrink(where: str, edit: PageEdit, before: str, after: str) -> None:
    if not edit.allow_shrink and len(before) >= SHRINK_MIN_CHARS and 2 * len(after) < len(before):
        raise ToolFailure(
            f"{where}: the page would shrink from {len(before)} to {len(after)} characters, more "
            "than half. If that is meant, repeat with allow_shrink=true. Nothing was sent."
        )


def _other(
    out: EditPlan, edit: PageEdit, page: RevisionPage, main: RevisionPage | None, tree: RevisionTree
) -> None:
    before = markdown_of(_doc(page), tree, page.id)
    after: str | None = before
    if edit.op == "delete":
        after = None
    elif edit.op == "revert":
        after = markdown_of(_doc(main), tree, page.id) if main is not None else None
    else:
        out.moved.append(page.id)
    out.items.append(batch_change(edit))
    out.texts[page.id] = PageSides(page.id, page.title, page.path or "", before, after)
