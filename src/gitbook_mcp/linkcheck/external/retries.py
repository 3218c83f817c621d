"""Outside URLs: which failures are worth another try, how long to wait, and what an answer means.

Only transient failures are retried (lychee's ``--max-retries``, ``--retry-wait-time``): a timeout,
a broken connection, 429 and 5xx (but 501, "not implemented", which is an answer). The wait
doubles from ``--retry-wait-time`` on each try, up to `MAX_RETRY_WAIT`; a 429 or 503 with
``Retry-After`` waits what it says when that is at most `MAX_RETRY_AFTER`, else the URL is not
waited for. What stays transient after the last try is never kept in the persistent cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gitbook_mcp.linkcheck.external.urlrules import Accept

__all__ = [
    "MAX_RETRIES",
    "MAX_RETRY_AFTER",
    "MAX_RETRY_WAIT",
    "RETRY_WAIT",
    "Category",
    "Failure",
    "UrlVerdict",
    "answer_verdict",
    "backoff",
    "failure_verdict",
    "transient",
]

MAX_RETRIES = 2
"""Tries after the first for a transient failure (lychee's default is 3)."""
RETRY_WAIT = 1.0
"""Seconds before the first retry; each later one waits twice as long."""
MAX_RETRY_WAIT = 8.0
"""The longest wait between two tries of one URL."""
MAX_RETRY_AFTER = 10.0
"""The longest ``Retry-After`` waited for; a host asking for more is reported rate-limited."""

Category = Literal["ok", "broken", "unchecked", "skipped", "dns", "timeout", "rate-limited"]
"""What happened to a URL: ``dns`` (the host does not resolve), ``timeout`` and ``rate-limited``
(429 after the last try) are not ``broken``: the link may work, the check could not tell."""


@dataclass(frozen=True)
class UrlVerdict:
    """The outcome for one URL: ``ok``, ``broken`` (with why), ``unchecked`` (with why) or
    ``skipped`` (an ``--exclude`` pattern, not a finding at all).

    ``category`` refines the status (``dns``, ``timeout``, ``rate-limited``); ``code`` is the
    final HTTP status when there was one; ``lasting`` says it may be kept across runs.
    """

    status: Literal["ok", "broken", "unchecked", "skipped"]
    reason: str = ""
    category: Category | None = None
    code: int | None = None
    lasting: bool = False

    @property
    def limited(self) -> bool:
        """Not checked because a bound of the run stopped it (``unchecked``, ``limit: ...``)."""
        return self.status == "unchecked" and self.reason.startswith("limit:")

    @property
    def kind(self) -> Category:
        """The category, or the status when nothing refines it."""
        return self.category or self.status


@dataclass(frozen=True)
class Failure:
    """A request that got no answer: ``timeout`` or ``network`` (both transient)."""

    kind: Literal["timeout", "network"]
    detail: str = ""


def transient(status: int) -> bool:
    """429 and every 5xx but 501 are worth another try."""
    return status == 429 or (500 <= status <= 599 and status != 501)


def backoff(attempt: int, wait: float, retry_after: float | None = None) -> float | None:
    """Seconds before try ``attempt + 1`` (0-based ``attempt`` just failed), or None when the
    host asks for a longer wait than `MAX_RETRY_AFTER`."""
    if retry_after is not None:
        return retry_after if retry_after <= MAX_RETRY_AFTER else None
    return min(wait * 2.0**attempt, MAX_RETRY_WAIT)


def _tries(attempts: int) -> str:
    return f" ({attempts} tries)" if attempts > 1 else ""


def answer_verdict(status: int, accept: Accept, attempts: int = 1) -> UrlVerdict:
    """What a final HTTP status means under ``accept``."""
    if status in accept:
        return UrlVerdict("ok", category="ok", code=status, lasting=True)
    if status == 429:
        reason = f"the host is rate limiting (429){_tries(attempts)}"
        return UrlVerdict("unchecked", reason, "rate-limited", status)
    reason = f"the server answered {status}{_tries(attempts)}"
    return UrlVerdict("broken", reason, "broken", status, lasting=not transient(status))


def failure_verdict(failure: Failure, attempts: int = 1) -> UrlVerdict:
    """What a request without an answer means: a timeout is its own category, not broken."""
    if failure.kind == "timeout":
        reason = f"no answer before the timeout{_tries(attempts)}"
        return UrlVerdict("unchecked", reason, "timeout")
    reason = f"the request failed ({failure.detail}){_tries(attempts)}"
    return UrlVerdict("broken", reason, "broken")
