"""SIGTERM: the server stops accepting, finishes the call in flight, and exits 0."""

from __future__ import annotations

import signal
import socket
import time
from pathlib import Path

import anyio
import httpx2
import pytest

from tests.deploy.ops_support import modern_headers, rpc
from tests.deploy.procs import start_local_api, start_server, stop

pytestmark = pytest.mark.anyio


async def _refused_within(port: int, seconds: float) -> float | None:
    """Seconds until a new connection to ``port`` is refused, or None if it never is."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0:
                return time.monotonic() - started
        await anyio.sleep(0.05)
    return None


async def test_sigterm_finishes_the_call_in_flight_then_exits_0(tmp_path: Path) -> None:
    api = start_local_api(tmp_path, "--slow-rate", "1", "--slow-ms", "700")
    server = start_server(tmp_path, api, "gb_local_admin", "--drain-grace", "20")
    try:
        body = rpc("tools/call", {"name": "list_organizations", "arguments": {}})
        headers = modern_headers("tools/call", "list_organizations")
        async with (
            httpx2.AsyncClient(base_url=server.url, timeout=30) as client,
            anyio.create_task_group() as group,
        ):
            answers: list[httpx2.Response] = []

            async def slow_call() -> None:
                answers.append(await client.post("/mcp", json=body, headers=headers))

            group.start_soon(slow_call)
            await anyio.sleep(0.5)  # the call waits on the slow API now
            server.process.send_signal(signal.SIGTERM)
            refused_after = await _refused_within(server.port, 3.0)
        started = time.monotonic()
        code = server.process.wait(timeout=30)
    finally:
        stop(server, api)
    assert refused_after is not None  # the listening socket closes once draining
    assert answers[0].status_code == 200
    result = answers[0].json()["result"]
    assert result["isError"] is False
    assert "org_acme" in str(result["structuredContent"])
    assert code == 0
    assert time.monotonic() - started < 20
    assert "drain.start" in server.log.read_text()
