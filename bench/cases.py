"""The benchmark cases. Each returns a dict of figures; `run.py` prints and reports them.

Timings are taken side by side with their reference in the same run, alternating, because
absolute times on a shared machine drift.
"""

from __future__ import annotations

import json
import math
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
from mcp.client import Client

from bench.measure import Sample, rss_mb
from bench.scan_content import build_scan_store
from gitbook_mcp.api import Profile
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import OutputSchemas, Settings
from gitbook_mcp.local import LocalTransport, Store, create_app, load_demo
from gitbook_mcp.server.runner import create_server
from tests.deploy.ops_support import LEGACY_INITIALIZE

__all__ = [
    "StdioProcess",
    "context_cost",
    "http_load",
    "local_api",
    "memory",
    "scan",
    "server_env",
    "startup",
]

HERE = Path(__file__).resolve().parent


def server_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
    env.update({"GITBOOK_LOG_LEVEL": "ERROR", **extra})
    return env


class StdioProcess:
    """A server process spoken to in JSON-RPC lines over stdio (to time it and read its RSS)."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def open_session(self) -> None:
        """The 2025-06-18 handshake: ``initialize`` (id 1), answered, then ``initialized``."""
        self.send(LEGACY_INITIALIZE)
        self.receive(1)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def call_tool(self, ident: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """``tools/call`` as request ``ident``; its answer."""
        params = {"name": name, "arguments": arguments}
        self.send({"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": params})
        return self.receive(ident)

    def receive(self, ident: int) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("server closed stdout")
            message: dict[str, Any] = json.loads(line)
            if message.get("id") == ident:
                return message

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


def _ours(db: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gitbook_mcp",
        "--local",
        "--profile",
        "seed",
        "--local-db",
        str(db),
    ]


def startup(runs: int) -> dict[str, Any]:
    """Spawn to ``initialize`` answer: gitbook-mcp --local versus a minimal MCPServer."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "local.db"
        subjects = {
            "gitbook-mcp": _ours(db),
            "minimal": [sys.executable, str(HERE / "minimal_server.py")],
        }
        times: dict[str, list[float]] = {name: [] for name in subjects}
        for index in range(runs + 1):
            for name, command in subjects.items():
                started = time.perf_counter()
                proc = StdioProcess(command, server_env())
                proc.send(LEGACY_INITIALIZE)
                proc.receive(1)
                elapsed = (time.perf_counter() - started) * 1000
                proc.close()
                if index:  # the first round warms the disk cache and seeds the database
                    times[name].append(elapsed)
    ours, ref = Sample(times["gitbook-mcp"]), Sample(times["minimal"])
    return {"ours": ours, "reference": ref, "ratio": ours.median / ref.median, "target": 1.15}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def local_api(db: Path, *extra: str) -> AsyncIterator[str]:
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gitbook_mcp",
            "local-api",
            "--port",
            str(port),
            "--db",
            str(db),
            "--seed",
            "demo",
            "--profile",
            "seed",  # the scans list links, which the live profile no longer has
            "--log-level",
            "ERROR",
            *extra,
        ],
        env=server_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(400):
            try:
                httpx2.get(
                    f"{base}/orgs", headers={"Authorization": "Bearer gb_local_admin"}, timeout=1
                )
                break
            except httpx2.TransportError:
                await anyio.sleep(0.05)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


async def _scan_once(base: str, concurrency: int) -> tuple[float, int]:
    """One scan through the MCP server, whose client talks to ``local-api`` on loopback."""

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token="gb_local_admin", base_url=base, max_concurrency=concurrency
        ) as client:
            yield client

    settings = Settings(api_token="gb_local_admin", api_url=base, output_schemas="full")
    server = create_server(settings, factory=factory)
    async with Client(server, cache=None) as client:
        await client.list_tools()
        started = time.perf_counter()
        result = await client.call_tool(
            "check_links", {"space_id": "spc_handbook", "change_request_id": "1"}
        )
        elapsed = (time.perf_counter() - started) * 1000
    assert not result.is_error
    return elapsed, int(result.structured_content["pages_scanned"])


async def scan(pages: int, latency_ms: float, concurrency: int, runs: int) -> dict[str, Any]:
    """The broken-link scan of a change request with many pages, against its ideal time.

    The API is ``local-api`` in its own process on loopback, adding ``latency_ms`` to every
    request, so that the API's own work does not share the server's event loop.
    """
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "scan.db"
        source = build_scan_store(pages)
        source.db.execute(f"VACUUM INTO '{db}'")
        source.close()
        async with local_api(db, "--latency-ms", str(latency_ms)) as base:
            concurrent: list[float] = []
            scanned = 0
            for _ in range(runs):
                elapsed, scanned = await _scan_once(base, concurrency)
                concurrent.append(elapsed)
            sequential, _ = await _scan_once(base, 1)
    ideal = math.ceil(scanned / concurrency) * latency_ms
    ours = Sample(concurrent)
    return {
        "ours": ours,
        "sequential_ms": sequential,
        "ideal_ms": ideal,
        "pages": scanned,
        "ratio": ours.median / ideal,
        "target": 1.3,
    }


async def context_cost() -> dict[str, Any]:
    """``tools/list`` size in bytes (and ~tokens): default and all in each profile, then each
    toolset in the live profile (the default)."""
    from gitbook_mcp.server.toolsets import ALL_TOOLSETS

    selections: list[tuple[str, Profile, tuple[str, ...], OutputSchemas]] = [
        (f"{label} ({profile})", profile, (label,), "none")
        for label in ("default", "all")
        for profile in ("live", "seed")
    ]
    selections += [
        (f"{label} (live), `--output-schemas full`", "live", (label,), "full")
        for label in ("default", "all")
    ]
    selections += [(t, "live", (t,), "none") for t in ALL_TOOLSETS]
    rows: dict[str, dict[str, Any]] = {}
    demo = Store(":memory:", seed=load_demo)  # seeded once, copied for each listing
    try:
        listed = [
            (label, await _listed(demo, profile, toolsets, outputs))
            for label, profile, toolsets, outputs in selections
        ]
    finally:
        demo.close()
    for label, tools in listed:
        dumps = [
            json.dumps(
                t.model_dump(mode="json", by_alias=True, exclude_none=True), separators=(",", ":")
            )
            for t in tools
        ]
        size = len(json.dumps([json.loads(d) for d in dumps], separators=(",", ":")).encode())
        largest = max(zip((len(d) for d in dumps), (t.name for t in tools), strict=True))
        rows[label] = {
            "bytes": size,
            "tokens": size // 4,
            "tools": len(tools),
            "largest": f"{largest[1]} ({largest[0]} B)",
        }
    return rows


async def _listed(
    demo: Store, profile: Profile, toolsets: tuple[str, ...], outputs: OutputSchemas = "none"
) -> list[Any]:
    """The tools an admin is offered with ``toolsets`` in ``profile``, against a copy of the
    seeded ``demo`` (with their output schemas when ``outputs`` is ``full``)."""
    store = Store(":memory:", template=demo)

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token="gb_local_admin",
            base_url="http://local/v1",
            transport=LocalTransport(create_app(store, profile=profile)),
            profile=profile,
        ) as client:
            yield client

    settings = Settings(local=True, toolsets=toolsets, profile=profile, output_schemas=outputs)
    server = create_server(settings, factory=factory)
    async with Client(server, cache=None) as client:
        return list((await client.list_tools()).tools)


def memory(pages: int) -> dict[str, Any]:
    """Resident memory of ``gitbook-mcp --local`` after start and after a scan of many pages."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "local.db"
        source = build_scan_store(pages)
        source.db.execute(f"VACUUM INTO '{db}'")
        source.close()
        proc = StdioProcess(_ours(db), server_env())
        try:
            proc.open_session()
            after_start = rss_mb(proc.process.pid)
            arguments = {"space_id": "spc_handbook", "change_request_id": "1"}
            answer = proc.call_tool(2, "check_links", arguments)
            after_scan = rss_mb(proc.process.pid)
        finally:
            proc.close()
    assert "error" not in answer
    return {"after_start_mb": after_start, "after_scan_mb": after_scan, "targets_mb": (120, 160)}


async def http_load(clients: int, calls: int) -> dict[str, Any]:
    """Concurrent clients making tool calls to one streamable-HTTP server on loopback."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gitbook_mcp",
                "--local",
                "--profile",
                "seed",  # the scan lists links, which the live profile no longer has
                "--local-db",
                str(Path(tmp) / "l.db"),
                "--transport",
                "streamable-http",
                "--port",
                str(port),
                # All the clients share one address and no token: this measures throughput,
                # not the per-caller limit, which would refuse them with 429.
                "--rate-limit",
                "0",
            ],
            env=server_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        url = f"http://127.0.0.1:{port}/mcp"
        latencies: list[float] = []
        errors = 0
        try:
            for _ in range(400):
                with socket.socket() as sock:
                    if sock.connect_ex(("127.0.0.1", port)) == 0:
                        break
                await anyio.sleep(0.05)

            async def one_client() -> None:
                nonlocal errors
                async with Client(url, cache=None) as client:
                    for _ in range(calls):
                        started = time.perf_counter()
                        try:
                            result = await client.call_tool(
                                "list_spaces", {"organization_id": "org_acme", "limit": 5}
                            )
                            errors += result.is_error
                        except Exception:  # noqa: BLE001 - every failure counts as an error here
                            errors += 1
                        latencies.append((time.perf_counter() - started) * 1000)

            started = time.perf_counter()
            async with anyio.create_task_group() as tg:
                for _ in range(clients):
                    tg.start_soon(one_client)
            wall = time.perf_counter() - started
        finally:
            process.terminate()
            process.wait(timeout=10)
    sample = Sample(latencies)
    return {
        "calls": len(latencies),
        "errors": errors,
        "throughput": len(latencies) / wall,
        "p50": sample.median,
        "p99": sample.p(99),
    }
