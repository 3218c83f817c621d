"""Fixtures for the MCP server: the real server over the demo local workspace, in process."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.server.app import GitBookServer
from gitbook_mcp.server.runner import create_server
from tests.conftest import CANARY
from tests.support.fenced import unfenced  # noqa: F401 - the tests of this folder import it here

McpFactory = Callable[..., AbstractAsyncContextManager[Client]]


def make_server(store: Store, token: str = CANARY, **options: object) -> GitBookServer:
    # The seed profile is the default here (every seed operation, the link listings among
    # them); a test of the live profile passes profile="live". App and client follow it.
    options.setdefault("profile", "seed")
    # Tests read results' structured content, which is sent only where tools/list declares
    # output schemas; a test of the default (none) passes output_schemas="none".
    options.setdefault("output_schemas", "full")
    settings = Settings(local=True, **options)  # type: ignore[arg-type]

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token=token,
            base_url="http://local.test/v1",
            transport=LocalTransport(create_app(store, profile=settings.profile)),
            profile=settings.profile,
        ) as client:
            yield client

    return create_server(settings, factory=factory)


@pytest.fixture
def mcp(store: Store) -> McpFactory:
    """``async with mcp("gb_local_reader", toolsets=("all",)) as client:`` an MCP client session;
    ``client={"mode": "legacy", "elicitation_callback": ...}`` sets the client's own options."""

    @asynccontextmanager
    async def connect(
        token: str = CANARY, client: dict[str, Any] | None = None, **options: object
    ) -> AsyncIterator[Client]:
        server = make_server(store, token, **options)
        async with Client(server, cache=None, **(client or {})) as session:
            yield CanaryCheckedClient(session)  # type: ignore[misc]

    return connect


async def confirmed(client: Any, tool: str, arguments: dict[str, Any]) -> Any:
    """Call a tool the way an agent without elicitation does: when the first call answers a
    preview with a ``confirm`` token (an irreversible step), call again with it."""
    first = await client.call_tool(tool, arguments)
    token = (first.structured_content or {}).get("confirm") if "confirm" not in arguments else None
    if token is None:
        return first
    return await client.call_tool(tool, {**arguments, "confirm": token})


class CanaryCheckedClient:
    """A client whose every tool result is checked for the canary token."""

    def __init__(self, client: Client) -> None:
        self._client = client

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    async def call_tool(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._client.call_tool(*args, **kwargs)
        assert CANARY not in result.model_dump_json(), "the canary token leaked into a tool result"
        return result


def snapshot_drift(folder: Path, texts: dict[str, str]) -> tuple[list[str], set[str]]:
    """The names whose ``folder/<name>.json`` differs from ``texts[name]``, and the snapshots of
    names no longer there; with UPDATE_SNAPSHOTS=1 the snapshots are rewritten first."""
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        folder.mkdir(exist_ok=True)
        for name, text in texts.items():
            (folder / f"{name}.json").write_text(text, encoding="utf-8")
    drift = [
        name
        for name, text in texts.items()
        if not (path := folder / f"{name}.json").exists() or path.read_text("utf-8") != text
    ]
    return drift, {p.stem for p in folder.glob("*.json")} - texts.keys()
