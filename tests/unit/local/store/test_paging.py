"""Keyset pagination: stable across inserts and deletes, foreign cursors refused."""

from __future__ import annotations

import pytest

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.paging import PageWindow, paginate


def test_keyset_pagination_survives_inserts_and_deletes() -> None:
    items = list(range(0, 100, 10))
    first = paginate(items, key=lambda i: (i,), paging=PageWindow(None, 3))
    assert first["items"] == [0, 10, 20]
    assert first["count"] == 10
    items.remove(10)
    items.append(25)
    second = paginate(items, key=lambda i: (i,), paging=PageWindow(first["next"]["page"], 3))
    assert second["items"] == [25, 30, 40]


@pytest.mark.parametrize(
    "foreign", [(1,), ("a", 2, 3), ("a", "b")], ids=["shorter", "longer", "other-kinds"]
)
def test_a_cursor_of_another_list_is_invalid_not_a_crash(foreign: tuple[object, ...]) -> None:
    items = [("x", 1), ("y", 2), ("z", 3)]
    other = paginate([foreign, foreign], key=lambda i: i, paging=PageWindow(None, 1))
    with pytest.raises(Invalid, match="not a cursor of this list"):
        paginate(items, key=lambda i: i, paging=PageWindow(other["next"]["page"], 1))


def test_last_page_has_no_next() -> None:
    page = paginate([1, 2], key=lambda i: (i,), paging=PageWindow(None, 2))
    assert "next" not in page
