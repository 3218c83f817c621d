"""Per-call overhead: a read tool through MCP over stdio against the same API call made directly.

Side by side, alternating, in one run (`measure`: three runs, with fresh processes each):

- ``ours``: `list_spaces` through ``gitbook-mcp`` with the SDK's client (what the target is
  judged on), and ``bare``: the same spoken to in JSON-RPC lines, with no client library (what
  the server itself adds);
- ``minimal``: the same API call through a minimal MCPServer (`bench.minimal_call_server`),
  and ``floor``/``bare_floor``: its tool that does nothing, with the SDK's client and in bare
  lines (the SDK's own round trip);
- ``direct``: the API call through `GitBookClient`, in this process.
"""

from __future__ import annotations

import itertools
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from mcp import StdioServerParameters
from mcp.client import Client

from bench.cases import StdioProcess, local_api, server_env
from bench.measure import Sample
from gitbook_mcp.client import GitBookClient

__all__ = ["TARGET_MS", "measure", "once"]

TARGET_MS = 1.5
"""Added at p50 over the direct call."""
_ARGUMENTS = {"organization_id": "org_acme"}


class _Bare:
    """A server spoken to in JSON-RPC lines: the handshake, then one call at a time."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.server = StdioProcess(command, env)
        self.server.open_session()
        self._ids = itertools.count(2)

    async def call(self, name: str, arguments: dict[str, Any]) -> None:
        # Blocks the loop until the answer: nothing else runs meanwhile.
        answer = self.server.call_tool(next(self._ids), name, arguments)
        assert "result" in answer, answer
        assert not answer["result"].get("isError"), answer

    def close(self) -> None:
        self.server.close()


async def once(calls: int) -> dict[str, Any]:
    """One run: ``calls`` of each subject, alternating, so that drift hits them all."""
    with tempfile.TemporaryDirectory() as tmp:
        async with local_api(Path(tmp) / "api.db") as base:
            ours_command = [sys.executable, "-m", "gitbook_mcp", "--api-url", base]
            minimal_command = [sys.executable, "-m", "bench.minimal_call_server"]
            env = server_env(GITBOOK_API_TOKEN="gb_local_admin", BASE=base)
            ours_params = StdioServerParameters(
                command=ours_command[0], args=ours_command[1:], env=env
            )
            minimal_params = StdioServerParameters(
                command=minimal_command[0], args=minimal_command[1:], env=env
            )
            bare, bare_minimal = _Bare(ours_command, env), _Bare(minimal_command, env)
            try:
                async with (
                    Client(ours_params, cache=None) as mcp,
                    Client(minimal_params, cache=None) as minimal,
                    GitBookClient(token="gb_local_admin", base_url=base) as direct,
                ):
                    subjects = _subjects(mcp, minimal, direct, bare, bare_minimal)
                    times = await _alternate(subjects, calls)
            finally:
                bare.close()
                bare_minimal.close()
    samples = {name: Sample(values) for name, values in times.items()}
    ref = samples["direct"]
    return {
        **samples,
        "reference": ref,
        "added_p50": samples["ours"].median - ref.median,
        "added_p99": samples["ours"].p(99) - ref.p(99),
        "minimal_added_p50": samples["minimal"].median - ref.median,
        "bare_added_p50": samples["bare"].median - ref.median,
        "target_ms": TARGET_MS,
    }


def _subjects(
    mcp: Client, minimal: Client, direct: GitBookClient, bare: _Bare, bare_minimal: _Bare
) -> dict[str, Callable[[], Awaitable[None]]]:
    async def through(server: Client, name: str, arguments: dict[str, Any]) -> None:
        result = await server.call_tool(name, arguments)
        assert not result.is_error

    async def directly() -> None:
        await direct.spaces.list("org_acme", limit=25)

    return {
        "ours": lambda: through(mcp, "list_spaces", _ARGUMENTS),
        "bare": lambda: bare.call("list_spaces", _ARGUMENTS),
        "minimal": lambda: through(minimal, "list_spaces", _ARGUMENTS),
        "floor": lambda: through(minimal, "nothing", {}),
        "bare_floor": lambda: bare_minimal.call("nothing", {}),
        "direct": directly,
    }


async def _alternate(
    subjects: dict[str, Callable[[], Awaitable[None]]], calls: int
) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in subjects}
    for call in subjects.values():  # a first call each, not timed (connections, imports)
        await call()
    for _ in range(calls):
        for name, call in subjects.items():
            started = time.perf_counter()
            await call()
            times[name].append((time.perf_counter() - started) * 1000)
    return times


async def measure(calls: int, runs: int) -> dict[str, Any]:
    """`once` ``runs`` times: the median run, with each run's added p50 and floor (a call's cost
    moves with how soon this machine wakes a process, from one minute to the next)."""
    outcomes = [await once(calls) for _ in range(runs)]
    outcomes.sort(key=lambda outcome: float(outcome["added_p50"]))
    median = outcomes[len(outcomes) // 2]
    added = [float(o["added_p50"]) for o in outcomes]
    floors = [float(o["floor"].median) for o in outcomes]
    return {**median, "runs": added, "floor_runs": floors}
