"""Against the real API, callers' clients share one connection pool, each with its own token."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
import uvicorn

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store, create_app
from gitbook_mcp.server.http.auth.upstream import UpstreamBackend
from tests.conftest import CANARY
from tests.unit.server.auth.conftest import free_port

pytestmark = pytest.mark.anyio


async def test_callers_share_the_pool_and_each_request_carries_its_own_token(store: Store) -> None:
    port = free_port()
    app = create_app(store, profile="live")
    connections: set[object] = set()

    async def counting(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            connections.add(tuple(scope["client"]))  # the caller's address and port
        await app(scope, receive, send)

    api = uvicorn.Server(uvicorn.Config(counting, port=port, log_level="warning"))
    settings = Settings(auth="upstream", profile="live")
    backend = UpstreamBackend(settings, base_url=f"http://127.0.0.1:{port}/v1")
    seen = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(api.serve)
        with anyio.fail_after(20):
            while not api.started:  # noqa: ASYNC110 - uvicorn offers a flag, not an event
                await anyio.sleep(0.02)
        for token in (CANARY, "gb_local_reader", CANARY):
            async with backend.client(token) as client:
                seen.append((await client.users.me()).id)
        await backend.aclose()
        api.should_exit = True
    assert seen == ["usr_admin", "usr_reader", "usr_admin"]
    assert len(connections) == 1  # one kept-alive connection served all three callers
