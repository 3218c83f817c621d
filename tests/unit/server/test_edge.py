"""The HTTP edge without a token: sessions bound to their opener, metrics alone on their port."""

from __future__ import annotations

import httpx2
import pytest
from starlette.types import Receive, Scope, Send

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store
from gitbook_mcp.server.http.ops.edge import host_allowed
from gitbook_mcp.server.http.ops.metrics import metrics_app
from gitbook_mcp.server.http.ops.sessions import SessionCap, SessionRules, SessionTracker
from gitbook_mcp.server.http.transports import http_app
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio

SID = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"


async def _sessions(scope: Scope, receive: Receive, send: Send) -> None:
    """A stand-in for the SDK: opens session ``SID`` on a POST without one, answers 200 else."""
    opens = scope["method"] == "POST" and b"mcp-session-id" not in dict(scope["headers"])
    headers = [(b"mcp-session-id", SID.encode())] if opens else []
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"{}"})


def _client(app: SessionCap, address: str) -> httpx2.AsyncClient:
    transport = httpx2.ASGITransport(app=app, client=(address, 50_000))
    return httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000")


async def test_a_session_answers_only_the_address_that_opened_it() -> None:
    cap = SessionCap(_sessions, rules=SessionRules(limit=10), tracker=SessionTracker(60))
    async with _client(cap, "10.0.0.1") as opener, _client(cap, "10.0.0.2") as other:
        opened = await opener.post("/mcp", json={})
        session = {"mcp-session-id": opened.headers["mcp-session-id"]}
        stolen_use = await other.post("/mcp", json={}, headers=session)
        stolen_delete = await other.delete("/mcp", headers=session)
        own_use = await opener.post("/mcp", json={}, headers=session)
        own_delete = await opener.delete("/mcp", headers=session)
    assert (stolen_use.status_code, stolen_delete.status_code) == (404, 404)
    assert (own_use.status_code, own_delete.status_code) == (200, 200)


def test_the_host_allow_list_reads_ports_as_the_sdk_does() -> None:
    allowed = ["127.0.0.1:8000", "mcp.example.com:*"]
    assert host_allowed("127.0.0.1:8000", allowed)
    assert host_allowed("mcp.example.com:443", allowed)
    assert not host_allowed("mcp.example.com.evil.example:443", allowed)
    assert not host_allowed("evil.example", allowed)
    assert not host_allowed("", allowed)


async def test_with_a_metrics_port_the_mcp_port_serves_no_metrics(store: Store) -> None:
    settings = Settings(local=True, transport="streamable-http", metrics_port=9100)
    app = http_app(make_server(store), settings)
    side = httpx2.ASGITransport(app=metrics_app())
    main = httpx2.ASGITransport(app=app)
    async with (
        httpx2.AsyncClient(transport=main, base_url="http://127.0.0.1:8000") as mcp_port,
        httpx2.AsyncClient(transport=side, base_url="http://10.0.0.5:9100") as metrics_port,
    ):
        on_mcp = await mcp_port.get("/metrics")
        alone = await metrics_port.get("/metrics")
        other = await metrics_port.get("/mcp")
    assert on_mcp.status_code == 404
    assert alone.status_code == 200
    assert "gitbook_mcp_open_sessions" in alone.text
    assert other.status_code == 404
