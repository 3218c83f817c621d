"""Probes: /healthz answers without the API, /readyz follows it, neither needs or shows a token."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store
from gitbook_mcp.server.http.transports import http_app
from gitbook_mcp.server.runner import create_server
from tests.conftest import CANARY
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio

HTTP = {"transport": "streamable-http", "mcp_auth_token": "probe-secret-42"}


def _client(app: object) -> httpx2.AsyncClient:
    transport = httpx2.ASGITransport(app=app)  # type: ignore[arg-type]
    return httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000")


def _down(request: httpx2.Request) -> httpx2.Response:
    raise httpx2.ConnectError("connection refused", request=request)


def _server_with_api_down() -> object:
    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token=CANARY,
            base_url="http://api.invalid/v1",
            transport=httpx2.MockTransport(_down),
            max_retries=0,
        ) as client:
            yield client

    return create_server(Settings(local=True, **HTTP), factory=factory)  # type: ignore[arg-type]


@pytest.mark.parametrize("transport", ["streamable-http", "sse"])
async def test_healthz_and_readyz_answer_200_without_the_bearer(
    store: Store, transport: str
) -> None:
    settings = Settings(local=True, **{**HTTP, "transport": transport})  # type: ignore[arg-type]
    async with _client(http_app(make_server(store, **HTTP), settings)) as client:
        health = await client.get("/healthz")
        ready = await client.get("/readyz")
        mcp = await client.post("/mcp", json={})
    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert (ready.status_code, ready.json()) == (200, {"status": "ok"})
    assert mcp.status_code == 401  # the MCP path still needs the bearer


async def test_readyz_is_503_with_a_short_reason_when_the_api_is_down() -> None:
    server = _server_with_api_down()
    settings = Settings(local=True, **HTTP)  # type: ignore[arg-type]
    async with _client(http_app(server, settings)) as client:  # type: ignore[arg-type]
        health = await client.get("/healthz")
        ready = await client.get("/readyz")
    assert health.status_code == 200
    assert ready.status_code == 503
    assert ready.json()["status"] == "unavailable"
    assert ready.json()["reason"] == "api unavailable (APIConnectionError)"
    assert CANARY not in ready.text
    assert "probe-secret-42" not in ready.text


async def test_readyz_reuses_its_answer_for_a_few_seconds(store: Store) -> None:
    calls: list[str] = []
    app = create_local_counting_app(store, calls)
    async with _client(app) as client:
        first = await client.get("/readyz")
        second = await client.get("/readyz")
    assert first.status_code == second.status_code == 200
    assert calls == ["/v1/orgs"]


def create_local_counting_app(store: Store, calls: list[str]) -> object:
    """The HTTP app over the local workspace, recording the API paths it requests."""
    from gitbook_mcp.local import LocalTransport, create_app

    inner = LocalTransport(create_app(store))

    class Counting(httpx2.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            calls.append(request.url.path)
            return await inner.handle_async_request(request)

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token=CANARY, base_url="http://local.test/v1", transport=Counting()
        ) as client:
            yield client

    settings = Settings(local=True, **HTTP)  # type: ignore[arg-type]
    return http_app(create_server(settings, factory=factory), settings)
