"""Pacing on the API's own budget: ``X-RateLimit-Limit``, ``-Remaining`` and ``-Reset``.

The service tells, on every answer, how many requests the token may still send
(``Remaining``) before the window ends at ``Reset`` (a Unix time in seconds; see
`gitbook_mcp.client.retry.parse_retry_after` for the forms accepted). `pace_delay` is the rule,
a pure function of the last budget read, the clock and the requests sent since: nothing waits
while the budget lasts (less ``reserve`` requests left for others sharing the token), then the
next request waits for the window's reset, so that a long job never meets a 429 and takes no
longer than the limit allows. `Pacer` applies the rule to every request of one client, however
many run at once; replicas sharing a token pace together because the budget is the API's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

import anyio

__all__ = ["RESET_MARGIN", "Budget", "Pacer", "pace_delay", "read_budget", "time_needed"]

RESET_MARGIN = 0.05
"""Seconds added after a reset before sending again, so the window has surely turned."""


@dataclass(frozen=True, slots=True)
class Budget:
    """The API's rate budget as one answer told it."""

    limit: int
    remaining: int
    reset: float
    """Unix time in seconds when the window ends and ``remaining`` is ``limit`` again."""


def read_budget(headers: Mapping[str, str], *, now: float | None = None) -> Budget | None:
    """The budget of an answer's headers, or None when they do not state one whole.

    ``X-RateLimit-Reset`` is a Unix time in seconds (milliseconds when that large); a value too
    small to be a date is read as seconds from ``now``.
    """
    lowered = {k.lower(): v for k, v in headers.items()}
    try:
        limit = int(lowered["x-ratelimit-limit"].strip())
        remaining = int(lowered["x-ratelimit-remaining"].strip())
        reset = float(lowered["x-ratelimit-reset"].strip())
    except (KeyError, ValueError):
        return None
    if limit <= 0 or remaining < 0 or not math.isfinite(reset):
        return None
    if reset > 1e12:
        reset /= 1000.0
    if reset < 1e9:
        reset += time.time() if now is None else now
    return Budget(limit=limit, remaining=min(remaining, limit), reset=reset)


def pace_delay(
    budget: Budget | None,
    now: float,
    *,
    sent: int = 0,
    reserve: int = 0,
    margin: float = RESET_MARGIN,
) -> float:
    """Seconds to wait before the next request.

    ``sent``: requests started since ``budget`` was read that it does not count yet (those in
    flight when it answered, and any started after); ``reserve``: requests left unspent for
    others sharing the token (other replicas), at most a tenth of the limit. No budget known, or a window already over: no
    wait.
    """
    if budget is None or now >= budget.reset:
        return 0.0
    if budget.remaining - sent > _reserve(budget, reserve):
        return 0.0
    return budget.reset - now + margin


def _reserve(budget: Budget, reserve: int) -> int:
    """The reserve kept, at most a tenth of the limit (a small budget is not left unspent)."""
    return max(0, min(reserve, budget.limit // 10))


def time_needed(
    budget: Budget | None,
    now: float,
    requests: int,
    *,
    window: float,
    sent: int = 0,
    reserve: int = 0,
) -> float:
    """Seconds of waiting the budget imposes on ``requests`` more requests (0: none).

    ``window``: the length of a window, as observed (the API does not state it).
    """
    if budget is None or requests <= 0:
        return 0.0
    reserve = _reserve(budget, reserve)
    per_window = max(1, budget.limit - reserve)
    if now >= budget.reset:
        left_now = per_window
        first_wait = 0.0
    else:
        left_now = max(0, budget.remaining - sent - reserve)
        first_wait = budget.reset - now
    if requests <= left_now:
        return 0.0
    more_windows = math.ceil((requests - left_now) / per_window)
    return first_wait + (more_windows - 1) * window


Listener = Callable[[float], Awaitable[None]]
"""Told, once per pause, how many seconds the pacer is about to wait."""


class Pacer:
    """`pace_delay` applied to every request of one client, concurrent ones included."""

    def __init__(
        self,
        *,
        reserve: int = 0,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
    ) -> None:
        self.reserve = reserve
        self._clock = clock
        self._sleep = sleep
        self._budget: Budget | None = None
        self._sent = 0
        """Requests started that ``_budget`` does not count."""
        self._in_flight = 0
        self._window = 0.0
        self._paused_until = 0.0
        self._listeners: list[Listener] = []
        self.waits = 0
        """Pauses made (each may hold many requests)."""
        self.waited = 0.0
        """Seconds of pauses, summed once per pause."""

    @property
    def budget(self) -> Budget | None:
        """The newest budget read."""
        return self._budget

    def add_listener(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` at each pause; returns the function that removes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def delay(self) -> float:
        """Seconds the next request would wait now."""
        return pace_delay(self._budget, self._clock(), sent=self._sent, reserve=self.reserve)

    def eta(self, requests: int) -> float:
        """Seconds of pauses ``requests`` more requests would meet at the current budget."""
        return time_needed(
            self._budget,
            self._clock(),
            requests,
            window=self._window,
            sent=self._sent,
            reserve=self.reserve,
        )

    async def start(self) -> None:
        """Wait until one more request may be sent, then count it as sent."""
        while True:
            wait = self.delay()
            if wait <= 0:
                break
            until = self._clock() + wait
            if until > self._paused_until + RESET_MARGIN:
                self._paused_until = until
                self.waits += 1
                self.waited += wait
                for listener in list(self._listeners):
                    await listener(wait)
            await self._sleep(wait)
            budget = self._budget
            if budget is not None and self._clock() >= budget.reset:
                # The window turned: the requests counted against the old one are not counted
                # against the new one; the next answer states the new budget.
                self._budget = None
                self._sent = self._in_flight
        self._sent += 1
        self._in_flight += 1

    def answered(self, headers: Mapping[str, str] | None) -> None:
        """One request started by `start` ended; ``headers``: its answer's, if any."""
        self._in_flight = max(0, self._in_flight - 1)
        now = self._clock()
        budget = read_budget(headers, now=now) if headers is not None else None
        if budget is None:
            return  # not known whether it was counted: it stays counted
        old = self._budget
        if old is not None and budget.reset < old.reset - 0.5:
            self._sent = max(0, self._sent - 1)
            return  # a late answer from a window already over
        if budget.remaining >= budget.limit - 1 - self._in_flight:
            self._window = max(self._window, budget.reset - now)  # a window's first answers
        if old is not None and abs(budget.reset - old.reset) <= 0.5:
            budget = Budget(budget.limit, min(budget.remaining, old.remaining), old.reset)
        self._budget = budget
        # What the answer counts includes itself; requests still in flight may not be counted.
        self._sent = self._in_flight
