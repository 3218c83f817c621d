"""Memory of one replica holding many cached callers (``--auth upstream``); prints, never asserts.

python -m bench.callers_memory [--callers 500] [--concurrency 10]

Starts ``gitbook-mcp --auth upstream`` over streamable HTTP on loopback as its own process,
against ``gitbook-mcp local-api`` over HTTP (another process; ``--embedded``: ``--local`` in
the server's process instead), on a demo workspace where each of ``--callers`` extra tokens
opens one of the demo users. Each caller opens a session, lists its tools, makes one call and closes the session;
its client, permissions and offered tools stay cached. The server's RSS is read from /proc
after one warm-up caller and after all of them.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from bench.measure import rss_mb
from gitbook_mcp.local import Store, load_demo

USERS = ("usr_admin", "usr_editor", "usr_commenter", "usr_reader")


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _seed(db: Path, callers: int) -> list[str]:
    store = Store(str(db), seed=load_demo)
    tokens = [f"gb_bench_caller_{i:04d}" for i in range(callers + 1)]
    for i, token in enumerate(tokens):
        store.identity.add_token(token, USERS[i % len(USERS)])
    store.close()
    return tokens


async def _one(url: str, token: str) -> None:
    headers = {"authorization": f"Bearer {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as http,
        Client(streamable_http_client(url, http_client=http), cache=None) as client,
    ):
        await client.list_tools()
        await client.call_tool("list_organizations", {})


async def _wait_ready(base: str) -> None:
    async with httpx2.AsyncClient() as http:
        for _ in range(200):
            try:
                if (await http.get(f"{base}/readyz")).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            await anyio.sleep(0.1)
    raise RuntimeError("the server did not become ready")


async def _drive(base: str, tokens: list[str], concurrency: int, pid: int) -> dict[str, float]:
    await _wait_ready(base)
    await _one(f"{base}/mcp", tokens[0])
    before = rss_mb(pid)
    limit = anyio.Semaphore(concurrency)
    started = time.perf_counter()

    async def one(token: str) -> None:
        async with limit:
            await _one(f"{base}/mcp", token)

    async with anyio.create_task_group() as tg:
        for token in tokens[1:]:
            tg.start_soon(one, token)
    elapsed = time.perf_counter() - started
    after = rss_mb(pid)
    return {"before": before, "after": after, "seconds": elapsed}


def measure(callers: int, concurrency: int, remote: bool = True) -> dict[str, Any]:
    """RSS of one ``--auth upstream`` server before and after ``callers`` callers are cached."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "local.db"
        tokens = _seed(db, callers)
        port, api_port = _port(), _port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
        env["GITBOOK_CALLERS_MAX"] = str(callers + 10)
        command = [sys.executable, "-m", "gitbook_mcp"]
        api = [*command, "local-api", "--db", str(db), "--port", str(api_port)]
        if remote:
            command += ["--api-url", f"http://127.0.0.1:{api_port}/v1"]
        else:
            command += ["--local", "--local-db", str(db)]
        command += ["--transport", "streamable-http", "--port", str(port), "--auth", "upstream"]
        command += ["--auth-server", "https://auth.example.test", "--log-level", "WARNING"]
        # Every caller's first request comes from this one address: not a rate-limit test.
        command += ["--rate-limit", "0"]
        quiet = subprocess.DEVNULL
        processes = [subprocess.Popen(api, env=env, stderr=quiet)] if remote else []
        server = subprocess.Popen(command, env=env, stderr=quiet)
        try:
            figures = anyio.run(_drive, f"http://127.0.0.1:{port}", tokens, concurrency, server.pid)
        finally:
            for process in (server, *processes):
                process.terminate()
                process.wait(timeout=30)
    delta = figures["after"] - figures["before"]
    return {**figures, "callers": callers, "delta": delta, "per_caller_kb": delta * 1024 / callers}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--callers", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument(
        "--embedded",
        dest="remote",
        action="store_false",
        help="use --local in the server process instead of a local-api process over HTTP",
    )
    args = parser.parse_args()
    figures = measure(args.callers, args.concurrency, args.remote)
    backend = "the API over HTTP (local-api)" if args.remote else "the embedded --local workspace"
    lines = [
        f"callers cached: {args.callers} (after 1 warm-up caller), against {backend}",
        f"server RSS: {figures['before']:.1f} MB -> {figures['after']:.1f} MB "
        f"(+{figures['delta']:.1f} MB, {figures['per_caller_kb']:.0f} KB per caller)",
        f"{args.callers} callers served in {figures['seconds']:.1f} s "
        f"(concurrency {args.concurrency}; session, tools/list, one call each)",
    ]
    os.write(1, ("\n".join(lines) + "\n").encode())


if __name__ == "__main__":
    main()
