"""A request's URL is parsed once, and is the URL ``httpx2`` would have joined from the base,
the path and the query."""

from __future__ import annotations

import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client._base import _encode_query
from gitbook_mcp.client.paths import fill_path

pytestmark = pytest.mark.anyio

IDS = ["s1", "a b", "ü/é", "x?y#z", "100%", "-legacy_Id", "a+b&c=d", "~tilde", "é" * 40]
QUERIES: list[dict[str, object]] = [
    {},
    {"format": "document"},
    {"format": "markdown", "metadata": False, "computed": True},
    {"limit": 50, "page": "cursor+/=?&#é"},
    {"ids": ["a", "b c"], "q": "100% ü", "none": None},
]


@pytest.mark.parametrize(
    "base", ["https://api.gitbook.com/v1", "http://x.test:8080/v1/", "http://h", "http://h/v1//"]
)
@pytest.mark.parametrize("query", QUERIES)
async def test_the_url_is_the_one_httpx2_would_join(base: str, query: dict[str, object]) -> None:
    async with GitBookClient(token="t", base_url=base) as client:
        for ident in IDS:
            path = fill_path(
                "/spaces/{spaceId}/content/page/{pageId}", {"spaceId": ident, "pageId": "p"}
            )
            params = _encode_query(query)
            expected = client._http.build_request("GET", path, params=params).url
            assert client._url(path, params) == expected
            assert str(client._url(path, params)) == str(expected)


async def test_a_base_with_a_query_is_left_to_httpx2() -> None:
    async with GitBookClient(token="t", base_url="http://h/v1?tenant=a") as client:
        params = _encode_query({"format": "document"})
        expected = client._http.build_request("GET", "/spaces/s1", params=params).url
        assert client._url("/spaces/s1", params) == expected
