"""Fair shares of the worker threads: one owner's CPU work holds at most `PER_OWNER` threads,
however much it queues, and another owner's work runs beside it (counted, never timed)."""

from __future__ import annotations

import threading

import anyio
import anyio.from_thread
import pytest

from gitbook_mcp.document.cpu import (
    CPU_OWNER,
    GLOBAL_THREADS,
    PER_OWNER,
    FairCpu,
    fair_cpu,
    run_cpu,
)

pytestmark = pytest.mark.anyio


def test_the_global_limit_is_below_the_thread_pool_and_above_one_owner() -> None:
    assert PER_OWNER < GLOBAL_THREADS < 40  # anyio's default pool


async def test_one_owners_flood_holds_one_thread_and_another_owner_still_runs() -> None:
    fair = FairCpu()
    release = threading.Event()
    started: list[str] = []
    lock = threading.Lock()
    first = anyio.Event()

    def blocked(owner: str) -> str:
        with lock:
            started.append(owner)
        anyio.from_thread.run_sync(first.set)
        release.wait(10)
        return owner

    def quick() -> str:
        return "victim"

    async with anyio.create_task_group() as tg:
        for _ in range(10):
            tg.start_soon(fair.run, "flood", blocked, "flood")
        await first.wait()
        # The victim's work completes while the flood's first item still holds its thread.
        assert await fair.run("victim", quick) == "victim"
        assert fair.running("flood") == PER_OWNER
        assert started == ["flood"] * PER_OWNER
        assert fair.shares["flood"].users == 10
        release.set()
    assert started == ["flood"] * 10
    assert fair.shares == {}  # idle owners are forgotten


async def test_run_cpu_charges_the_current_owner() -> None:
    seen: list[int] = []
    token = CPU_OWNER.set("tenant-a")
    fair = fair_cpu()
    try:
        await run_cpu(lambda: seen.append(fair.running("tenant-a")))
    finally:
        CPU_OWNER.reset(token)
    assert seen == [1]
