"""Path parameters are encoded and checked before sending, so no value can reach another endpoint.

Run against the local workspace through a recording transport: a refused value sends nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx2
import pytest

from gitbook_mcp.client import (
    GitBookClient,
    InvalidPathParameterError,
    InvalidRequestError,
    NotFoundError,
)
from gitbook_mcp.local import LocalTransport, Store
from tests.conftest import CANARY

pytestmark = pytest.mark.anyio

SPACE = "spc_handbook"


class Recording(LocalTransport):
    """The local workspace in process, recording the raw path of every request it receives."""

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.paths: list[bytes] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        self.paths.append(request.url.raw_path)
        return await super().handle_async_request(request)


@pytest.fixture
async def local(app: object, store: Store) -> AsyncIterator[tuple[GitBookClient, Recording]]:
    transport = Recording(app)
    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=transport
    ) as client:
        yield client, transport


Call = Callable[[GitBookClient], Awaitable[Any]]


@pytest.mark.parametrize("bad", ["", ".", ".."])
@pytest.mark.parametrize(
    "call",
    [
        lambda c, v: c.spaces.get(v),
        lambda c, v: c.space_content.get_page(SPACE, v),
        lambda c, v: c.comments.get(v, "c1"),
        lambda c, v: c.change_request_content.get_file(SPACE, "1", v),
        lambda c, v: c.space_permissions.remove_user(SPACE, v),
    ],
)
async def test_empty_and_dot_ids_are_refused_before_sending(
    local: tuple[GitBookClient, Recording], call: Callable[[GitBookClient, str], Any], bad: str
) -> None:
    client, transport = local
    with pytest.raises(InvalidPathParameterError, match="path parameter"):
        await call(client, bad)
    assert transport.paths == []


@pytest.mark.parametrize("bad", ["", ".", ".."])
async def test_a_list_with_a_bad_id_is_refused_when_called(
    local: tuple[GitBookClient, Recording], bad: str
) -> None:
    client, transport = local
    with pytest.raises(InvalidPathParameterError):
        client.spaces.list(bad)
    assert transport.paths == []


@pytest.mark.parametrize(
    "bad",
    [
        "../../../orgs",
        "..",
        ".",
        "guides/../../x",
        "guides/./install",
        "/guides",
        "guides/",
        "a//b",
    ],
)
async def test_page_paths_with_dot_or_empty_segments_are_refused_before_sending(
    local: tuple[GitBookClient, Recording], bad: str
) -> None:
    client, transport = local
    with pytest.raises(InvalidPathParameterError, match="page path") as caught:
        await client.space_content.get_page_by_path(SPACE, bad)
    with pytest.raises(InvalidPathParameterError):
        await client.change_request_content.get_page_by_path(SPACE, "1", bad)
    assert transport.paths == []
    assert isinstance(caught.value, InvalidRequestError)
    assert isinstance(caught.value, ValueError)


async def test_a_real_page_path_still_reaches_its_page(
    local: tuple[GitBookClient, Recording],
) -> None:
    client, transport = local
    tree = await client.space_content.list_pages(SPACE)
    nested = next(p for p, _ in tree.walk() if "/" in (p.path or ""))
    page = await client.space_content.get_page_by_path(SPACE, nested.path)
    assert page.id == nested.id
    assert transport.paths[-1].endswith(nested.path.encode())


async def test_each_page_path_segment_is_percent_encoded(
    local: tuple[GitBookClient, Recording],
) -> None:
    client, transport = local
    with pytest.raises(NotFoundError):
        await client.space_content.get_page_by_path(SPACE, "a b/c?d#e/%2e%2e")
    assert transport.paths == [b"/v1/spaces/spc_handbook/content/path/a%20b/c%3Fd%23e/%252e%252e"]


async def test_a_slash_in_an_id_is_encoded_not_a_separator(
    local: tuple[GitBookClient, Recording],
) -> None:
    client, transport = local
    with pytest.raises(NotFoundError):
        await client.space_content.get_page(SPACE, "../../x/y")
    assert transport.paths == [b"/v1/spaces/spc_handbook/content/page/..%2F..%2Fx%2Fy"]
