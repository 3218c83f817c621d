"""What the interpreter's switch interval costs and buys; prints, never asserts.

python -m bench.switch_interval [--rounds 3]

Two figures at CPython's 5 ms and at the server's `SWITCH_SECONDS`, each in its own process,
alternated: (1) the event loop's latency, ten loopback round trips and one worker-thread hop per
sample, alone and beside a worker thread parsing ``"[a\\n" * 8000`` with no yield (what a thread
not under the parse budget's pauses does to the loop, issue 36); (2) throughput, the wall time of
parsing the whole cheqd corpus in one and in two worker threads at once.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import anyio
import anyio.abc
import anyio.to_thread

__all__ = ["loop_latency", "parse_corpus"]

HOSTILE = "[a\n" * 8000
CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpora" / "cheqd-product-docs"
SAMPLES = 300


def _hostile(stop: threading.Event) -> None:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")  # no budget rules: nothing yields the interpreter
    while not stop.is_set():
        md.parse(HOSTILE)


async def _echo(stream: anyio.abc.SocketStream) -> None:
    async with stream:
        async for chunk in stream:
            await stream.send(chunk)


async def loop_latency(loaded: bool) -> tuple[float, float]:
    """p50 and p99 in ms of one sample (10 loopback round trips and a thread hop)."""
    stop = threading.Event()
    listener = await anyio.create_tcp_listener(local_host="127.0.0.1")
    port = listener.extra(anyio.abc.SocketAttribute.local_port)
    seconds: list[float] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(listener.serve, _echo)
        if loaded:
            threading.Thread(target=_hostile, args=(stop,), daemon=True).start()
            await anyio.sleep(0.2)
        async with await anyio.connect_tcp("127.0.0.1", port) as client:
            for _ in range(SAMPLES):
                started = time.perf_counter()
                for _ in range(10):
                    await client.send(b"x" * 100)
                    await client.receive()
                await anyio.to_thread.run_sync(len, "abc")
                seconds.append(time.perf_counter() - started)
        stop.set()
        tg.cancel_scope.cancel()
    q = statistics.quantiles(seconds, n=100, method="inclusive")
    return q[49] * 1000, q[98] * 1000


def parse_corpus(threads: int) -> float:
    """Seconds to parse every cheqd page in ``threads`` worker threads at once (each all)."""
    from gitbook_mcp.document import parse_markdown

    texts = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.rglob("*.md"))]

    def every_page() -> None:
        for text in texts:
            parse_markdown(text)

    async def run() -> float:
        started = time.perf_counter()
        async with anyio.create_task_group() as tg:
            for _ in range(threads):
                tg.start_soon(anyio.to_thread.run_sync, every_page)
        return time.perf_counter() - started

    every_page()  # warm
    return anyio.run(run)


def _child(switch: float, what: str) -> None:
    sys.setswitchinterval(switch)
    if what in ("alone", "loaded"):
        p50, p99 = anyio.run(loop_latency, what == "loaded")
        sys.stdout.write(f"{p50:.1f} / {p99:.1f} ms\n")
    else:
        sys.stdout.write(f"{parse_corpus(int(what)):.2f} s\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(float(args.child[0]), args.child[1])
        return
    from gitbook_mcp.cli.serve import SWITCH_SECONDS

    cases = {
        "loop alone, p50 / p99": "alone",
        "loop beside a parse, p50 / p99": "loaded",
        "cheqd corpus, 1 thread": "1",
        "cheqd corpus, 2 threads": "2",
    }
    for label, what in cases.items():
        runs: dict[float, list[str]] = {0.005: [], SWITCH_SECONDS: []}
        for _ in range(args.rounds):
            for switch, figures in runs.items():  # alternated: the machine's load moves
                command = [sys.executable, "-m", "bench.switch_interval"]
                command += ["--child", str(switch), what]
                out = subprocess.run(command, capture_output=True, text=True, check=True)
                figures.append(out.stdout.strip())
        for switch, figures in runs.items():
            sys.stdout.write(f"{label} at {switch * 1000:g} ms: {'; '.join(figures)}\n")


if __name__ == "__main__":
    main()
