"""Rate limits and injected faults, on request and deterministic under a seed.

`FaultPlan` decides per request, in arrival order, whether to add latency, answer 5xx, or drop
the connection (before the store sees the request, or after it applied it, so that a client
cannot know). `RateLimiter` is a fixed window per token that sends the real service's
``X-RateLimit-*`` headers and answers 429 with ``Retry-After`` past the configured rate.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = [
    "ConnectionDropped",
    "FaultConfig",
    "FaultDecision",
    "FaultPlan",
    "RateLimitConfig",
    "RateLimiter",
]


class ConnectionDropped(Exception):
    """Raised by the app to drop the connection; transports turn it into a network error."""

    def __init__(self, *, processed: bool) -> None:
        super().__init__("connection dropped by fault injection")
        self.processed = processed


@dataclass(frozen=True)
class FaultConfig:
    """Rates are fractions of requests (0 to 1); latency is in milliseconds."""

    latency_ms: float = 0.0
    latency_jitter_ms: float = 0.0
    error_rate: float = 0.0
    error_statuses: tuple[int, ...] = (500, 502, 503)
    drop_rate: float = 0.0
    slow_rate: float = 0.0
    slow_ms: float = 0.0
    rate_limit_rate: float = 0.0
    retry_after_s: float = 0.05
    seed: int = 0

    @property
    def active(self) -> bool:
        return bool(
            self.latency_ms
            or self.latency_jitter_ms
            or self.error_rate
            or self.drop_rate
            or self.slow_rate
            or self.rate_limit_rate
        )


@dataclass(frozen=True)
class FaultDecision:
    delay_s: float = 0.0
    status: int | None = None
    drop: str | None = None  # "before" or "after" processing
    rate_limited: bool = False


class FaultPlan:
    """Draws one decision per request from a seeded generator, in arrival order."""

    def __init__(self, config: FaultConfig) -> None:
        self.config = config
        self._random = random.Random(config.seed)
        self._lock = threading.Lock()

    def decide(self) -> FaultDecision:
        c = self.config
        with self._lock:
            r = self._random.random
            delay = c.latency_ms / 1000.0
            if c.latency_jitter_ms:
                delay += r() * c.latency_jitter_ms / 1000.0
            roll = r()
            if roll < c.slow_rate:
                return FaultDecision(delay_s=delay + c.slow_ms / 1000.0)
            roll -= c.slow_rate
            if roll < c.rate_limit_rate:
                return FaultDecision(delay_s=delay, rate_limited=True)
            roll -= c.rate_limit_rate
            if roll < c.error_rate:
                statuses = c.error_statuses or (500,)
                return FaultDecision(delay_s=delay, status=statuses[int(r() * len(statuses))])
            roll -= c.error_rate
            if roll < c.drop_rate:
                return FaultDecision(delay_s=delay, drop="before" if r() < 0.5 else "after")
            return FaultDecision(delay_s=delay)


@dataclass(frozen=True)
class RateLimitConfig:
    """At most ``limit`` requests per token in each window of ``window_s`` seconds."""

    limit: int = 600
    window_s: float = 60.0


@dataclass
class _Window:
    start: float
    used: int = 0


@dataclass
class RateLimiter:
    config: RateLimitConfig
    clock: Callable[[], float] = time.time
    _windows: dict[str, _Window] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def hit(self, key: str) -> tuple[bool, dict[str, str]]:
        """Count one request; return whether it is allowed and the headers to send."""
        now = self.clock()
        with self._lock:
            window = self._windows.get(key)
            if window is None or now - window.start >= self.config.window_s:
                window = self._windows[key] = _Window(start=now)
            reset = window.start + self.config.window_s
            allowed = window.used < self.config.limit
            if allowed:
                window.used += 1
            headers = {
                "X-RateLimit-Limit": str(self.config.limit),
                "X-RateLimit-Remaining": str(max(0, self.config.limit - window.used)),
                "X-RateLimit-Reset": str(math.ceil(reset)),
            }
            if not allowed:
                headers["Retry-After"] = str(max(1, math.ceil(reset - now)))
            return allowed, headers
