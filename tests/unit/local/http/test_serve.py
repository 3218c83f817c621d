"""``gitbook-mcp local-api``: refuses to expose the public demo tokens beyond loopback unless
told to (and then says so loudly), checks Host headers, and drops requests whose headers stall."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx2
import pytest
import uvicorn

from gitbook_mcp.local import Store, create_app
from gitbook_mcp.local.http.serve import header_deadline_protocol

pytestmark = pytest.mark.anyio


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _command(tmp_path: Path, *extra: str) -> list[str]:
    db = str(tmp_path / "api.db")
    return [sys.executable, "-m", "gitbook_mcp", "local-api", "--db", db, "--seed", "demo", *extra]


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}


def test_binding_beyond_loopback_with_demo_tokens_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        _command(tmp_path, "--host", "0.0.0.0", "--port", str(_free_port())),
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--expose-demo-tokens" in done.stderr
    assert "gb_local_" in done.stderr


@pytest.fixture
def exposed(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = _free_port()
    process = subprocess.Popen(
        _command(tmp_path, "--host", "0.0.0.0", "--port", str(port), "--expose-demo-tokens"),
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process, port
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_for(port: int, headers: dict[str, str]) -> httpx2.Response:
    deadline = time.monotonic() + 30
    while True:
        try:
            return httpx2.get(f"http://127.0.0.1:{port}/v1/orgs", headers=headers, timeout=2)
        except httpx2.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_intended_exposure_starts_with_a_warning_and_still_checks_hosts(
    exposed: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = exposed
    auth = {"Authorization": "Bearer gb_local_reader"}
    assert _wait_for(port, auth).status_code == 200
    rebound = httpx2.get(
        f"http://127.0.0.1:{port}/v1/orgs", headers=auth | {"Host": "evil.test"}, timeout=2
    )
    assert rebound.status_code == 421
    process.terminate()
    _, stderr = process.communicate(timeout=10)
    assert "local_api.exposed" in stderr
    assert "warning" in stderr.lower()


async def test_a_request_whose_headers_stall_is_closed(store: Store) -> None:
    port = _free_port()
    config = uvicorn.Config(
        create_app(store),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        http=header_deadline_protocol(0.3),
        lifespan="off",
    )
    server = uvicorn.Server(config)
    async with anyio.create_task_group() as group:
        group.start_soon(server.serve)
        while not server.started:  # noqa: ASYNC110 - uvicorn exposes a flag, not an event
            await anyio.sleep(0.02)
        with anyio.fail_after(5):
            async with await anyio.connect_tcp("127.0.0.1", port) as stream:
                await stream.send(b"GET /v1/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                try:
                    closed = await stream.receive()
                except (anyio.EndOfStream, anyio.BrokenResourceError):
                    closed = b"closed"
        # A complete request on a fresh connection is still answered.
        async with httpx2.AsyncClient() as client:
            ok = await client.get(
                f"http://127.0.0.1:{port}/v1/orgs",
                headers={"Authorization": "Bearer gb_local_reader"},
            )
        server.should_exit = True
    assert closed == b"closed"
    assert ok.status_code == 200
