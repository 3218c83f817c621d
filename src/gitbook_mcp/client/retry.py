"""The retry policy as small pure functions, so that every rule is tested without sleeping.

Idempotent methods (GET, PUT, DELETE) are retried on 429, 502, 503, 504, timeouts and broken
connections. POST and PATCH are retried only when the request provably never reached the
server (a failed connect), so that a retry can never create a second comment or redirect.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Callable, Mapping

from gitbook_mcp.client.constants import INITIAL_RETRY_DELAY, MAX_RETRY_DELAY, RETRY_JITTER

__all__ = [
    "IDEMPOTENT_METHODS",
    "RETRYABLE_STATUSES",
    "FailureKind",
    "parse_retry_after",
    "retry_delay",
    "should_retry",
]

IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
RETRYABLE_STATUSES = frozenset({429, 502, 503, 504})

FailureKind = str
"""``"connect"`` (never sent), ``"timeout"`` or ``"network"`` (may have been processed), or
``"deadline"``: the attempt ran past its total deadline, which is never retried (a server that
trickled an answer for that long would only do it again)."""


def should_retry(
    method: str,
    *,
    status: int | None = None,
    failure: FailureKind | None = None,
) -> bool:
    """Whether a failed attempt may be sent again without risking a duplicate write."""
    if failure == "connect":
        return True
    if method.upper() not in IDEMPOTENT_METHODS:
        return False
    if failure in ("timeout", "network"):
        return True
    return status in RETRYABLE_STATUSES


def parse_retry_after(
    headers: Mapping[str, str],
    *,
    now: Callable[[], float] = time.time,
) -> float | None:
    """Seconds to wait from ``Retry-After`` (seconds or HTTP date) or ``X-RateLimit-Reset``.

    ``X-RateLimit-Reset`` is read as a Unix time in seconds (or milliseconds when it is that
    large), and as a number of seconds when it is too small to be a date.
    """
    lowered = {k.lower(): v for k, v in headers.items()}
    raw = lowered.get("retry-after")
    if raw is not None:
        value = raw.strip()
        try:
            return max(0.0, float(value))
        except ValueError:
            parsed = email.utils.parsedate_tz(value)
            if parsed is not None:
                return max(0.0, email.utils.mktime_tz(parsed) - now())
    reset = lowered.get("x-ratelimit-reset")
    if reset is not None:
        try:
            number = float(reset.strip())
        except ValueError:
            return None
        if number > 1e12:
            number /= 1000.0
        if number > 1e9:
            return max(0.0, number - now())
        return max(0.0, number)
    return None


def retry_delay(
    attempt: int,
    *,
    retry_after: float | None = None,
    random: Callable[[], float] = lambda: 0.5,
    initial: float = INITIAL_RETRY_DELAY,
    maximum: float = MAX_RETRY_DELAY,
    jitter: float = RETRY_JITTER,
) -> float:
    """Seconds to sleep before retry number ``attempt`` (0 for the first retry).

    A server hint wins when it is given (a small margin is added so the window has surely
    reset); otherwise exponential backoff with up to ``jitter`` of it removed at random.
    """
    if retry_after is not None:
        return retry_after + 0.05 if retry_after > 0 else 0.0
    base: float = min(initial * (2.0**attempt), maximum)
    return base * (1.0 - jitter * random())
