"""The pure parts of the change_requests toolset: replacements, edit checks, diff windows."""

from __future__ import annotations

import re

import pytest

from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools.change_requests._diff import PageText, diff_lines, window
from gitbook_mcp.server.tools.change_requests._edits import (
    PageEdit,
    Replacement,
    apply_replacements,
    batch_change,
    check_edit,
)


def test_replacements_apply_in_order_each_on_the_text_the_previous_left() -> None:
    steps = [Replacement(find="alpha", replace="beta"), Replacement(find="beta gamma", replace="x")]
    assert apply_replacements("alpha gamma", steps, "edit 1") == "x"


def test_overlapping_occurrences_count_as_two() -> None:
    with pytest.raises(ToolFailure, match="'find' occurs 2 times"):
        apply_replacements("aaa", [Replacement(find="aa", replace="b")], "edit 1")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (PageEdit(op="replace", page_id="p"), "edit 3 (replace on p): give replacements"),
        (PageEdit(op="delete"), "edit 3 (delete): give page_id"),
        (
            PageEdit(op="revert", page_id="p", title="T"),
            "edit 3 (revert on p): title only go with op=insert",
        ),
        (
            PageEdit(op="insert", title="T", page_id="p"),
            "edit 3 (insert on p): an insert takes title, markdown",
        ),
    ],
)
def test_an_edit_lacking_what_its_op_needs_is_refused_by_its_position(
    edit: PageEdit, message: str
) -> None:
    with pytest.raises(ToolFailure, match="^" + re.escape(message)):
        check_edit(2, edit)


def test_an_insert_becomes_an_insert_page_change_under_its_parent() -> None:
    edit = PageEdit(op="insert", title="Flags", markdown="# Flags\n", parent_id="pg_a", position=0)
    assert batch_change(edit) == {
        "operation": "insert_page",
        "title": "Flags",
        "document": {"markdown": "# Flags\n"},
        "into": "pg_a",
        "at": 0,
    }


def test_a_long_diff_comes_in_windows_that_cover_it_once() -> None:
    before = "".join(f"line {n}\n" for n in range(300))
    after = before.replace("line 1", "LINE 1")  # lines 1, 10-19, 100-199 change
    lines = diff_lines(PageText("p", "P", "guide/p", before, after))
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        part = window(lines, offset=offset, limit=50)
        seen += part.lines
        offset = part.next_offset
    assert seen == lines
    assert lines[:2] == ["--- a/guide/p", "+++ b/guide/p"]
    assert sum(1 for line in lines if line.startswith("+LINE 1")) == 111


def test_a_created_page_diffs_from_dev_null() -> None:
    lines = diff_lines(PageText("p", "P", "p", None, "one\n"))
    assert lines[:2] == ["--- /dev/null", "+++ b/p"]
    assert lines[-1] == "+one"
