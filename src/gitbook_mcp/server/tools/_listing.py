"""How a listing tool answers: rows with the next cursor, or the one object asked for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from gitbook_mcp.client.pagination import ListPage

__all__ = ["listing", "one_or_page"]

T = TypeVar("T")
V = TypeVar("V")


def listing(rows: list[str], cursor: str | None, *, empty: str = "None.") -> str:
    """Rows, one a line (or ``empty``), with the cursor of the next page if there is one."""
    more = f"\nMore: pass cursor={cursor!r}" if cursor else ""
    return ("\n".join(rows) or empty) + more


async def one_or_page(
    wanted: str | None,
    get: Callable[[str], Awaitable[T]],
    page: Callable[[], Awaitable[ListPage[T]]],
    view: Callable[[T], V],
) -> tuple[list[V], str | None]:
    """The views of the one object ``wanted`` names (read with ``get``), else of one ``page``
    with its next cursor: how the listing tools that can also read one object answer."""
    if wanted:
        return [view(await get(wanted))], None
    found = await page()
    return [view(item) for item in found.items], found.next_cursor
