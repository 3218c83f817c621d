"""Client-side limits shared by every caller of one client: concurrency and request rate."""

from __future__ import annotations

import time
from collections.abc import Callable

import anyio

__all__ = ["RateLimiter"]


class RateLimiter:
    """Spaces requests at least ``1 / rate`` seconds apart (a token bucket of size one burst).

    ``burst`` requests may go at once after a quiet period; after that they are paced.
    """

    def __init__(
        self,
        rate: float,
        *,
        burst: int = 1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self._interval = 1.0 / rate
        self._burst = max(1, burst)
        self._clock = clock
        self._tokens = float(self._burst)
        self._updated = clock()
        self._lock = anyio.Lock()

    async def acquire(self) -> None:
        """Wait until one more request may start."""
        async with self._lock:
            while True:
                now = self._clock()
                elapsed = now - self._updated
                self._updated = now
                self._tokens = min(float(self._burst), self._tokens + elapsed / self._interval)
                if self._tokens >= 1.0:
                    self._tokens -= 1.0
                    return
                await anyio.sleep((1.0 - self._tokens) * self._interval)
