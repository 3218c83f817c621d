"""End to end, what the real process tells a client about itself and how it stops: the same
capabilities on stdio and streamable HTTP in both protocol eras, one Ctrl-C, JSON logs."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import pytest
from mcp import StdioServerParameters
from mcp.client import Client

from tests.deploy.ops_support import LEGACY_INITIALIZE
from tests.e2e.test_process import _env, http_server

pytestmark = [pytest.mark.anyio, pytest.mark.slow]
Mode = Literal["legacy", "auto"]
MODES: tuple[Mode, ...] = ("legacy", "auto")
"""The handshake era (``initialize``) and 2026-07-28 (``server/discover``, else the handshake)."""


@asynccontextmanager
async def _stdio(db: Path, mode: Mode) -> AsyncIterator[Client]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "gitbook_mcp", "--local"], env=_env(db)
    )
    async with Client(params, cache=None, mode=mode) as client:
        yield client


async def test_capabilities_are_the_same_on_every_transport_and_protocol_version(
    tmp_path: Path,
) -> None:
    db = tmp_path / "local.db"
    seen: dict[str, dict[str, Any]] = {}
    for mode in MODES:
        async with _stdio(db, mode) as client:
            seen[f"stdio {mode}"] = client.server_capabilities.model_dump(exclude_none=True)
    with http_server(db) as url:
        for mode in MODES:
            async with Client(url, cache=None, mode=mode) as client:
                seen[f"http {mode}"] = client.server_capabilities.model_dump(exclude_none=True)
    stdio = seen["stdio legacy"]
    assert stdio["completions"] == {}  # advertised from the first handshake, on stdio too
    assert stdio["tools"] == {"list_changed": True}  # the offered tools change, clients are told
    assert all(capabilities == stdio for capabilities in seen.values()), seen


_AS_FROM_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'gitbook_mcp', '--local'])"
)
"""The server started with Ctrl-C's default action, as from a terminal: a runner that starts
the tests in the background (``cmd &`` without job control) hands its children SIGINT ignored,
which Python, and so the server, rightly keeps."""


def test_one_interrupt_ends_the_stdio_server_without_a_traceback(tmp_path: Path) -> None:
    with subprocess.Popen(
        [sys.executable, "-c", _AS_FROM_A_TERMINAL],
        env=_env(tmp_path / "local.db"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdin is not None
        assert process.stdout is not None
        assert process.stderr is not None
        process.stdin.write((json.dumps(LEGACY_INITIALIZE) + "\n").encode())
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["id"] == 1
        # stdin stays open, as a terminal's does: the server is waiting for the next line.
        process.send_signal(signal.SIGINT)
        try:
            code = process.wait(timeout=15)
        finally:
            process.kill()
        stderr = process.stderr.read().decode()
    assert code == 0, stderr
    assert "Traceback" not in stderr


async def test_log_json_makes_every_line_json_the_sdks_and_uvicorns_too(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    with http_server(db, "--log-json", "--log-level", "INFO") as url:
        async with Client(url, cache=None, mode="legacy") as client:
            await client.call_tool("list_organizations", {})
    events = _logged(tmp_path)
    components = {event.get("component", "") for event in events}
    assert "gitbook_mcp.client" in components  # the API client's stdlib records
    assert any(c.startswith("uvicorn") for c in components)
    assert any(c.startswith("mcp.") for c in components)
    request = next(e for e in events if e["event"] == "api.request")
    assert request["method"] == "GET"
    assert request["status"] == 200


def _logged(folder: Path) -> list[dict[str, Any]]:
    """The lines the HTTP server wrote to stderr, each parsed as JSON (fails on any other)."""
    (log,) = folder.glob("server-*.log")
    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [json.loads(line) for line in lines]
