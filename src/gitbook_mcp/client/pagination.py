"""Paginated lists: await one page, or ``async for`` over every item, following ``next.page``."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Generator
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from gitbook_mcp.client.constants import DEFAULT_MAX_PAGES
from gitbook_mcp.client.errors import ListingTooLongError

__all__ = ["AsyncPaginator", "ListPage", "NextPage", "list_page_of"]

T = TypeVar("T")


class NextPage(BaseModel):
    model_config = ConfigDict(extra="allow")
    page: str | None = None


class ListPage(BaseModel, Generic[T]):
    """One page of a list: ``items``, ``count`` and the cursor of the next page, if any."""

    model_config = ConfigDict(extra="allow")

    items: list[T] = Field(default_factory=list)
    count: int | None = None
    next: NextPage | None = None

    @property
    def next_cursor(self) -> str | None:
        """The opaque cursor to pass as ``page`` for the next page; None on the last page."""
        if self.next is None or not self.next.page:
            return None
        return self.next.page


@functools.cache
def list_page_of(item: type[T]) -> type[ListPage[T]]:
    """``ListPage[item]``, made at run time once per item and kept: pydantic's own cache of
    parametrized models holds them weakly, so a page model nothing else held was built again
    (3-10 ms) at each list call after a garbage collection."""
    model = ListPage.__class_getitem__(item)
    if not (isinstance(model, type) and issubclass(model, ListPage)):
        raise TypeError(f"cannot build a page model of {item!r}")
    return model


PageFetcher = Callable[[str | None], Awaitable[ListPage[T]]]


class AsyncPaginator(Generic[T]):
    """A lazy list. ``await`` it for the first page; ``async for`` it for every item.

    The first page is fetched with the cursor the caller passed (if any), so a caller that
    stored ``next_cursor`` can resume where it left off. A walk reads at most ``max_pages``
    pages: one more cursor after those raises `ListingTooLongError` (``path`` names the list).
    """

    def __init__(
        self,
        fetch: PageFetcher[T],
        *,
        start: str | None = None,
        max_pages: int = DEFAULT_MAX_PAGES,
        path: str = "",
    ) -> None:
        self._fetch = fetch
        self._start = start
        self._max_pages = max(max_pages, 1)
        self._path = path

    def __await__(self) -> Generator[Any, None, ListPage[T]]:
        return self._fetch(self._start).__await__()

    async def pages(self) -> AsyncIterator[ListPage[T]]:
        """Every page in turn, stopping on a page without a cursor (or one seen before).

        Raises `ListingTooLongError` when a cursor still follows the ``max_pages``-th page.
        """
        cursor = self._start
        seen: set[str] = set()
        for _ in range(self._max_pages):
            page = await self._fetch(cursor)
            yield page
            cursor = page.next_cursor
            if cursor is None or cursor in seen:
                return
            seen.add(cursor)
        raise ListingTooLongError(path=self._path, max_pages=self._max_pages)

    async def __aiter__(self) -> AsyncIterator[T]:
        async for page in self.pages():
            for item in page.items:
                yield item

    async def to_list(self, *, max_items: int | None = None) -> list[T]:
        """Collect items into a list, stopping after ``max_items`` when given."""
        out: list[T] = []
        async for item in self:
            out.append(item)
            if max_items is not None and len(out) >= max_items:
                break
        return out
