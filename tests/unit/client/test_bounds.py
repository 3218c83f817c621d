"""Upstream answers are bounded: decoded body bytes, one attempt's total time, pages per list, and
error bodies too deeply nested to parse.
"""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from typing import Any

import anyio
import httpx2
import pytest
from anyio.abc import SocketStream, TaskGroup

from gitbook_mcp.client import (
    APITimeoutError,
    BadRequestError,
    GitBookClient,
    InternalServerError,
    ListingTooLongError,
    UnreadableWriteResult,
    constants,
)
from gitbook_mcp.client.errors import APIResponseValidationError

pytestmark = pytest.mark.anyio

SPACE = b'{"object": "space", "id": "s1", "title": "Docs"}'
MIB = 1024 * 1024


class Chunks:
    """A streamed body: ``count`` chunks of ``chunk`` bytes, counting how many were pulled."""

    def __init__(self, chunk: bytes, count: int, pause: float = 0.0) -> None:
        self.chunk, self.count, self.pause = chunk, count, pause
        self.pulled = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for _ in range(self.count):
            self.pulled += 1
            if self.pause:
                await anyio.sleep(self.pause)
            yield self.chunk


def client_for(
    answer: httpx2.Response | Any, requests: list[httpx2.Request], **options: Any
) -> GitBookClient:
    def serve(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return answer() if callable(answer) else answer

    return GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(serve), **options
    )


def test_the_limits_are_named_constants() -> None:
    assert constants.DEFAULT_MAX_RESPONSE_BYTES == 16 * MIB
    assert constants.DEFAULT_ATTEMPT_DEADLINE == 60.0
    assert constants.DEFAULT_MAX_PAGES == 500
    client = GitBookClient(token="t")
    assert (client.max_response_bytes, client.attempt_deadline, client.max_pages) == (
        16 * MIB,
        60.0,
        500,
    )


async def test_a_body_over_the_cap_is_refused_naming_the_cap_and_not_read_whole() -> None:
    body = Chunks(b" " * 65536, count=300)  # about 20 MB, streamed
    requests: list[httpx2.Request] = []
    async with client_for(
        lambda: httpx2.Response(200, content=body), requests, max_response_bytes=MIB
    ) as client:
        with pytest.raises(APIResponseValidationError) as caught:
            await client.spaces.get("s1")
    assert f"cap of {MIB} bytes (max_response_bytes)" in str(caught.value)
    assert body.pulled <= MIB // 65536 + 1
    assert len(requests) == 1


async def test_a_gzip_bomb_is_stopped_by_its_decoded_size() -> None:
    bomb = gzip.compress(b"\0" * (10 * MIB))
    assert len(bomb) < 64 * 1024
    requests: list[httpx2.Request] = []

    def answer() -> httpx2.Response:
        return httpx2.Response(
            200, content=Chunks(bomb, count=1), headers={"Content-Encoding": "gzip"}
        )

    async with client_for(answer, requests, max_response_bytes=MIB) as client:
        with pytest.raises(APIResponseValidationError, match="max_response_bytes"):
            await client.spaces.get("s1")
        with pytest.raises(UnreadableWriteResult, match="max_response_bytes"):
            await client.spaces.update("s1", title="New")
    assert len(requests) == 2


async def test_a_compressed_answer_under_the_cap_is_read() -> None:
    requests: list[httpx2.Request] = []

    def answer() -> httpx2.Response:
        packed = gzip.compress(SPACE)
        return httpx2.Response(
            200, content=Chunks(packed, count=1), headers={"Content-Encoding": "gzip"}
        )

    async with client_for(answer, requests, max_response_bytes=len(SPACE)) as client:
        assert (await client.spaces.get("s1")).title == "Docs"


async def test_a_broken_content_encoding_is_an_unreadable_answer() -> None:
    requests: list[httpx2.Request] = []

    def answer() -> httpx2.Response:
        return httpx2.Response(
            200, content=Chunks(b"not gzip at all", 1), headers={"Content-Encoding": "gzip"}
        )

    async with client_for(answer, requests) as client:
        with pytest.raises(APIResponseValidationError, match="content encoding"):
            await client.spaces.get("s1")


async def test_an_error_body_over_the_cap_is_not_read_and_the_status_still_counts() -> None:
    requests: list[httpx2.Request] = []
    async with client_for(
        lambda: httpx2.Response(500, content=Chunks(b"x" * 65536, count=100)),
        requests,
        max_response_bytes=MIB,
        max_retries=0,
    ) as client:
        with pytest.raises(InternalServerError) as caught:
            await client.spaces.get("s1")
    assert caught.value.status_code == 500
    assert "max_response_bytes" in caught.value.message


async def test_a_dripping_body_fails_at_the_attempt_deadline_and_is_not_retried() -> None:
    requests: list[httpx2.Request] = []
    async with client_for(
        lambda: httpx2.Response(200, content=Chunks(b" ", count=10_000, pause=0.05)),
        requests,
        attempt_deadline=0.2,
    ) as client:
        with pytest.raises(APITimeoutError) as caught:
            await client.spaces.get("s1")
    assert "attempt_deadline" in str(caught.value)
    assert len(requests) == 1


async def _drip(stream: SocketStream) -> None:
    async with stream:
        data = b""
        while b"\r\n\r\n" not in data:
            data += await stream.receive()
        head = (
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
        )
        await stream.send(head)
        for _ in range(10_000):
            await stream.send(b" ")
            await anyio.sleep(0.05)


async def test_a_loopback_server_dripping_under_the_read_timeout_is_cut_by_the_deadline() -> None:
    listener = await anyio.create_tcp_listener(local_host="127.0.0.1", local_port=0)
    port = listener.extra(anyio.abc.SocketAttribute.local_port)

    async def serve(tg: TaskGroup) -> None:
        await listener.serve(_drip, task_group=tg)

    async with listener, anyio.create_task_group() as tg:
        tg.start_soon(serve, tg)
        client = GitBookClient(
            token="t", base_url=f"http://127.0.0.1:{port}/v1", timeout=5.0, attempt_deadline=0.2
        )
        async with client:
            with pytest.raises(APITimeoutError, match="attempt_deadline"):
                await client.spaces.get("s1")
        tg.cancel_scope.cancel()


@pytest.mark.parametrize("depth", [100_000])
async def test_an_error_body_nested_too_deep_reads_as_text(depth: int) -> None:
    requests: list[httpx2.Request] = []
    nested = b"[" * depth + b"]" * depth
    async with client_for(httpx2.Response(400, content=nested), requests) as client:
        with pytest.raises(BadRequestError) as caught:
            await client.spaces.get("s1")
    assert isinstance(caught.value.body, str)
    deep_object = b'{"error": ' * depth + b"1" + b"}" * depth
    async with client_for(httpx2.Response(200, content=deep_object), requests) as client:
        with pytest.raises(APIResponseValidationError):
            await client.spaces.get("s1")


def _endless_pages(requests: list[httpx2.Request]) -> Any:
    def answer() -> httpx2.Response:
        cursor = f"c{len(requests)}"
        item = SPACE.decode()
        return httpx2.Response(
            200, content=f'{{"items": [{item}], "next": {{"page": "{cursor}"}}}}'.encode()
        )

    return answer


async def test_a_list_whose_cursor_never_ends_stops_at_the_page_cap() -> None:
    requests: list[httpx2.Request] = []
    seen: list[str] = []

    async def walk(client: GitBookClient) -> None:
        async for space in client.spaces.list("org"):
            seen.append(space.id)

    async with client_for(_endless_pages(requests), requests, max_pages=5) as client:
        with pytest.raises(ListingTooLongError) as caught:
            await walk(client)
    assert len(requests) == 5
    assert len(seen) == 5
    assert caught.value.max_pages == 5
    assert "cap of 5 pages (max_pages)" in str(caught.value)
    assert caught.value.path == "/orgs/{organizationId}/spaces"


async def test_a_list_of_exactly_the_page_cap_is_read_whole() -> None:
    requests: list[httpx2.Request] = []

    def answer() -> httpx2.Response:
        last = len(requests) >= 3
        following = "null" if last else f'{{"page": "c{len(requests)}"}}'
        return httpx2.Response(
            200, content=f'{{"items": [{SPACE.decode()}], "next": {following}}}'.encode()
        )

    async with client_for(answer, requests, max_pages=3) as client:
        assert len(await client.spaces.list("org").to_list()) == 3
    assert len(requests) == 3


async def test_a_repeated_cursor_ends_a_client_list() -> None:
    requests: list[httpx2.Request] = []

    def answer() -> httpx2.Response:
        return httpx2.Response(
            200, content=b'{"items": [' + SPACE + b'], "next": {"page": "same"}}'
        )

    async with client_for(answer, requests) as client:
        assert len(await client.spaces.list("org").to_list()) == 2
    assert len(requests) == 2


def _tree(pages: int) -> bytes:
    """A revision whose page tree has ``pages`` pages (about 120 bytes each)."""
    items = ",".join(
        f'{{"id":"p{i}","title":"Page {i}","type":"document","path":"page-{i}"}}'
        for i in range(pages)
    )
    return (
        '{"object":"revision","id":"r1","type":"edits","parents":[],"files":[],'
        '"reusableContents":[],"createdAt":"2026-01-01T00:00:00Z",'
        f'"urls":{{"app":"http://app.test/r1"}},"pages":[{items}]}}'
    ).encode()


async def test_a_page_tree_over_the_body_cap_is_read_under_the_tree_cap() -> None:
    """The page tree grows with the space: it has its own cap; other answers keep theirs."""
    tree = _tree(2000)
    assert len(tree) > 64 * 1024
    requests: list[httpx2.Request] = []
    answer = httpx2.Response(200, content=tree)
    async with client_for(
        answer, requests, max_response_bytes=64 * 1024, max_tree_bytes=MIB
    ) as client:
        assert len((await client.space_content.get_revision("s1")).pages) == 2000
        assert len((await client.change_request_content.get_revision("s1", "cr1")).pages) == 2000
        with pytest.raises(APIResponseValidationError, match="max_response_bytes"):
            await client.spaces.get("s1")  # the same bytes on another route: refused


async def test_a_gzip_bomb_as_a_page_tree_is_stopped_at_the_tree_cap() -> None:
    bomb = gzip.compress(b"\0" * (10 * MIB))
    requests: list[httpx2.Request] = []
    chunks = Chunks(bomb, count=1)

    def answer() -> httpx2.Response:
        return httpx2.Response(200, content=chunks, headers={"Content-Encoding": "gzip"})

    async with client_for(answer, requests, max_response_bytes=MIB, max_tree_bytes=2 * MIB) as c:
        with pytest.raises(APIResponseValidationError, match=f"cap of {2 * MIB} bytes"):
            await c.space_content.get_revision("s1")
    assert c.max_tree_bytes == 2 * MIB
