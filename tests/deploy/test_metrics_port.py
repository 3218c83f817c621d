"""``--metrics-port``: a second listener serving ``/metrics`` alone; the MCP port serves none, and
SIGTERM stops both."""

from __future__ import annotations

import signal
from pathlib import Path

import anyio
import httpx2
import pytest

from tests.deploy.ops_support import free_port
from tests.deploy.procs import start_local_api, start_server, stop

pytestmark = pytest.mark.anyio


async def _metrics(url: str) -> httpx2.Response:
    """The first answer of ``url`` (the listener may start a moment after the main one)."""
    async with httpx2.AsyncClient(timeout=10) as http:
        for _ in range(100):
            try:
                return await http.get(url)
            except httpx2.ConnectError:
                await anyio.sleep(0.1)
    raise AssertionError(f"no answer from {url}")


async def test_metrics_are_served_alone_on_their_own_port(tmp_path: Path) -> None:
    api = start_local_api(tmp_path)
    port = free_port()
    server = start_server(tmp_path, api, "gb_local_admin", "--metrics-port", str(port))
    try:
        alone = await _metrics(f"http://127.0.0.1:{port}/metrics")
        other = await _metrics(f"http://127.0.0.1:{port}/healthz")
        async with httpx2.AsyncClient(base_url=server.url, timeout=10) as client:
            on_mcp = await client.get("/metrics")
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(timeout=30)
    finally:
        stop(server, api)
    assert alone.status_code == 200
    assert "gitbook_mcp_open_sessions" in alone.text
    assert other.status_code == 404
    assert on_mcp.status_code == 404  # not served on the MCP port (the SDK has no such route)
    assert code == 0
