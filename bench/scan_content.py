"""The content-based link scan of a large change request, against its ideal time.

python -m bench.scan_content [--pages 200] [--latency 20] [--concurrency 8] [--runs 5]

The API answers are recorded once from the local workspace (a change request of ``pages`` linked
pages), then replayed by a transport that only sleeps ``latency`` ms and returns the prebuilt
bytes: the local workspace's own CPU is not counted. The ideal is requests / cap x latency.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from typing import Any

import anyio
import httpx2

from bench.measure import Sample
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck import LinkScanner
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from gitbook_mcp.local import LocalTransport, Store, create_app, load_demo
from gitbook_mcp.logs import configure_logging

__all__ = ["LatencyResponder", "build_scan_store", "main", "measure", "record"]

BASE = "http://bench.test/v1"
SPACE = "spc_handbook"
CHANGE_REQUEST = "cr_install_rewrite"
TOKEN = "gb_local_admin"


@dataclass(frozen=True)
class Recorded:
    status: int
    headers: list[tuple[str, str]]
    body: bytes


def build_scan_store(pages: int) -> Store:
    """A workspace whose change request #1 of spc_handbook has ``pages`` extra linked pages."""
    store = Store(":memory:")
    load_demo(store)
    revision = store.db.scalar(
        "SELECT revision_id FROM change_requests WHERE id = 'cr_install_rewrite'"
    )
    for index in range(pages):
        target = f"bench-{(index + 1) % pages}.md" if index % 10 else "missing-page.md"
        store.content.revisions.add_page(
            str(revision),
            title=f"Bench {index}",
            slug=f"bench-{index}",
            markdown=f"See [next]({target}).\n",
        )
    return store


class _Recorder(httpx2.AsyncBaseTransport):
    """Passes requests to the local workspace and keeps each answer by method and URL."""

    def __init__(self, inner: httpx2.AsyncBaseTransport) -> None:
        self.inner = inner
        self.answers: dict[tuple[str, str], Recorded] = {}

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self.inner.handle_async_request(request)
        body = await response.aread()
        headers = [(k, v) for k, v in response.headers.items() if k.lower() == "content-type"]
        self.answers[(request.method, str(request.url))] = Recorded(
            response.status_code, headers, body
        )
        return httpx2.Response(response.status_code, headers=headers, content=body)


class LatencyResponder(httpx2.AsyncBaseTransport):
    """Answers from recorded bytes after ``latency_ms``; counts requests and the most in flight."""

    def __init__(self, answers: dict[tuple[str, str], Recorded], latency_ms: float) -> None:
        self.answers = answers
        self.latency = latency_ms / 1000
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        self.requests += 1
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await anyio.sleep(self.latency)
        finally:
            self.in_flight -= 1
        answer = self.answers.get((request.method, str(request.url)))
        if answer is None:
            return httpx2.Response(404, json={"error": {"code": 404, "message": "not recorded"}})
        return httpx2.Response(answer.status, headers=answer.headers, content=answer.body)


async def _scan(transport: httpx2.AsyncBaseTransport, concurrency: int) -> tuple[float, int]:
    async with GitBookClient(
        token=TOKEN, base_url=BASE, transport=transport, max_concurrency=concurrency
    ) as client:
        scanner = LinkScanner(ClientContentReader(client, format="markdown"))
        started = time.perf_counter()
        result = await scanner.scan(SPACE, CHANGE_REQUEST)
        elapsed = (time.perf_counter() - started) * 1000
    return elapsed, len(result.findings)


async def record(pages: int) -> dict[tuple[str, str], Recorded]:
    """The answers a scan of the change request needs, recorded from the local workspace."""
    store = build_scan_store(pages)
    try:
        recorder = _Recorder(LocalTransport(create_app(store)))  # type: ignore[arg-type]
        await _scan(recorder, 8)
    finally:
        store.close()
    return recorder.answers


async def measure(pages: int, latency_ms: float, concurrency: int, runs: int) -> dict[str, Any]:
    """Median wall time of ``runs`` scans, the ideal, and their ratio (target at most 1.3)."""
    answers = await record(pages)
    timings: list[float] = []
    requests = findings = 0
    peak = 0
    for _ in range(runs):
        responder = LatencyResponder(answers, latency_ms)
        elapsed, findings = await _scan(responder, concurrency)
        timings.append(elapsed)
        requests, peak = responder.requests, responder.max_in_flight
    ideal = requests / concurrency * latency_ms
    ours = Sample(timings)
    cpu = Sample([(await _scan(LatencyResponder(answers, 0), concurrency))[0] for _ in range(runs)])
    return {
        "ours": ours,
        "ideal_ms": ideal,
        "ratio": ours.median / ideal,
        "requests": requests,
        "pages": pages,
        "findings": findings,
        "max_in_flight": peak,
        "cpu_ms": cpu.median,
        "target": 1.3,
    }


def describe(result: dict[str, Any], latency_ms: float, concurrency: int) -> str:
    """One line for the report."""
    return (
        f"content scan, {result['pages']} pages, {latency_ms:.0f} ms per request, cap "
        f"{concurrency}: {result['ours'].describe()}; {result['requests']} requests; ideal "
        f"{result['ideal_ms']:.0f} ms; ratio {result['ratio']:.2f} (target <= {result['target']}); "
        f"at most {result['max_in_flight']} in flight; {result['findings']} broken links; "
        f"the same scan with no latency {result['cpu_ms']:.0f} ms (client and scanner CPU)\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--latency", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    configure_logging(level="ERROR")
    result = anyio.run(measure, args.pages, args.latency, args.concurrency, args.runs)
    os.write(1, describe(result, args.latency, args.concurrency).encode())


if __name__ == "__main__":
    main()
