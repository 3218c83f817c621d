"""The pure parts of the change_requests toolset: replacements, edit checks, diff windows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from gitbook_mcp.document import plain_text
from gitbook_mcp.document.nodes import block, document, mark, text
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools.change_requests import _edits
from gitbook_mcp.server.tools.change_requests._diff import PageSides, diff_lines, window
from gitbook_mcp.server.tools.change_requests._edits import (
    EDIT_MAX_CHARS,
    FIND_MAX_CHARS,
    INSERT_MAX_CHARS,
    REPLACE_MAX_CHARS,
    PageEdit,
    Replacement,
    apply_replacements,
    batch_change,
    check_content,
    check_edit,
    check_sizes,
)


def _page(*paragraphs: str) -> dict[str, Any]:
    return document([block("paragraph", [text(p)]) for p in paragraphs])


def _texts(doc: dict[str, Any]) -> list[str]:
    return [plain_text(node) for node in doc["nodes"]]


def test_replacements_apply_in_order_each_on_the_text_the_previous_left() -> None:
    steps = [Replacement(find="alpha", replace="beta"), Replacement(find="beta gamma", replace="x")]
    assert _texts(apply_replacements(_page("alpha gamma"), steps, "edit 1")) == ["x"]


def test_overlapping_occurrences_count_as_two() -> None:
    with pytest.raises(ToolFailure, match="'find' occurs more than once"):
        apply_replacements(_page("aaa"), [Replacement(find="aa", replace="b")], "edit 1")


def test_counting_matches_stops_at_the_second_on_a_repetitive_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Red-team N3: "a"*200000 with a find of "a"*100000 made 100001 scans of the page.
    limits: list[int] = []
    original = _edits.find_text

    def counted(doc: Any, needle: str, *, limit: int = 2) -> Any:
        limits.append(limit)
        found = original(doc, needle, limit=limit)
        assert len(found) <= limit
        return found

    monkeypatch.setattr(_edits, "find_text", counted)
    with pytest.raises(ToolFailure, match="occurs more than once"):
        apply_replacements(_page("a" * 2000), [Replacement(find="a" * 1000, replace="b")], "e")
    assert limits == [2]


def test_plain_text_over_differently_formatted_runs_is_refused_naming_them() -> None:
    doc = document(
        [block("paragraph", [text("Click "), text("Sign In", [mark("bold")]), text(".")])]
    )
    with pytest.raises(ToolFailure) as refused:
        apply_replacements(doc, [Replacement(find="Click Sign In.", replace="Press Go.")], "e")
    message = str(refused.value)
    assert "plain 'Click '; bold 'Sign In'" in message
    assert "inline markdown" in message
    assert "Nothing was sent" in message
    kept = apply_replacements(
        doc, [Replacement(find="Click Sign In.", replace="Press Sign In.")], "e"
    )
    assert [leaf["marks"] for n in kept["nodes"][0]["nodes"] for leaf in n["leaves"]] == [
        [],
        [{"object": "mark", "type": "bold"}],
        [],
    ]
    assert _texts(kept) == ["Press Sign In."]


def test_a_find_spanning_two_blocks_is_not_found_and_says_so() -> None:
    with pytest.raises(ToolFailure, match="exact text of one block"):
        apply_replacements(_page("one", "two"), [Replacement(find="one\n\ntwo", replace="x")], "e")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("find", "a" * (FIND_MAX_CHARS + 1)),
        ("replace", "a" * (REPLACE_MAX_CHARS + 1)),
    ],
)
def test_a_replacement_over_its_size_cap_is_refused(field: str, value: str) -> None:
    args = {"find": "x", "replace": "y", field: value}
    with pytest.raises(ValidationError):
        Replacement(**args)


def test_an_insert_over_its_size_cap_is_refused() -> None:
    with pytest.raises(ValidationError):
        PageEdit(op="insert", title="T", markdown="a" * (INSERT_MAX_CHARS + 1))


def test_the_edits_of_one_call_together_are_capped() -> None:
    big = Replacement(find="x", replace="a" * REPLACE_MAX_CHARS)
    edit = PageEdit(op="replace", page_id="p", replacements=[big] * 4)
    check_sizes([edit])  # 4 * (REPLACE_MAX_CHARS + 1) is under the cap; a fifth is over it
    with pytest.raises(ToolFailure, match=f"at most {EDIT_MAX_CHARS} go in one call"):
        check_sizes([edit, PageEdit(op="replace", page_id="q", replacements=[big])])


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (PageEdit(op="replace", page_id="p"), "edit 3 (replace on p): give replacements"),
        (PageEdit(op="delete"), "edit 3 (delete): give page_id"),
        (
            PageEdit(op="revert", page_id="p", title="T"),
            "edit 3 (revert on p): title do not go with op=revert",
        ),
        (
            PageEdit(op="insert", title="T", page_id="p"),
            "edit 3 (insert on p): an insert takes title, slug, markdown",
        ),
    ],
)
def test_an_edit_lacking_what_its_op_needs_is_refused_by_its_position(
    edit: PageEdit, message: str
) -> None:
    with pytest.raises(ToolFailure, match="^" + re.escape(message)):
        check_edit(2, edit)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            PageEdit(
                op="replace", page_id="p", replacements=[Replacement(find="a", replace="...")]
            ),
            "placeholder '...'",
        ),
        (
            PageEdit(
                op="replace",
                page_id="p",
                replacements=[Replacement(find="a", replace="b (rest unchanged)")],
            ),
            "placeholder 'rest unchanged'",
        ),
        (
            PageEdit(op="insert", title="T", markdown="# T\n\nIntro.\n\n(remaining content)\n"),
            "placeholder 'remaining content'",
        ),
        (
            PageEdit(
                op="replace",
                page_id="p",
                replacements=[Replacement(find="a", replace="{% endhint %}")],
            ),
            "markers in it would show as text",
        ),
        (PageEdit(op="move", page_id="p"), "a move needs parent_id"),
        (PageEdit(op="rewrite", page_id="p"), "a rewrite needs markdown"),
        (PageEdit(op="rewrite", page_id="p", markdown="x", title="T"), "title do not go"),
    ],
)
def test_placeholders_markers_in_text_and_empty_moves_are_refused(
    edit: PageEdit, message: str
) -> None:
    def check() -> None:
        check_edit(0, edit)
        check_content(0, edit)

    with pytest.raises(ToolFailure, match=re.escape(message)):
        check()


def test_a_rewrite_is_an_update_page_with_the_whole_markdown() -> None:
    edit = PageEdit(op="rewrite", page_id="p", markdown="# P\n\nAll of it.\n")
    assert batch_change(edit) == {
        "operation": "update_page",
        "page": "p",
        "document": {"markdown": "# P\n\nAll of it.\n"},
    }


def test_a_move_is_an_update_page_with_into_and_at() -> None:
    to_root = PageEdit(op="move", page_id="p", parent_id="root", position=1)
    assert batch_change(to_root) == {"operation": "update_page", "page": "p", "into": None, "at": 1}
    under = PageEdit(op="move", page_id="p", parent_id="q")
    assert batch_change(under) == {"operation": "update_page", "page": "p", "into": "q"}


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
    lines = diff_lines(PageSides("p", "P", "guide/p", before, after))
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
    lines = diff_lines(PageSides("p", "P", "p", None, "one\n"))
    assert lines[:2] == ["--- /dev/null", "+++ b/p"]
    assert lines[-1] == "+one"


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ({"op": "insert_blocks", "page_id": "p", "block": "x"}, "needs markdown"),
        ({"op": "replace_block", "page_id": "p", "markdown": "x"}, "needs block"),
        ({"op": "move_block", "page_id": "p", "block": "x"}, "needs to"),
        ({"op": "delete_block", "page_id": "p", "block": "x", "to": "y"}, "to do not go"),
        ({"op": "replace", "page_id": "p", "block": "x"}, "block do not go"),
        ({"op": "settle", "page_id": "p", "before": True}, "before do not go"),
        ({"op": "insert", "title": "T", "markdown": "x", "block": "y"}, "an insert takes"),
        (
            {"op": "delete_block", "page_id": "p", "block": "x" * (FIND_MAX_CHARS + 1)},
            f"at most {FIND_MAX_CHARS}",
        ),
    ],
)
def test_a_block_edit_without_what_it_needs_or_with_what_it_cannot_use_is_refused(
    edit: dict[str, Any], said: str
) -> None:
    with pytest.raises(ToolFailure, match=re.escape(said)):
        check_edit(0, PageEdit.model_validate(edit))


@pytest.mark.parametrize(
    "edit",
    [
        {"op": "insert_blocks", "page_id": "p", "block": "x", "markdown": "y", "before": True},
        {"op": "replace_block", "page_id": "p", "block": "x", "markdown": "y"},
        {"op": "delete_block", "page_id": "p", "block": "x"},
        {"op": "move_block", "page_id": "p", "block": "x", "to": "y"},
        {"op": "settle", "page_id": "p"},
    ],
)
def test_a_block_edit_with_what_it_needs_passes(edit: dict[str, Any]) -> None:
    check_edit(0, PageEdit.model_validate(edit))
