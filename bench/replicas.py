"""Calls per second and p99 for 1 and for 3 stateless replicas, from the same run.

python -m bench.replicas                          # 50 clients x 40 calls per setting
python -m bench.replicas --clients 10 --calls 5   # a small run

One `local-api` process (with ``--latency-ms`` of API latency, the round trip of a real API)
serves every replica; the replicas run ``serve --stateless`` over streamable HTTP; the same
round-robin proxy as the replica test (`tests.deploy.proxy`) sits in front, with one replica
behind it, then three. The clients speak 2026-07-28 JSON-RPC (one POST per call) and cycle
through three read tools. The proxy and the clients share this process, so on a small machine
the figures are a floor.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx2

from tests.deploy.ops_support import modern_headers, rpc, serve_app
from tests.deploy.procs import Proc, start_local_api, start_server, stop
from tests.deploy.proxy import RoundRobinProxy

__all__ = ["measure", "run"]

READS = (
    ("list_organizations", {}),
    ("list_spaces", {"organization_id": "org_acme"}),
    ("list_comments", {"space_id": "spc_handbook", "limit": 5}),
)


async def _client(http: httpx2.AsyncClient, calls: int, latencies: list[float]) -> int:
    errors = 0
    for i in range(calls):
        name, args = READS[i % len(READS)]
        started = time.perf_counter()
        answer = await http.post(
            "/mcp",
            json=rpc("tools/call", {"name": name, "arguments": args}),
            headers=modern_headers("tools/call", name),
        )
        latencies.append(time.perf_counter() - started)
        if answer.status_code != 200 or answer.json()["result"].get("isError"):
            errors += 1
    return errors


async def measure(replicas: list[Proc], clients: int, calls: int) -> dict[str, Any]:
    """Calls/s, p50 and p99 (ms) of ``clients`` x ``calls`` through a proxy to ``replicas``."""
    proxy = RoundRobinProxy([r.url for r in replicas])
    latencies: list[float] = []
    errors: list[int] = []
    try:
        async with serve_app(lambda _port: proxy) as url:
            limits = httpx2.Limits(max_connections=clients * 2)
            async with httpx2.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
                await _client(http, 3, [])  # warm: permissions read on each replica
                await _client(http, 3, [])
                started = time.perf_counter()
                async with anyio.create_task_group() as group:
                    for _ in range(clients):

                        async def one() -> None:
                            errors.append(await _client(http, calls, latencies))

                        group.start_soon(one)
                elapsed = time.perf_counter() - started
    finally:
        await proxy.aclose()
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "replicas": len(replicas),
        "calls": len(latencies),
        "errors": sum(errors),
        "calls_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(cuts[49] * 1000, 1),
        "p99_ms": round(cuts[98] * 1000, 1),
    }


async def run(clients: int, calls: int, latency_ms: float) -> list[dict[str, Any]]:
    """Start the backend and three replicas; measure one replica, then three."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        api = start_local_api(folder, "--latency-ms", str(latency_ms))
        flags = ("--stateless", "--rate-limit", "0", "--log-level", "WARNING")
        replicas = [start_server(folder, api, "gb_local_editor", *flags) for _ in range(3)]
        try:
            return [
                await measure(replicas[:1], clients, calls),
                await measure(replicas, clients, calls),
            ]
        finally:
            stop(*replicas, api)


def main() -> None:
    """Run and write one line per setting to stdout."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--calls", type=int, default=40)
    parser.add_argument("--latency-ms", type=float, default=10.0)
    args = parser.parse_args()
    results = anyio.run(run, args.clients, args.calls, args.latency_ms)
    head = f"clients={args.clients} calls_each={args.calls} api_latency_ms={args.latency_ms}\n"
    lines = [head, *(" ".join(f"{k}={v}" for k, v in r.items()) + "\n" for r in results)]
    os.write(1, "".join(lines).encode())


if __name__ == "__main__":
    main()
