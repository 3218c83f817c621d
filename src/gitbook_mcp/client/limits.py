"""Client-side limits shared by every caller of one client: concurrency and request rate."""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable

import anyio

__all__ = ["Throttle"]


class Throttle:
    """Spaces requests at least ``1 / rate`` seconds apart (a token bucket of ``burst`` tokens).

    ``burst`` requests may go at once after a quiet period; after that they are paced.
    """

    def __init__(
        self,
        rate: float,
        *,
        burst: int = 1,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
    ) -> None:
        if not 0 < rate < math.inf:
            raise ValueError(f"rate must be a positive finite number, got {rate}")
        self._interval = 1.0 / rate
        self._burst = max(1, burst)
        self._clock = clock
        self._sleep = sleep
        self._tokens = float(self._burst)
        self._updated = clock()
        self._lock = anyio.Lock()

    async def acquire(self) -> None:
        """Wait until one more request may start."""
        async with self._lock:
            now = self._clock()
            elapsed = now - self._updated
            self._updated = now
            self._tokens = min(float(self._burst), self._tokens + elapsed / self._interval)
            if self._tokens >= 1.0:
                self._tokens -= 1.0
                return
            # Wait exactly for the missing part of a token, then spend it: re-reading the clock
            # could leave a rounding error short of a whole token and spin.
            await self._sleep((1.0 - self._tokens) * self._interval)
            self._tokens = 0.0
            self._updated = self._clock()
