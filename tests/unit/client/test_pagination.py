"""Paginated lists: await one page, ``async for`` every item following ``next.page``, resume from
a cursor, stop on a repeated cursor, and page models built per item type.
"""

from __future__ import annotations

import gc
import weakref

import httpx2
import pytest

from gitbook_mcp.client import AsyncPaginator, GitBookClient, ListPage
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.pagination import list_page_of

pytestmark = pytest.mark.anyio

SPACE = {"object": "space", "id": "s1", "title": "Docs"}


async def test_pagination_follows_next_page_and_await_gives_one_page() -> None:
    pages = {
        None: {
            "items": [{**SPACE, "id": "a"}, {**SPACE, "id": "b"}],
            "count": 5,
            "next": {"page": "p2"},
        },
        "p2": {
            "items": [{**SPACE, "id": "c"}, {**SPACE, "id": "d"}],
            "count": 5,
            "next": {"page": "p3"},
        },
        "p3": {"items": [{**SPACE, "id": "e"}], "count": 5},
    }
    requests: list[httpx2.Request] = []

    def serve(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return httpx2.Response(200, json=pages[request.url.params.get("page")])

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(serve)
    ) as client:
        first = await client.spaces.list("org", limit=2)
        ids = [space.id async for space in client.spaces.list("org", limit=2)]
        resumed = await client.spaces.list("org", limit=2, page="p3")
    assert [s.id for s in first.items] == ["a", "b"]
    assert first.next_cursor == "p2"
    assert ids == ["a", "b", "c", "d", "e"]
    assert [s.id for s in resumed.items] == ["e"]
    assert resumed.next_cursor is None
    assert all(r.url.params["limit"] == "2" for r in requests)


def _pages(cursors: dict[str | None, str | None]) -> tuple[AsyncPaginator[int], list[str | None]]:
    fetched: list[str | None] = []

    async def fetch(cursor: str | None) -> ListPage[int]:
        fetched.append(cursor)
        following = cursors[cursor]
        return ListPage[int](items=[len(fetched)], next={"page": following} if following else None)

    return AsyncPaginator(fetch), fetched


async def test_a_cursor_seen_before_ends_the_walk() -> None:
    paginator, fetched = _pages({None: "a", "a": "b", "b": "a"})
    assert [item async for item in paginator] == [1, 2, 3]
    assert fetched == [None, "a", "b"]


async def test_to_list_stops_after_max_items() -> None:
    paginator, fetched = _pages({None: "a", "a": "b", "b": None})
    assert await paginator.to_list(max_items=2) == [1, 2]
    assert fetched == [None, "a"]


def test_a_page_model_is_built_per_item_type_and_parses_its_items() -> None:
    model = list_page_of(Space)
    assert model is list_page_of(Space)
    page = model.model_validate({"items": [SPACE], "next": {"page": ""}})
    assert isinstance(page.items[0], Space)
    assert page.next_cursor is None


def test_a_page_model_is_kept_when_nothing_else_holds_it() -> None:
    class Item(Space):  # a type no other test has built a page model of
        pass

    built = weakref.ref(list_page_of(Item))
    gc.collect()  # pydantic's own cache of parametrized models holds them weakly
    assert built() is not None
    assert list_page_of(Item) is built()
