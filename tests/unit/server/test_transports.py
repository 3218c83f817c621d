"""The HTTP transports hold nothing open forever and keep session ids out of the logs."""

from __future__ import annotations

import logging
import socket
from typing import Any

import anyio
import pytest
import uvicorn
from starlette.types import Message, Receive, Scope, Send

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store
from gitbook_mcp.server.http.transports import BodyLimit, http_app, uvicorn_config
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio

SESSION = "5c1b0f3e9a7d4c2b8e6f1a0d3c5b7e9f"


async def _echo(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    message = await receive()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": message.get("body", b"")})


async def _call(app: Any, messages: list[Message], headers: dict[str, str]) -> list[Message]:
    """Drive an ASGI app with ``messages``; after them, ``receive`` waits forever."""
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/mcp",
        "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
    }
    pending = list(messages)
    sent: list[Message] = []

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


def _status(sent: list[Message]) -> int:
    return int(sent[0]["status"])


async def test_a_body_is_passed_on_whole() -> None:
    parts = [
        {"type": "http.request", "body": b"ab", "more_body": True},
        {"type": "http.request", "body": b"cd", "more_body": False},
    ]
    sent = await _call(BodyLimit(_echo), parts, {})
    assert _status(sent) == 200
    assert sent[1]["body"] == b"abcd"


async def test_a_large_body_is_refused_by_its_length_or_as_it_streams() -> None:
    declared = await _call(BodyLimit(_echo, max_bytes=3), [], {"content-length": "10"})
    streamed = await _call(
        BodyLimit(_echo, max_bytes=3),
        [{"type": "http.request", "body": b"abcd", "more_body": True}],
        {},
    )
    assert _status(declared) == 413
    assert _status(streamed) == 413


async def test_a_body_that_stops_coming_is_answered_408() -> None:
    with anyio.fail_after(5):
        sent = await _call(
            BodyLimit(_echo, timeout=0.2),
            [{"type": "http.request", "body": b"{", "more_body": True}],
            {},
        )
    assert _status(sent) == 408


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_late_headers_close_the_connection_and_whole_requests_are_served() -> None:
    settings = Settings(local=True, transport="streamable-http", port=_free_port())
    server = uvicorn.Server(uvicorn_config(_echo, settings, header_timeout=0.3))
    async with anyio.create_task_group() as tg:
        tg.start_soon(server.serve)
        with anyio.fail_after(10):
            while not server.started:  # noqa: ASYNC110 - uvicorn offers a flag, not an event
                await anyio.sleep(0.02)
            whole = await anyio.connect_tcp("127.0.0.1", settings.port)
            await whole.send(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            answer = await whole.receive()
            partial = await anyio.connect_tcp("127.0.0.1", settings.port)
            await partial.send(b"GET / HTTP/1.1\r\nHost: local")
            with pytest.raises(anyio.EndOfStream):
                await partial.receive()
        await whole.aclose()
        await partial.aclose()
        server.should_exit = True
    assert answer.startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize(("level", "shown"), [("INFO", False), ("DEBUG", True)])
def test_session_ids_are_logged_as_a_short_hash_at_debug(
    store: Store, caplog: pytest.LogCaptureFixture, level: str, shown: bool
) -> None:
    settings = Settings(local=True, transport="streamable-http", log_level=level)
    http_app(make_server(store), settings)
    caplog.set_level(logging.DEBUG)
    logger = logging.getLogger("mcp.server.streamable_http_manager")
    logger.info(f"Created new transport with session ID: {SESSION}")
    logger.info("StreamableHTTP session manager started")
    messages = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert all(SESSION not in text for _, text in messages)
    assert ("INFO", "StreamableHTTP session manager started") in messages
    hashed = [m for m in messages if m[1].startswith("Created new transport")]
    assert hashed == (
        [("DEBUG", "Created new transport with session ID: #" + hashed[0][1][-8:])] if shown else []
    )
