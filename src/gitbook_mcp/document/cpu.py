"""CPU work off the event loop in fair shares: each owner (the caller a tool call serves) gets at
most `PER_OWNER` worker threads, beneath a global limit smaller than anyio's thread pool.

Parsing, planning and scanning other people's text holds the interpreter; with every worker of
the shared pool open to it, one caller's flood of hostile markdown took every other caller's
trivial call from 55 ms to 18 s. Here a flood queues behind its own owner's share, the other
owners' work still finds a free global slot, and the pool keeps threads for blocking I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Final, TypeVar, TypeVarTuple

import anyio
import anyio.to_thread
from anyio.lowlevel import RunVar

__all__ = ["CPU_OWNER", "GLOBAL_THREADS", "PER_OWNER", "FairCpu", "run_cpu"]

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

GLOBAL_THREADS: Final = 4
"""Worker threads running CPU work at once, for every owner together (anyio's pool has 40)."""
PER_OWNER: Final = 1
"""Worker threads one owner's CPU work may hold at once: the interpreter runs one thread at a
time anyway, so a second one would only take the interpreter from other owners."""
CPU_OWNER: ContextVar[str] = ContextVar("gitbook_mcp_cpu_owner", default="")
"""Whose CPU work this is: set by the server for each tool call ("" for the command line)."""


@dataclass
class _Share:
    limiter: anyio.CapacityLimiter
    users: int = 0


@dataclass
class FairCpu:
    """The limiters of one event loop: a global one and one per owner with work queued or
    running (forgotten when its last work is done, so idle owners cost nothing)."""

    total: int = GLOBAL_THREADS
    each: int = PER_OWNER
    shares: dict[str, _Share] = field(default_factory=dict)
    _global: anyio.CapacityLimiter | None = None

    async def run(self, owner: str, work: Callable[[*Ts], T], *args: *Ts) -> T:
        """``work(*args)`` in a worker thread, within ``owner``'s share and the global limit."""
        if self._global is None:
            self._global = anyio.CapacityLimiter(self.total)
        share = self.shares.get(owner)
        if share is None:
            share = self.shares[owner] = _Share(anyio.CapacityLimiter(self.each))
        share.users += 1
        try:
            async with share.limiter:
                return await anyio.to_thread.run_sync(work, *args, limiter=self._global)
        finally:
            share.users -= 1
            if share.users == 0:
                del self.shares[owner]

    def running(self, owner: str) -> int:
        """Threads ``owner``'s work holds now."""
        share = self.shares.get(owner)
        return 0 if share is None else share.limiter.borrowed_tokens


_FAIR: RunVar[FairCpu] = RunVar("gitbook_mcp_fair_cpu")


def fair_cpu() -> FairCpu:
    """The running event loop's `FairCpu` (limiters belong to one loop)."""
    try:
        return _FAIR.get()
    except LookupError:
        fair = FairCpu()
        _FAIR.set(fair)
        return fair


async def run_cpu(work: Callable[[*Ts], T], *args: *Ts) -> T:
    """``work(*args)`` in a worker thread, in the fair share of the current `CPU_OWNER`."""
    return await fair_cpu().run(CPU_OWNER.get(), work, *args)
