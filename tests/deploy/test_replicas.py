"""Stateless replicas: three `serve` processes over one `local-api`, behind a round-robin proxy.

The replicas run ``--auth upstream``: each client sends its own role's token. Run 1: 2 roles x
12 clients x 20 calls, all replicas up: no error, every client sees exactly its role's tools.
Run 2: the same load while one replica is killed (SIGKILL) mid-run: only calls in flight to it
fail, each with the proxy's retryable 502; a client retries a read, and a write only after
checking the backend for its idempotency key; every write is then applied exactly once.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from tests.deploy.ops_support import modern_headers, rpc, serve_app
from tests.deploy.procs import Proc, start_local_api, start_server, stop
from tests.deploy.proxy import RETRYABLE, RoundRobinProxy

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(180)]

ROLES = {"editor": "gb_local_editor", "reader": "gb_local_reader"}
"""Role -> the API token its clients send (``--auth upstream``)."""
CLIENTS = 12
"""Clients per role: more than a tenant's requests in flight at one replica's edge (4), so that
the edge's refusals are met and retried, as with a real crowd."""
CALLS = 20
"""Calls per client in the first run, half that in the second: enough that every client is
mid-run when a replica is killed, and that each replica takes a share."""
SPACE = "spc_handbook"
READS = (
    ("list_organizations", {}),
    ("list_spaces", {"organization_id": "org_acme"}),
    ("list_comments", {"space_id": SPACE, "limit": 5}),
)


@dataclass
class Tally:
    """What the clients of one run saw."""

    ok: int = 0
    errors: list[str] = field(default_factory=list)
    retried: list[float] = field(default_factory=list)
    tool_sets: dict[str, set[frozenset[str]]] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)
    flowing_at: int | None = None
    flowing: anyio.Event = field(default_factory=anyio.Event)

    def succeeded(self) -> None:
        """Count a call that worked; ``flowing`` is set once ``flowing_at`` calls have."""
        self.ok += 1
        if self.flowing_at is not None and self.ok >= self.flowing_at:
            self.flowing.set()


def _comment_count(db: Path, key: str) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as conn:
        row = conn.execute("SELECT count(*) FROM comments WHERE markdown = ?", (key,)).fetchone()
    return int(row[0])


async def _post(
    client: httpx2.AsyncClient, method: str, params: dict[str, Any], role: str
) -> httpx2.Response:
    headers = modern_headers(method, params.get("name")) | {
        "authorization": f"Bearer {ROLES[role]}"
    }
    return await client.post("/mcp", json=rpc(method, params), headers=headers)


async def _call(
    client: httpx2.AsyncClient, tally: Tally, db: Path, role: str, name: str, args: dict[str, Any]
) -> None:
    """One tool call, retried on the proxy's 502 (a write only if its key is not applied), and
    after the wait a 429 asks for: the clients share one tenant's token, whose requests in flight
    are capped at each replica's edge (a request answered 429 was never read, so it is safe to
    send again), and after a refusal of the caller's own cap of calls in flight (nothing done)."""
    failures = waits = 0
    while failures < 5:
        answer = await _post(client, "tools/call", {"name": name, "arguments": args}, role)
        if answer.status_code == 429 and waits < 60:
            waits += 1
            await anyio.sleep(float(answer.headers.get("retry-after", "1")))
            continue
        if _too_many_in_flight(answer) and waits < 60:  # past the edge, the caller's own cap
            waits += 1
            await anyio.sleep(0.2)
            continue
        failures += 1
        if answer.status_code != RETRYABLE:
            break
        tally.retried.append(time.monotonic())
        if name == "post_comment":
            await anyio.sleep(0.3)  # let a write the dead replica sent land first
            if _comment_count(db, args["markdown"]) > 0:
                tally.succeeded()  # applied before its replica died: do not apply it twice
                return
    result = answer.json().get("result", {}) if answer.status_code == 200 else {}
    if answer.status_code != 200 or result.get("isError"):
        tally.errors.append(f"{name}: {answer.status_code} {answer.text[:200]}")
    else:
        tally.succeeded()


def _too_many_in_flight(answer: httpx2.Response) -> bool:
    """The server's per-caller cap refused the call before doing anything (the tool's answer
    says to wait and retry): the clients on one token can overlap more calls than it allows."""
    if answer.status_code != 200:
        return False
    result = answer.json().get("result", {})
    texts = [c.get("text", "") for c in result.get("content", [])]
    return bool(result.get("isError")) and any(
        t.startswith("Refused: this caller already has too many calls in flight") for t in texts
    )


async def _client(
    http: httpx2.AsyncClient, tally: Tally, db: Path, role: str, number: int, calls: int
) -> None:
    for _ in range(5):
        listing = await _post(http, "tools/list", {}, role)
        if listing.status_code != RETRYABLE:
            break
        tally.retried.append(time.monotonic())
    tools = frozenset(t["name"] for t in listing.json()["result"]["tools"])
    tally.tool_sets.setdefault(role, set()).add(tools)
    for i in range(calls):
        if i % 10 == 9 and role == "editor":
            key = f"rk-{role}-{number}-{i}-{time.monotonic_ns()}"
            tally.written.append(key)
            await _call(http, tally, db, role, "post_comment", {"space_id": SPACE, "markdown": key})
        else:
            name, args = READS[i % len(READS)]
            await _call(http, tally, db, role, name, args)


async def _run(url: str, db: Path, calls: int, tally: Tally) -> None:
    async with (
        httpx2.AsyncClient(base_url=url, timeout=60) as http,
        anyio.create_task_group() as group,
    ):
        for n in range(CLIENTS):
            for role in ROLES:  # the roles interleaved
                group.start_soon(_client, http, tally, db, role, n, calls)


@asynccontextmanager
async def _cluster(tmp_path: Path) -> AsyncIterator[tuple[str, list[Proc], RoundRobinProxy, Path]]:
    api = start_local_api(tmp_path, "--latency-ms", "15")
    replicas: list[Proc] = []
    try:
        for _ in range(3):
            replicas.append(
                start_server(
                    tmp_path,
                    api,
                    None,
                    "--stateless",
                    "--rate-limit",
                    "0",
                    "--log-level",
                    "WARNING",
                )
            )
        proxy = RoundRobinProxy([r.url for r in replicas])
        try:
            async with serve_app(lambda _port: proxy) as url:
                yield url, replicas, proxy, tmp_path / "api.db"
        finally:
            await proxy.aclose()
    finally:
        stop(*replicas, api)


async def test_three_replicas_serve_any_request_and_survive_losing_one(tmp_path: Path) -> None:
    async with _cluster(tmp_path) as (url, replicas, proxy, db):
        reference = {}
        async with httpx2.AsyncClient(base_url=replicas[0].url, timeout=30) as direct:
            for role in ROLES:
                listing = (await _post(direct, "tools/list", {}, role)).json()["result"]["tools"]
                reference[role] = {frozenset(t["name"] for t in listing)}
        calm = Tally()
        await _run(url, db, CALLS, calm)
        assert calm.errors == []
        assert calm.retried == []
        assert calm.ok == len(ROLES) * CLIENTS * CALLS
        assert calm.tool_sets == reference  # every client saw exactly its role's tools
        assert min(proxy.served.values()) > CLIENTS * CALLS / 3  # every replica took its share

        stormy = Tally(flowing_at=len(ROLES) * CLIENTS * 2)
        async with anyio.create_task_group() as group:
            group.start_soon(_run, url, db, CALLS // 2, stormy)
            # Kill once calls are flowing (every client past its first calls), not after a fixed
            # time: on a quiet machine a fixed delay could fall before any call reached it.
            await stormy.flowing.wait()
            # And once a call is in flight on the replica killed, so that one is cut mid-way.
            for _ in range(10_000):  # at most about 10 s
                if proxy.in_flight[replicas[1].url]:
                    break
                await anyio.sleep(0.001)
            killed_at = time.monotonic()
            replicas[1].process.send_signal(signal.SIGKILL)
            others = (replicas[0].url, replicas[2].url)
            at_kill = sum(proxy.served[u] for u in others)
        served_after = sum(proxy.served[u] for u in others) - at_kill

    assert stormy.errors == []
    assert stormy.ok == len(ROLES) * CLIENTS * (CALLS // 2)
    assert 1 <= len(stormy.retried) <= len(ROLES) * CLIENTS  # at most one in flight per client
    late = [round(at - killed_at, 2) for at in stormy.retried]
    assert all(at < 5.0 for at in late), late  # right after the kill (a loaded machine is slow)
    assert served_after > CLIENTS * CALLS // 4  # the others carried on after the kill
    assert proxy.down == {replicas[1].url}
    for key in calm.written + stormy.written:
        assert _comment_count(db, key) == 1, key  # every write applied, none twice
    (editor,), (reader,) = reference["editor"], reference["reader"]
    assert reader < editor  # the roles differ, or the test would show nothing
    assert "post_comment" in editor
    assert calm.tool_sets == stormy.tool_sets
