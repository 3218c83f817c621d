"""An API answer that cannot be read is reported as the API's fault, never as bad arguments.

The server runs over the demo local workspace through a transport that replaces the answer of
one operation with a body the client's model cannot read; the request itself still reaches the
workspace, so a write is really applied.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.comments import COMMENT_INSTALL_TYPO
from gitbook_mcp.server.runner import create_server
from tests.conftest import CANARY

pytestmark = pytest.mark.anyio

UNREADABLE = {"object": "unexpected", "id": ["not", "a", "string"], "echo": CANARY}


class Corrupting(LocalTransport):
    """The local workspace, except that answers to ``method`` on ``pattern`` are replaced."""

    def __init__(self, app: object, method: str, pattern: str) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.method = method
        self.pattern = re.compile(pattern)
        self.sent: list[str] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        self.sent.append(f"{request.method} {request.url.path}")
        response = await super().handle_async_request(request)
        if request.method == self.method and self.pattern.search(request.url.path):
            await response.aread()
            return httpx2.Response(200, json=UNREADABLE, request=request)
        return response


@asynccontextmanager
async def session(
    store: Store, method: str, pattern: str, sent: list[str] | None = None
) -> AsyncIterator[Client]:
    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        transport = Corrupting(create_app(store), method, pattern)
        transport.sent = sent if sent is not None else transport.sent
        async with GitBookClient(
            token=CANARY, base_url="http://local.test/v1", transport=transport
        ) as client:
            yield client

    server = create_server(Settings(local=True), factory=factory)
    async with Client(server, cache=None) as client:
        yield client


def _text(result: object) -> str:
    return " ".join(getattr(c, "text", "") for c in getattr(result, "content", []))


async def test_a_read_with_an_unreadable_answer_blames_the_api(store: Store) -> None:
    async with session(store, "GET", r"/content/page/") as client:
        result = await client.call_tool(
            "get_page", {"space_id": "spc_handbook", "page_id": "pg_install"}
        )
    text = _text(result)
    assert result.is_error
    assert "answer could not be read" in text
    assert "not of the arguments" in text
    assert "Invalid arguments" not in text
    assert "fix these fields" not in text
    assert CANARY not in text


async def test_a_write_with_an_unreadable_answer_says_it_was_done(
    store: Store,
) -> None:
    async with session(store, "PUT", r"/comments/[^/]+$") as client:
        result = await client.call_tool(
            "update_comment",
            {"space_id": "spc_handbook", "comment_id": COMMENT_INSTALL_TYPO, "resolved": True},
        )
    text = _text(result)
    assert result.is_error
    assert "answer could not be read" in text
    assert text.startswith("Done")
    assert "Do not retry" in text
    assert "Invalid arguments" not in text
    status = store.db.scalar("SELECT status FROM comments WHERE id = ?", (COMMENT_INSTALL_TYPO,))
    assert status == "resolved"


async def test_a_comment_posted_with_an_unreadable_answer_is_done_and_sent_once(
    store: Store,
) -> None:
    sent: list[str] = []
    before = store.db.scalar("SELECT COUNT(*) FROM comments", ())
    async with session(store, "POST", r"/spaces/spc_handbook/comments$", sent) as client:
        result = await client.call_tool(
            "post_comment", {"space_id": "spc_handbook", "markdown": "Typo in step 2"}
        )
    text = _text(result)
    posts = [line for line in sent if line.startswith("POST ")]
    assert posts == ["POST /v1/spaces/spc_handbook/comments"]
    assert text.startswith("Done")
    assert "answer could not be read" in text
    assert "Do not retry" in text
    assert CANARY not in text
    assert store.db.scalar("SELECT COUNT(*) FROM comments", ()) == before + 1
