"""Scale and pace: a 1,000-page content scan, its recheck after a change, and a rate-limited API.

python -m bench.scale [--pages 1000] [--latency 20] [--concurrency 8]

The space is a change request of ``pages`` pages with ten links each (pages, anchors of headings,
a few broken ones and an outside URL), built once in the local workspace. Three measurements:

- the scan and its fix plan, read as documents from answers recorded once and replayed by a
  responder that only sleeps ``latency`` ms (so the workspace's own CPU is not counted), against
  the floor ⌈requests / concurrency⌉ x latency; in a child process, whose peak RSS is reported;
- the API calls of a recheck after a change to 5 pages, against the local workspace in process;
- the same scan against a responder that also enforces 300 requests per 10 s per token with the
  real ``X-RateLimit-*`` headers (the local workspace's own limiter): 429s met, and the time
  against what the limit allows, (⌈requests / 300⌉ - 1) x 10 s plus the last window's requests
  at full speed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
import httpx2

from bench.scan_content import LatencyResponder, Recorded, _Recorder
from gitbook_mcp.cli.collector import tune_collector
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck import LinkScanner
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from gitbook_mcp.linkcheck.run import CheckRequest, run_scan
from gitbook_mcp.local import LocalTransport, RateLimitConfig, Store, create_app, load_demo
from gitbook_mcp.local.faults import RateLimiter
from gitbook_mcp.logs import configure_logging

__all__ = ["build_space", "measure"]

BASE = "http://bench.test/v1"
SPACE = "spc_handbook"
TOKEN = "gb_local_admin"
LIMIT, WINDOW = 300, 10.0
Answers = dict[tuple[str, str], Recorded]


def _markdown(i: int, pages: int) -> str:
    """Two headings and ten links: 4 pages, 4 anchors, an outside URL, one broken now and then."""
    links = [f"[p{k}](bench-{(i + k) % pages}.md)" for k in range(1, 5)]
    links += [f"[a{k}](bench-{(i + 4 + k) % pages}.md#part-{k % 2})" for k in range(1, 5)]
    links.append("[site](https://example.com/docs)")
    links.append(f"[gone](missing-{i}.md)" if i % 10 == 0 else f"[p0](bench-{(i + 9) % pages}.md)")
    return f"## Part 0\n\n{' '.join(links[:5])}\n\n## Part 1\n\n{' '.join(links[5:])}\n"


def build_space(pages: int) -> tuple[Store, str, list[str]]:
    """The demo workspace with a change request of ``pages`` linked pages: (store, cr, ids)."""
    store = Store(":memory:")
    load_demo(store)
    cr, revision = store.change_requests.rows.create(
        SPACE, subject="Scale", status="open", created_by="usr_admin"
    )
    ids = [
        store.content.revisions.add_page(
            revision, title=f"Bench {i}", slug=f"bench-{i}", markdown=_markdown(i, pages)
        )
        for i in range(pages)
    ]
    store.content.revisions.relink(revision)
    return store, cr, ids


class RateLimited(httpx2.AsyncBaseTransport):
    """A responder behind the local workspace's fixed-window limiter and its real headers."""

    def __init__(self, inner: httpx2.AsyncBaseTransport, limit: int, window: float) -> None:
        self.inner = inner
        self.limiter = RateLimiter(RateLimitConfig(limit=limit, window_s=window))
        self.statuses: Counter[int] = Counter()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        allowed, headers = self.limiter.hit(TOKEN)
        if not allowed:
            self.statuses[429] += 1
            body = {"error": {"code": 429, "message": "rate limited"}}
            return httpx2.Response(429, headers=headers, json=body)
        response = await self.inner.handle_async_request(request)
        self.statuses[response.status_code] += 1
        response.headers.update(headers)
        return response


async def _scan(transport: httpx2.AsyncBaseTransport, cr: str, concurrency: int) -> dict[str, Any]:
    """One document scan and its fix plan; times and counts."""
    async with GitBookClient(
        token=TOKEN, base_url=BASE, transport=transport, max_concurrency=concurrency
    ) as client:
        scanner = LinkScanner(ClientContentReader(client, format="document"))
        started = time.perf_counter()
        result = await scanner.scan(SPACE, cr)
        scanned = time.perf_counter() - started
        fixes = await scanner.plan(result.broken, SPACE, cr)
        planned = time.perf_counter() - started - scanned
        waits = client.pacer.waits
    links = sum(len(found) for found in result.links.values())
    return {
        "scan_ms": scanned * 1000,
        "plan_ms": planned * 1000,
        "pages": result.pages_scanned,
        "links": links,
        "broken": len(result.broken),
        "fixes": len(fixes),
        "pacer_waits": waits,
    }


async def _record(store: Store, cr: str) -> Answers:
    recorder = _Recorder(LocalTransport(create_app(store)))  # type: ignore[arg-type]
    await _scan(recorder, cr, 8)
    return recorder.answers


async def _recheck_calls(store: Store, cr: str, ids: list[str]) -> dict[str, int]:
    """API calls of a first check and of a recheck after a change to 5 pages (in process)."""
    calls: Counter[str] = Counter()
    inner = LocalTransport(create_app(store))

    class Counting(httpx2.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            calls[request.url.path] += 1
            return await inner.handle_async_request(request)

    request = CheckRequest(SPACE, cr)
    async with GitBookClient(token=TOKEN, base_url=BASE, transport=Counting()) as client:
        await run_scan(client, request)
        first = sum(calls.values())
        current = store.db.scalar("SELECT revision_id FROM change_requests WHERE id = ?", (cr,))
        revision = store.content.revisions.create(SPACE, copy_of=str(current))
        for page in ids[:5]:
            store.content.revisions.set_markdown(revision, page, "Changed: [x](nowhere.md)\n")
        store.change_requests.rows.set_revision(cr, revision)
        calls.clear()
        await run_scan(client, request)
    return {"first": first, "recheck": sum(calls.values())}


def _child(path: str, cr: str, latency: float, concurrency: int, limited: bool) -> None:
    """Run in a child process: one replayed scan; prints its figures and peak RSS as JSON. The
    process collects garbage as the command line's do (`gitbook_mcp.cli.collector`)."""
    tune_collector()
    configure_logging(level="ERROR")
    answers: Answers = pickle.loads(Path(path).read_bytes())  # our own file
    responder = LatencyResponder(answers, latency)
    transport: httpx2.AsyncBaseTransport = responder
    if limited:
        transport = RateLimited(responder, LIMIT, WINDOW)
    figures = anyio.run(_scan, transport, cr, concurrency)
    figures["requests"] = responder.requests
    figures["max_in_flight"] = responder.max_in_flight
    if isinstance(transport, RateLimited):
        figures["statuses"] = dict(transport.statuses)
    figures["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    os.write(1, json.dumps(figures).encode())


def _run_child(path: str, cr: str, latency: float, concurrency: int, limited: bool) -> Any:
    command = [sys.executable, "-m", "bench.scale", "--child", path, "--cr", cr]
    command += ["--latency", str(latency), "--concurrency", str(concurrency)]
    if limited:
        command.append("--limited")
    env = {**os.environ, "GITBOOK_LOG_LEVEL": "ERROR"}
    out = subprocess.run(command, check=True, capture_output=True, env=env, timeout=900)
    return json.loads(out.stdout)


def allowed_seconds(requests: int, concurrency: int, latency_ms: float) -> float:
    """The least time ``requests`` take under `LIMIT` per `WINDOW` (windows from the first)."""
    windows = math.ceil(requests / LIMIT)
    last = requests - (windows - 1) * LIMIT
    return (windows - 1) * WINDOW + math.ceil(last / concurrency) * latency_ms / 1000


async def measure(
    pages: int, latency_ms: float, concurrency: int, runs: int, *, limited: bool = True
) -> dict[str, Any]:
    """The figures of the three measurements (see the module's docstring)."""
    store, cr, ids = build_space(pages)
    try:
        answers = await _record(store, cr)
        recheck = await _recheck_calls(store, cr, ids)
    finally:
        store.close()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "answers.pickle")
        await anyio.Path(path).write_bytes(pickle.dumps(answers))
        scans = [
            await anyio.to_thread.run_sync(_run_child, path, cr, latency_ms, concurrency, False)
            for _ in range(runs)
        ]
        cpu = await anyio.to_thread.run_sync(_run_child, path, cr, 0.0, concurrency, False)
        paced_runs = [
            await anyio.to_thread.run_sync(_run_child, path, cr, latency_ms, concurrency, True)
            for _ in range(min(runs, 3) if limited else 0)
        ]
    scans.sort(key=lambda s: s["scan_ms"])
    scan = scans[len(scans) // 2]
    floor = math.ceil(scan["requests"] / concurrency) * latency_ms
    out: dict[str, Any] = {
        "pages": pages,
        "scan": scan,
        "scan_runs": [round(s["scan_ms"]) for s in scans],
        "floor_ms": floor,
        "ratio": scan["scan_ms"] / floor,
        "peak_rss_mb": max(s["peak_rss_mb"] for s in scans),
        "cpu_ms": cpu["scan_ms"],
        "recheck": recheck,
    }
    if paced_runs:
        # The median run: a window's reset is stated in whole seconds, so each pause waits up
        # to a second past the true reset, at random (see docs/benchmarks.md).
        paced_runs.sort(key=lambda s: s["scan_ms"])
        paced = paced_runs[len(paced_runs) // 2]
        allowed = allowed_seconds(paced["requests"], concurrency, latency_ms)
        out["paced"] = paced
        out["paced_runs"] = [round(s["scan_ms"] / 1000, 1) for s in paced_runs]
        out["paced_429"] = sum(s["statuses"].get("429", 0) for s in paced_runs)
        out["allowed_s"] = allowed
        out["paced_ratio"] = paced["scan_ms"] / 1000 / allowed
    return out


def rows(result: dict[str, Any], latency_ms: float, concurrency: int) -> list[str]:
    """The report's rows."""

    def mark(ok: bool) -> str:
        return "met" if ok else "**missed**"

    s, r = result["scan"], result["recheck"]
    lines = [
        f"| content-based check of {s['pages']} pages ({s['links']} links, anchors included) and "
        f"its fix plan, {latency_ms:.0f} ms per request, concurrency {concurrency} (latency-only "
        f"responder) | scan median {s['scan_ms']:.0f} ms of {result['scan_runs']}; floor "
        f"⌈{s['requests']} requests / {concurrency}⌉ x {latency_ms:.0f} ms = "
        f"{result['floor_ms']:.0f} ms; ratio {result['ratio']:.2f}; no latency "
        f"{result['cpu_ms']:.0f} ms; plan {s['plan_ms']:.0f} ms "
        f"({s['broken']} broken, {s['fixes']} fixes) | ≤ 1.2 x floor | "
        f"{mark(result['ratio'] <= 1.2)} |",
        f"| peak RSS of that check and plan (child process) | {result['peak_rss_mb']:.1f} MB | "
        f"< 200 MB | {mark(result['peak_rss_mb'] < 200)} |",
        f"| API calls of a recheck after a change to 5 of {s['pages']} pages (local workspace) | "
        f"{r['recheck']} (the first check: {r['first']}) | ≤ 8 | {mark(r['recheck'] <= 8)} |",
    ]
    p = result.get("paced")
    if p is not None:
        errors = result["paced_429"]
        lines.append(
            f"| the same check against {LIMIT} requests per {WINDOW:.0f} s (the real "
            f"`X-RateLimit-*` headers), {latency_ms:.0f} ms per request | {errors} answers 429 "
            f"in {len(result['paced_runs'])} runs; median {p['scan_ms'] / 1000:.1f} s of "
            f"{result['paced_runs']} for {p['requests']} requests, {p['pacer_waits']} "
            f"pauses for a reset; the limit allows {result['allowed_s']:.1f} s; ratio "
            f"{result['paced_ratio']:.2f} | no 429, ≤ 1.1 x allowed | "
            f"{mark(errors == 0 and result['paced_ratio'] <= 1.1)} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-limited", action="store_true", help="skip the rate-limited run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--cr", help=argparse.SUPPRESS)
    parser.add_argument("--limited", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.cr, args.latency, args.concurrency, args.limited)
        return
    configure_logging(level="ERROR")
    result = anyio.run(
        lambda: measure(
            args.pages, args.latency, args.concurrency, args.runs, limited=not args.no_limited
        )
    )
    os.write(1, ("\n".join(rows(result, args.latency, args.concurrency)) + "\n").encode())


if __name__ == "__main__":
    main()
