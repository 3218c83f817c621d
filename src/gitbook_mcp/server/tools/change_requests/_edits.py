"""The edits `edit_pages` takes, checked and turned into one content batch (no I/O here).

A replacement edit changes a page's current markdown in the change request: each ``find`` must
occur exactly once in the text as the replacements before it left it, so that an edit can never
land in the wrong place. Errors are short and name the edit.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from gitbook_mcp.server.tooling import Args, ToolFailure

__all__ = [
    "EDIT_MAX_CHARS",
    "FIND_MAX_CHARS",
    "INSERT_MAX_CHARS",
    "REPLACE_MAX_CHARS",
    "PageEdit",
    "Replacement",
    "apply_replacements",
    "batch_change",
    "check_edit",
    "check_sizes",
    "label",
]

FIND_MAX_CHARS = 10_000
"""Characters of one replacement's ``find``: an exact excerpt of a page, not the page."""
REPLACE_MAX_CHARS = 200_000
"""Characters of one replacement's ``replace``."""
INSERT_MAX_CHARS = 500_000
"""Characters of an inserted page's markdown."""
EDIT_MAX_CHARS = 1_000_000
"""Characters of every ``find``, ``replace`` and inserted markdown of one call together."""


class Replacement(Args):
    find: str = Field(
        min_length=1, max_length=FIND_MAX_CHARS, description="Exact current text; must occur once"
    )
    replace: str = Field(max_length=REPLACE_MAX_CHARS)


class PageEdit(Args):
    op: Literal["replace", "insert", "delete", "revert"] = Field(
        description="replace text in a page, insert a page, delete one (and its subpages), "
        "or revert one to the main content"
    )
    page_id: str | None = Field(default=None, description="Page (not for insert)")
    replacements: list[Replacement] = Field(default_factory=list, max_length=50)
    title: str | None = Field(default=None, min_length=1, description="insert")
    markdown: str | None = Field(default=None, max_length=INSERT_MAX_CHARS, description="insert")
    parent_id: str | None = Field(default=None, description="insert: parent page; else the root")
    position: int | None = Field(default=None, ge=0, description="insert: index among siblings")


def label(index: int, edit: PageEdit) -> str:
    """How an error names an edit: ``edit 2 (replace on pg_x)``, counting from 1."""
    target = f" on {edit.page_id}" if edit.page_id else ""
    return f"edit {index + 1} ({edit.op}{target})"


def check_edit(index: int, edit: PageEdit) -> None:
    """Refuse an edit that lacks what its op needs or carries what it cannot use."""
    where = label(index, edit)
    insert_only = [
        name
        for name in ("title", "markdown", "parent_id", "position")
        if getattr(edit, name) is not None
    ]
    if edit.op == "insert":
        if edit.page_id or edit.replacements:
            raise ToolFailure(f"{where}: an insert takes title, markdown, parent_id, position.")
        if edit.title is None or edit.markdown is None:
            raise ToolFailure(f"{where}: an insert needs title and markdown.")
        return
    if not edit.page_id:
        raise ToolFailure(f"{where}: give page_id.")
    if insert_only:
        raise ToolFailure(f"{where}: {', '.join(insert_only)} only go with op=insert.")
    if edit.op == "replace" and not edit.replacements:
        raise ToolFailure(f"{where}: give replacements, a list of {{find, replace}}.")
    if edit.op != "replace" and edit.replacements:
        raise ToolFailure(f"{where}: replacements only go with op=replace.")


def check_sizes(edits: list[PageEdit]) -> None:
    """Refuse a call whose edits carry more than `EDIT_MAX_CHARS` characters together."""
    total = sum(
        len(edit.markdown or "") + sum(len(r.find) + len(r.replace) for r in edit.replacements)
        for edit in edits
    )
    if total > EDIT_MAX_CHARS:
        raise ToolFailure(
            f"The edits carry {total} characters; at most {EDIT_MAX_CHARS} go in one call. "
            "Split them over several calls. Nothing was sent."
        )


def _occurrences(text: str, find: str) -> int:
    """0, 1 or 2: whether ``find`` starts at no place, one, or more (overlapping ones count).

    It stops at the second match: counting them all is quadratic on a repetitive page."""
    first = text.find(find)
    if first == -1:
        return 0
    return 1 if text.find(find, first + 1) == -1 else 2


def apply_replacements(text: str, replacements: list[Replacement], where: str) -> str:
    """``text`` with each replacement applied in order; each ``find`` must occur exactly once."""
    for number, r in enumerate(replacements, 1):
        count = _occurrences(text, r.find)
        if count == 0:
            raise ToolFailure(
                f"{where}, replacement {number}: 'find' occurs 0 times in the page. Copy the "
                "exact text from get_page with change_request_id. Nothing was sent."
            )
        if count > 1:
            raise ToolFailure(
                f"{where}, replacement {number}: 'find' occurs more than once; add surrounding "
                "text so that it occurs once. Nothing was sent."
            )
        text = text.replace(r.find, r.replace, 1)
    return text


def batch_change(edit: PageEdit, markdown: str | None = None) -> dict[str, Any]:
    """The content-batch change of one edit (``markdown``: a replace edit's new text)."""
    if edit.op == "insert":
        change: dict[str, Any] = {
            "operation": "insert_page",
            "title": edit.title,
            "document": {"markdown": edit.markdown},
        }
        if edit.parent_id:
            change["into"] = edit.parent_id
        if edit.position is not None:
            change["at"] = edit.position
        return change
    if edit.op == "replace":
        return {
            "operation": "update_page",
            "page": edit.page_id,
            "document": {"markdown": markdown},
        }
    operation = "delete_page" if edit.op == "delete" else "revert_page"
    return {"operation": operation, "page": edit.page_id}
