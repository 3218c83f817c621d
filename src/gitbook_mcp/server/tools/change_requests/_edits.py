"""The edits `edit_pages` takes, checked and applied to page documents (no I/O here).

A replacement edit changes a page's JSON document in the change request, not a markdown rendering
of it: ``find`` is matched in the text of the page's blocks (across leaves and marks, without
markdown syntax, within one block: a paragraph, heading, list item, code line or table cell) and
must occur exactly once in the page as the replacements before it left it, so that an edit never
lands in the wrong place. ``replace`` is plain text, or inline markdown (code, bold, links) when
it holds such syntax, its links read as the page's own (a link to nothing is refused, naming
the nearest page). Plain text replaces only the characters it changes, which must lie in runs
of one formatting (else the edit is refused, naming the runs: their bold or link would silently
go); the inserted text takes the marks and link of the first leaf it touches; every block the
match does not touch keeps its key and content. Errors are short and
name the edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from gitbook_mcp.document import PAGE_CPU_SECONDS
from gitbook_mcp.document.checks import placeholder
from gitbook_mcp.document.edit import FormattingLost, UnresolvedLinks, find_text, replace_text
from gitbook_mcp.document.refs import RefResolver
from gitbook_mcp.server.tooling import Args, ToolFailure

__all__ = [
    "BLOCK_OPS",
    "DOCUMENT_OPS",
    "EDIT_MAX_CHARS",
    "FIND_MAX_CHARS",
    "INSERT_MAX_CHARS",
    "PARSE_CPU_SECONDS",
    "REPLACE_MAX_CHARS",
    "ROOT",
    "SLUG_MAX_CHARS",
    "PageEdit",
    "Replacement",
    "apply_replacements",
    "batch_change",
    "check_content",
    "check_edit",
    "check_sizes",
    "label",
]

FIND_MAX_CHARS = 10_000
"""Characters of one replacement's ``find``: an exact excerpt of a page, not the page."""
REPLACE_MAX_CHARS = 200_000
"""Characters of one replacement's ``replace``."""
INSERT_MAX_CHARS = 200_000
"""Characters of an inserted or rewritten page's markdown: about three times the largest page of
two real GitBook repositories (73 KB), so that nobody's page is refused, while a caller cannot
hand the server half a megabyte of text to parse."""
PARSE_CPU_SECONDS = PAGE_CPU_SECONDS
"""CPU time parsing one page's markdown may take: past it, text built to be slow, refused
(`ParseTooSlow`; the costliest real pages take about a quarter of it)."""
EDIT_MAX_CHARS = 1_000_000
"""Characters of every ``find``, ``replace`` and inserted markdown of one call together."""
SLUG_MAX_CHARS = 100
"""Characters of an inserted page's slug (the contract's ``RevisionPageSlug``)."""
ROOT = "root"
"""``parent_id`` of a move to the top level of the page tree."""


class Replacement(Args):
    find: str = Field(
        min_length=1,
        max_length=FIND_MAX_CHARS,
        description="Exact text in one block, once (no markdown)",
    )
    replace: str = Field(max_length=REPLACE_MAX_CHARS, description="Plain or inline markdown")


BLOCK_OPS = ("insert_blocks", "replace_block", "delete_block", "move_block")
"""The ops on one page's top-level blocks, found by ``block`` (its text or heading)."""
DOCUMENT_OPS = ("replace", "rewrite", "settle", *BLOCK_OPS)
"""The ops that change a page's document (several may edit one page in a batch)."""


class PageEdit(Args):
    op: Literal[
        "replace",
        "insert",
        "rewrite",
        "delete",
        "revert",
        "move",
        "insert_blocks",
        "replace_block",
        "delete_block",
        "move_block",
        "settle",
    ] = Field(
        description="replace: text; insert: page; rewrite: page from markdown; delete: with "
        "subpages; revert: to main; move: keeps id; *_block(s): by block; settle: conflict as "
        "ours (revert: as main)"
    )
    page_id: str | None = Field(default=None, description="Page (not for insert)")
    replacements: list[Replacement] = Field(default_factory=list, max_length=50)
    title: str | None = Field(default=None, min_length=1, description="insert")
    slug: str | None = None
    """insert: the new page's slug (default: from the title), unique among its siblings; no
    description in the schema, which is at its byte budget (the dry run's refusal of a slug a
    sibling has names this argument)."""
    markdown: str | None = Field(
        default=None,
        max_length=INSERT_MAX_CHARS,
        description="insert, rewrite: page; *_block(s): blocks",
    )
    parent_id: str | None = Field(
        default=None,
        description=f"insert, move: parent ('{ROOT}': top)",
    )
    position: int | None = Field(default=None, ge=0, description="insert, move: index")
    # block and to: at most FIND_MAX_CHARS, checked by check_edit (a maxLength each would cost
    # the default tool list 36 bytes).
    block: str | None = Field(default=None, min_length=1, description="Its text or heading")
    to: str | None = Field(default=None, min_length=1, description="move_block: next to it")
    before: bool = Field(default=False, description="Before, not after")
    allow_shrink: bool = Field(default=False, description="May lose half the page")


_FIELDS: dict[str, tuple[str, ...]] = {
    "insert": ("title", "slug", "markdown", "parent_id", "position"),
    "move": ("parent_id", "position"),
    "rewrite": ("markdown",),
    "insert_blocks": ("block", "markdown"),
    "replace_block": ("block", "markdown"),
    "delete_block": ("block",),
    "move_block": ("block", "to"),
    "settle": (),
}
"""The fields each op takes (besides page_id, replacements and allow_shrink)."""
_NEEDED = {op: fields for op, fields in _FIELDS.items() if op in (*BLOCK_OPS, "settle")}
"""The fields a block op or a settle cannot do without."""


def label(index: int, edit: PageEdit) -> str:
    """How an error names an edit: ``edit 2 (replace on pg_x)``, counting from 1."""
    target = f" on {edit.page_id}" if edit.page_id else ""
    return f"edit {index + 1} ({edit.op}{target})"


def check_edit(index: int, edit: PageEdit) -> None:
    """Refuse an edit that lacks what its op needs or carries what it cannot use."""
    where = label(index, edit)
    if max(len(edit.block or ""), len(edit.to or "")) > FIND_MAX_CHARS:
        raise ToolFailure(f"{where}: block and to take at most {FIND_MAX_CHARS} characters.")
    placed = _FIELDS.get(edit.op, ())
    extra = [
        name
        for name in ("title", "slug", "markdown", "parent_id", "position", "block", "to")
        if getattr(edit, name) is not None and name not in placed
    ]
    extra += ["before"] if edit.before and edit.op not in ("insert_blocks", "move_block") else []
    if edit.op == "insert":
        if edit.page_id or edit.replacements or extra:
            raise ToolFailure(
                f"{where}: an insert takes title, slug, markdown, parent_id, position."
            )
        if edit.title is None or edit.markdown is None:
            raise ToolFailure(f"{where}: an insert needs title and markdown.")
        if edit.slug is not None and not 0 < len(edit.slug) <= SLUG_MAX_CHARS:
            raise ToolFailure(f"{where}: a slug has 1 to {SLUG_MAX_CHARS} characters.")
        return
    if not edit.page_id:
        raise ToolFailure(f"{where}: give page_id.")
    if extra:
        raise ToolFailure(f"{where}: {', '.join(extra)} do not go with op={edit.op}.")
    if edit.op == "rewrite" and edit.markdown is None:
        raise ToolFailure(f"{where}: a rewrite needs markdown, the whole new page.")
    if edit.op == "move" and edit.parent_id is None and edit.position is None:
        raise ToolFailure(f"{where}: a move needs parent_id ('{ROOT}': the top level), position.")
    if edit.op == "replace" and not edit.replacements:
        raise ToolFailure(f"{where}: give replacements, a list of {{find, replace}}.")
    if edit.op != "replace" and edit.replacements:
        raise ToolFailure(f"{where}: replacements only go with op=replace.")
    missing = [name for name in _NEEDED.get(edit.op, ()) if getattr(edit, name) is None]
    if missing:
        raise ToolFailure(f"{where}: op={edit.op} needs {', '.join(missing)}.")


def check_content(index: int, edit: PageEdit) -> None:
    """Refuse text that stands for content instead of being it ("rest unchanged", a line of
    "..."), and ``{% %}`` markers in a plain-text replacement (they would show as text)."""
    where = label(index, edit)
    for number, r in enumerate(edit.replacements, 1):
        found = placeholder(r.replace)
        if found is not None and placeholder(r.find) is None:
            raise ToolFailure(
                f"{where}, replacement {number}: 'replace' holds the placeholder {found!r} where "
                "content belongs; write the full text. Nothing was sent."
            )
        if ("{%" in r.replace or "%}" in r.replace) and "{%" not in r.find:
            raise ToolFailure(
                f"{where}, replacement {number}: 'replace' is inline text, so {{% %}} markers in "
                "it would show as text; change blocks by replacing their text. Nothing was sent."
            )
    # A rewrite's placeholders are checked against the page it rewrites (`_plan`): a page may
    # hold "[...]" itself.
    found = placeholder(edit.markdown or "") if edit.op != "rewrite" else None
    if found is not None:
        raise ToolFailure(
            f"{where}: the markdown holds the placeholder {found!r} where content belongs; write "
            "the full page. Nothing was sent."
        )


def check_sizes(edits: list[PageEdit]) -> None:
    """Refuse a call whose edits carry more than `EDIT_MAX_CHARS` characters together."""
    total = sum(
        len(edit.markdown or "")
        + len(edit.block or "")
        + len(edit.to or "")
        + sum(len(r.find) + len(r.replace) for r in edit.replacements)
        for edit in edits
    )
    if total > EDIT_MAX_CHARS:
        raise ToolFailure(
            f"The edits carry {total} characters; at most {EDIT_MAX_CHARS} go in one call. "
            "Split them over several calls. Nothing was sent."
        )


def apply_replacements(
    doc: dict[str, Any],
    replacements: list[Replacement],
    where: str,
    resolve: RefResolver | None = None,
    explain: Callable[[str], str] = str,
) -> dict[str, Any]:
    """A copy of ``doc`` with each replacement applied in order; each ``find`` must occur
    exactly once (counting stops at the second match: counting all is quadratic). Links in a
    ``replace`` are read with ``resolve`` (the page's); one it cannot resolve is refused, said by
    ``explain`` (href -> what is wrong and its fix)."""
    for number, r in enumerate(replacements, 1):
        matches = find_text(doc, r.find, limit=2)
        if not matches:
            raise ToolFailure(
                f"{where}, replacement {number}: 'find' occurs 0 times in the page's text. Copy "
                "the exact text of one block (a paragraph, heading, list item, code line or "
                "table cell) from get_page with change_request_id, without markdown syntax "
                "(no **, [](), {% %}). Nothing was sent."
            )
        if len(matches) > 1:
            raise ToolFailure(
                f"{where}, replacement {number}: 'find' occurs more than once; add surrounding "
                "text so that it occurs once. Nothing was sent."
            )
        try:
            doc = replace_text(doc, matches[0], r.replace, resolve)
        except FormattingLost as exc:
            raise ToolFailure(
                f"{where}, replacement {number}: the text to change spans differently formatted "
                f"runs ({'; '.join(exc.formats[:5])}), whose formatting plain text would drop. "
                "Write 'replace' as inline markdown with the formatting to keep, as get_page "
                "shows it (**bold**, [text](link)), or change a span inside one run; to drop "
                "the formatting on purpose, use replace_block. Nothing was sent."
            ) from None
        except UnresolvedLinks as exc:
            problems = "; ".join(explain(href) for href in exc.hrefs[:5])
            raise ToolFailure(
                f"{where}, replacement {number}: a link resolves to nothing: {problems}. "
                "Nothing was sent."
            ) from None
    return doc


def batch_change(edit: PageEdit) -> dict[str, Any]:
    """The content-batch change of an insert, delete, revert or move (a replacement's update
    is built by the sender, in the mode the service takes)."""
    if edit.op == "insert":
        change: dict[str, Any] = {
            "operation": "insert_page",
            "title": edit.title,
            "document": {"markdown": edit.markdown},
        }
        if edit.slug is not None:
            change["slug"] = edit.slug
        if edit.parent_id and edit.parent_id != ROOT:
            change["into"] = edit.parent_id
        if edit.position is not None:
            change["at"] = edit.position
        return change
    if edit.op == "move":
        move: dict[str, Any] = {"operation": "update_page", "page": edit.page_id}
        if edit.parent_id is not None:
            move["into"] = None if edit.parent_id == ROOT else edit.parent_id
        if edit.position is not None:
            move["at"] = edit.position
        return move
    if edit.op == "rewrite":
        body = {"markdown": edit.markdown}
        return {"operation": "update_page", "page": edit.page_id, "document": body}
    operation = "delete_page" if edit.op == "delete" else "revert_page"
    return {"operation": operation, "page": edit.page_id}
