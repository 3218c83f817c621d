"""Keyset pagination with opaque cursors that stay correct while items come and go.

A cursor holds the sort key of the last item served; the next page starts strictly after that
key, so inserting or deleting items between two page reads neither repeats nor skips the
items that were there all along.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gitbook_mcp.local.errors import Invalid

__all__ = ["DEFAULT_LIMIT", "FIRST_PAGE", "MAX_LIMIT", "PageWindow", "paginate"]

T = TypeVar("T")
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class PageWindow:
    """Which page of a list: the cursor a previous page gave (None for the first page) and the
    page size (None for the default); the HTTP edge reads both from the query."""

    cursor: str | None = None
    limit: int | None = None


FIRST_PAGE = PageWindow()


def _encode(key: Sequence[Any]) -> str:
    raw = json.dumps(list(key), separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode(cursor: str) -> list[Any]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        value = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (ValueError, TypeError) as exc:
        raise Invalid("page", "is not a cursor returned by this API") from exc
    if not isinstance(value, list):
        raise Invalid("page", "is not a cursor returned by this API")
    return value


def _comparable(key: list[Any], last: list[Any]) -> bool:
    """Same length, and each element of the same type (or both numbers)."""
    if len(key) != len(last):
        return False
    return all(
        type(a) is type(b) or (isinstance(a, int | float) and isinstance(b, int | float))
        for a, b in zip(key, last, strict=True)
    )


def paginate(
    items: Sequence[T],
    *,
    key: Callable[[T], Sequence[Any]],
    paging: PageWindow,
    descending: bool = False,
    render: Callable[[T], Any] | None = None,
) -> dict[str, Any]:
    """The page envelope ``{items, count, next?}`` for ``items`` sorted by ``key``.

    ``count`` is the total number of items in the list, not on this page.
    """
    size = DEFAULT_LIMIT if paging.limit is None else paging.limit
    cursor = paging.cursor
    ordered = sorted(items, key=lambda item: list(key(item)), reverse=descending)
    start = 0
    if cursor:
        last = _decode(cursor)
        start = len(ordered)
        for index, item in enumerate(ordered):
            k = list(key(item))
            if not _comparable(k, last):
                # A cursor of another list (or forged) must be a 400, never a TypeError.
                raise Invalid("page", "is not a cursor of this list")
            if (k < last) if descending else (k > last):
                start = index
                break
    chunk = ordered[start : start + size]
    envelope: dict[str, Any] = {
        "items": [render(i) if render else i for i in chunk],
        "count": len(ordered),
    }
    if start + size < len(ordered) and chunk:
        envelope["next"] = {"page": _encode(key(chunk[-1]))}
    return envelope
