"""A victim's latency while another caller floods the server with CPU work; prints, never asserts.

python -m bench.flood [--victim-calls 20] [--flood 40] [--write docs/benchmarks.md]

Starts ``gitbook-mcp --auth upstream`` over streamable HTTP on loopback as its own process,
against ``gitbook-mcp local-api`` over HTTP (another process). Two tenants (two tokens, two
users), each with its own session and change request. The victim makes ``--victim-calls``
trivial dry-run ``edit_pages`` inserts one after the other, first alone, then while the
attacker sends ``--flood`` dry-run inserts of ``"[a\\n" * 8000`` at once (red-team finding:
markdown that costs seconds of CPU to parse). Each victim call is bounded by a timeout and the
flood is abandoned (the server process ended) once the victim is done, so the run is bounded.
The rate limit is off (``--rate-limit 0``): the flood fits within it anyway, and this measures
work in flight, not requests per second.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import anyio
import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from bench.callers_memory import _port, _wait_ready
from gitbook_mcp.local import Store, load_demo

__all__ = ["measure", "section"]

SPACE = "spc_handbook"
TENANTS = {
    "victim": ("gb_bench_victim", "usr_admin"),
    "attacker": ("gb_bench_attacker", "usr_editor"),
}
HOSTILE = "[a\n" * 8000
CALL_TIMEOUT = 120.0
"""Seconds one victim call may take before it counts as this figure (and the run moves on)."""
HEADING = "## One caller's CPU flood against another's calls"


def _seed(db: Path) -> None:
    store = Store(str(db), seed=load_demo)
    for token, user in TENANTS.values():
        store.identity.add_token(token, user)
    store.close()


def _insert(markdown: str) -> dict[str, Any]:
    return {"op": "insert", "title": "Bench", "markdown": markdown}


async def _session(stack: AsyncExitStack, url: str, token: str) -> Client:
    headers = {"authorization": f"Bearer {token}"}
    http = await stack.enter_async_context(httpx2.AsyncClient(headers=headers, timeout=300))
    return await stack.enter_async_context(
        Client(streamable_http_client(url, http_client=http), cache=None)
    )


async def _change_request(client: Client) -> dict[str, str]:
    made = await client.call_tool("create_change_request", {"space_id": SPACE, "subject": "bench"})
    assert made.structured_content is not None
    return {"space_id": SPACE, "change_request_id": str(made.structured_content["id"])}


async def _victim_calls(client: Client, ref: dict[str, str], calls: int) -> list[float]:
    seconds = []
    args = {**ref, "edits": [_insert("A small page.\n")], "dry_run": True}
    for _ in range(calls):
        started = time.perf_counter()
        with anyio.move_on_after(CALL_TIMEOUT):
            await client.call_tool("edit_pages", args)
        seconds.append(time.perf_counter() - started)
    return seconds


async def _drive(base: str, calls: int, flood: int) -> dict[str, Any]:
    await _wait_ready(base)
    url = f"{base}/mcp"
    async with AsyncExitStack() as stack:
        victim = await _session(stack, url, TENANTS["victim"][0])
        ref = await _change_request(victim)
        await _victim_calls(victim, ref, 3)  # warm-up
        alone = await _victim_calls(victim, ref, calls)
        # The attacker is another process, as another machine would be: its 40 requests are
        # built and sent by its own interpreter, not queued in front of the victim's here.
        command = [sys.executable, "-m", "bench.flood", "--attack", url, "--flood", str(flood)]
        async with await anyio.open_process(command, stderr=subprocess.DEVNULL) as attacker:
            assert attacker.stdout is not None
            lines = attacker.stdout
            buffered = b""
            while b"sent\n" not in buffered:
                buffered += await lines.receive()
            started = time.perf_counter()
            await anyio.sleep(0.5)  # the flood is in flight before the victim calls
            loaded = await _victim_calls(victim, ref, calls)
            seconds = time.perf_counter() - started
            attacker.send_signal(signal.SIGINT)
            with anyio.move_on_after(10):
                async for chunk in lines:
                    buffered += chunk
            if attacker.returncode is None:
                attacker.kill()
    outcomes: dict[str, int] = {}
    for line in buffered.decode().split("\n"):
        if line.startswith("outcome "):
            outcomes[line[8:]] = outcomes.get(line[8:], 0) + 1
    return {"alone": alone, "loaded": loaded, "outcomes": outcomes, "flood_seconds": seconds}


async def _attack(url: str, flood: int) -> None:
    """The attacker's process: its session and change request, then ``flood`` hostile calls at
    once; writes ``sent`` when they are sent and ``outcome <kind>`` as each ends."""
    async with AsyncExitStack() as stack:
        attacker = await _session(stack, url, TENANTS["attacker"][0])
        ref = await _change_request(attacker)
        hostile = {**ref, "edits": [_insert(HOSTILE)], "dry_run": True}

        async def one_hostile() -> None:
            try:
                result = await attacker.call_tool("edit_pages", hostile)
                key = "refused" if result.is_error else "served"
            except Exception as exc:  # noqa: BLE001 - a dropped call is counted, by kind
                key = type(exc).__name__
            os.write(1, f"outcome {key}\n".encode())

        async with anyio.create_task_group() as tg:
            for _ in range(flood):
                tg.start_soon(one_hostile)
            await anyio.sleep(0.2)
            os.write(1, b"sent\n")


def measure(calls: int = 20, flood: int = 40) -> dict[str, Any]:
    """The victim's call latencies alone and under the flood, and what became of the flood."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "local.db"
        _seed(db)
        port, api_port = _port(), _port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
        command = [sys.executable, "-m", "gitbook_mcp"]
        api = [*command, "local-api", "--db", str(db), "--port", str(api_port), "--rate-limit", "0"]
        command += ["--api-url", f"http://127.0.0.1:{api_port}/v1"]
        command += ["--transport", "streamable-http", "--port", str(port), "--auth", "upstream"]
        command += ["--auth-server", "https://auth.example.test", "--log-level", "WARNING"]
        command += ["--rate-limit", "0", "--output-schemas", "full"]
        quiet = subprocess.DEVNULL
        processes = [subprocess.Popen(api, env=env, stderr=quiet)]
        processes.append(subprocess.Popen(command, env=env, stderr=quiet))
        try:
            figures = anyio.run(_drive, f"http://127.0.0.1:{port}", calls, flood)
        finally:
            for process in reversed(processes):
                process.terminate()
                process.wait(timeout=30)
    return figures


def _p(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000


def section(figures: dict[str, Any], label: str) -> list[str]:
    """One row of the flood table: the victim's p50 and p99, alone and under the flood."""
    alone, loaded = figures["alone"], figures["loaded"]
    ratio = _p(loaded, 99) / _p(alone, 99)
    outcomes = (
        ", ".join(f"{n} {k}" for k, n in sorted(figures["outcomes"].items())) or "none finished"
    )
    return [
        f"| {label} | {_p(alone, 50):.0f} / {_p(alone, 99):.0f} ms | "
        f"{_p(loaded, 50):.0f} / {_p(loaded, 99):.0f} ms | {ratio:.1f} x | {outcomes} |"
    ]


def _write(path: Path, row: list[str], label: str) -> None:
    """Put ``row`` in the flood section of ``path`` (replacing a row of the same label), above
    the notes under its table."""
    text = path.read_text(encoding="utf-8")
    head = [
        HEADING,
        "",
        "`python -m bench.flood --write docs/benchmarks.md --label ...`: over streamable HTTP with "
        "`--auth upstream` against `local-api`, a victim tenant's trivial dry-run `edit_pages` "
        "insert, 20 calls one after the other, alone and while another tenant has 40 dry-run "
        'inserts of `"[a\\n" * 8000` in flight (the rate limit off: this measures work in '
        "flight). Target: the loaded p99 within 3 x the unloaded p99. The attacker is its own "
        "process; `MCPError` counts its requests answered 429 at the edge (over 4 read and 16 waiting), "
        "the others were running or queued when the victim was done. Each run is a row: on a "
        "shared machine the ratio moves between runs.",
        "",
        "| server | victim alone, p50 / p99 | victim under the flood, p50 / p99 | p99 ratio | the flood's 40 calls (when the victim was done) |",
        "|---|---|---|---|---|",
    ]
    start = text.find(HEADING)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + "\n".join(head) + "\n"
        start = text.find(HEADING)
    end = text.find("\n## ", start + len(HEADING))
    end = len(text) if end < 0 else end + 1
    block = text[start:end].rstrip("\n").split("\n")[len(head) :]
    rows = [line for line in block if line.startswith("|")]
    kept = [line for line in rows if not re.match(rf"\| {re.escape(label)} \|", line)]
    notes = [line for line in block if not line.startswith("|")]  # paragraphs under the table
    new = "\n".join([*head, *kept, *row, *notes]) + "\n"
    path.write_text(
        text[:start] + new + ("\n" + text[end:] if end < len(text) else ""), encoding="utf-8"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--victim-calls", type=int, default=20)
    parser.add_argument("--flood", type=int, default=40)
    parser.add_argument("--write", type=Path, help="put the row in this benchmarks file")
    parser.add_argument("--label", default="this branch")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        with contextlib.suppress(KeyboardInterrupt):
            anyio.run(_attack, args.attack, args.flood)
        return
    figures = measure(args.victim_calls, args.flood)
    row = section(figures, args.label)
    if args.write is not None:
        _write(args.write, row, args.label)
    os.write(
        1, ("\n".join(row) + f"\nflood abandoned after {figures['flood_seconds']:.1f} s\n").encode()
    )


if __name__ == "__main__":
    main()
