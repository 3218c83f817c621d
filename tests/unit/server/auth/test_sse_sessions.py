"""Legacy SSE sessions follow the streamable ones' rules: a quota per caller, a global cap, and
each session answered for its opener only (issue 26: N2 on the SSE transport)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field

import anyio
import httpx2
import pytest

from gitbook_mcp.server.http.ops.sse_sessions import session_in
from tests.conftest import CANARY
from tests.unit.server.auth.conftest import EXTRA_TOKEN, Running

pytestmark = pytest.mark.anyio
Upstream = Callable[..., AbstractAsyncContextManager[Running]]
PING = {"jsonrpc": "2.0", "id": 7, "method": "ping"}


@dataclass
class Stream:
    """What one SSE client saw of its stream."""

    status: int = 0
    session: str | None = None
    ended: bool = False
    opened: anyio.Event = field(default_factory=anyio.Event)
    closed: anyio.Event = field(default_factory=anyio.Event)


async def _hold(http: httpx2.AsyncClient, url: str, token: str, stream: Stream) -> None:
    """Open an SSE stream as ``token`` and read it until the server ends it."""
    headers = {"authorization": f"Bearer {token}", "accept": "text/event-stream"}
    async with http.stream("GET", url, headers=headers) as answer:
        stream.status = answer.status_code
        if answer.status_code == 200:
            async for line in answer.aiter_lines():
                if stream.session is None and "session_id=" in line:
                    stream.session = line.rsplit("session_id=", 1)[1].strip()
                    stream.opened.set()
    stream.ended = True
    stream.opened.set()
    stream.closed.set()


async def test_sse_streams_have_a_quota_per_caller_a_cap_and_their_opener_only(
    upstream: Upstream,
) -> None:
    async with (
        upstream(transport="sse", max_sessions=3, sessions_per_caller=2) as running,
        httpx2.AsyncClient(timeout=30) as http,
        anyio.create_task_group() as group,
    ):

        async def start(token: str) -> Stream:
            stream = Stream()
            group.start_soon(_hold, http, f"{running.url}/sse", token, stream)
            with anyio.fail_after(20):
                await stream.opened.wait()
            return stream

        async def post(token: str, session: str | None) -> int:
            answer = await http.post(
                f"{running.url}/messages/?session_id={session}",
                json=PING,
                headers={"authorization": f"Bearer {token}"},
            )
            return answer.status_code

        reader = [await start(EXTRA_TOKEN) for _ in range(3)]
        with anyio.fail_after(10):
            await reader[0].closed.wait()  # its third stream ended the reader's oldest
        admin = await start(CANARY)
        refused = await start(CANARY)  # the admin is within its quota, the replica is full
        statuses = {
            "reader own": await post(EXTRA_TOKEN, reader[2].session),
            "admin on reader's": await post(CANARY, reader[2].session),
            "reader's closed": await post(EXTRA_TOKEN, reader[0].session),
        }
        still_open = [s.ended for s in (*reader[1:], admin)]
        group.cancel_scope.cancel()
    assert [s.status for s in reader] == [200, 200, 200]
    assert admin.status == 200  # the reader's streams never locked the admin out
    assert refused.status == 429
    assert still_open == [False, False, False]
    assert statuses == {"reader own": 202, "admin on reader's": 404, "reader's closed": 404}


def test_the_session_id_is_read_from_the_endpoint_event_only_when_whole() -> None:
    sid = "0123456789abcdef0123456789abcdef"
    assert session_in(f"event: endpoint\r\ndata: /messages/?session_id={sid}\r\n".encode()) == sid
    assert session_in(b"data: /messages/?session_id=0123") is None  # cut short
    assert session_in(b"data: /messages/?session_id=" + b"Z" * 32) is None
    assert session_in(b": ping") is None
