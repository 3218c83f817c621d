"""A real ``--local --auth upstream`` server on loopback, for the per-caller tests."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
import uvicorn
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from gitbook_mcp.cli.wiring import server_for
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store, load_demo
from gitbook_mcp.server.app import GitBookServer
from gitbook_mcp.server.http.transports import http_app, uvicorn_config
from tests.conftest import CANARY

AUTH_SERVER = "https://auth.example.test"
EXTRA_TOKEN = "gb_extra_reader_3f9a"
"""A second token of the demo reader, which a test revokes."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def seeded_db(folder: Path) -> Path:
    """A demo workspace file where the canary opens the admin and one more token the reader."""
    path = folder / "local.db"
    workspace = Store(str(path), seed=load_demo)
    workspace.identity.add_token(CANARY, "usr_admin")
    workspace.identity.add_token(EXTRA_TOKEN, "usr_reader")
    workspace.close()
    return path


@dataclass
class Running:
    """A server being served: where, and its objects (to look at its caches)."""

    url: str
    server: GitBookServer
    db: Path

    @property
    def mcp_url(self) -> str:
        return f"{self.url}/mcp"

    @asynccontextmanager
    async def client(
        self, token: str, statuses: list[int] | None = None, **options: Any
    ) -> AsyncIterator[Client]:
        """An MCP client over streamable HTTP whose every request carries ``token``.

        The status of every HTTP answer is appended to ``statuses`` when given.
        """
        headers = {"authorization": f"Bearer {token}"}

        async def record(response: httpx2.Response) -> None:
            if statuses is not None:
                statuses.append(response.status_code)

        hooks = {"response": [record]}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60, event_hooks=hooks) as http,
            Client(
                streamable_http_client(self.mcp_url, http_client=http), cache=None, **options
            ) as client,
        ):
            yield client


@pytest.fixture
def upstream(tmp_path: Path) -> Callable[..., AbstractAsyncContextManager[Running]]:
    """``async with upstream(auth_cache_ttl=0.5) as running:`` a served upstream-auth server."""

    @asynccontextmanager
    async def serve(**options: object) -> AsyncIterator[Running]:
        db = seeded_db(tmp_path)
        settings = Settings(  # type: ignore[arg-type]
            **{
                "local": True,
                "local_db": db,
                "transport": "streamable-http",
                "port": free_port(),
                "auth": "upstream",
                "auth_server": AUTH_SERVER,
                # Ten clients of one token at once are one caller far over the per-caller
                # rate limit; these tests are about isolation (tests/deploy tests the limit).
                "rate_limit": 0.0,
                **options,
            }
        )
        assert settings.problems() == []
        server = server_for(settings)
        config = uvicorn_config(http_app(server, settings), settings)
        uv = uvicorn.Server(config)
        async with anyio.create_task_group() as tg:
            tg.start_soon(uv.serve)
            with anyio.fail_after(20):
                while not uv.started:  # noqa: ASYNC110 - uvicorn offers a flag, not an event
                    await anyio.sleep(0.02)
            try:
                yield Running(f"http://127.0.0.1:{settings.port}", server, db)
            finally:
                uv.should_exit = True
        await server.aclose()

    return serve
