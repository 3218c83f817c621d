"""Site answers (published sites, redirect lookups, site findings) remembered between one
caller's link checks, with the revision they were read against, so that a recheck costs what
changed and not one redirect lookup per broken link every time.

An answer is reused while the caller's client has written nothing since it was read (a redirect
`fix_links` just created is seen at once) and either the check reads the same revision it was
read against, or it is younger than `SITE_TTL` (a site finding only for the same revision: the
site's scan follows the content). A change someone else makes to a site is seen once the space's
content changes, or within `SITE_TTL` of the last read.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar, cast

__all__ = ["MAX_SITE_ANSWERS", "SITE_TTL", "SiteMemo"]

T = TypeVar("T")

SITE_TTL = 300.0
"""Seconds a site answer read against another revision is still reused."""

MAX_SITE_ANSWERS = 20_000
"""Answers kept per caller, the least recently used dropped first (a redirect lookup is about
a hundred bytes)."""


@dataclass(frozen=True, slots=True)
class _Answer:
    value: object
    revision: str
    read_at: float
    writes: int


class SiteMemo:
    """One caller's site answers; ``writes`` counts the caller's writes (the client's)."""

    def __init__(
        self, writes: Callable[[], int], *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._writes = writes
        self._clock = clock
        self._answers: OrderedDict[Hashable, _Answer] = OrderedDict()

    def __len__(self) -> int:
        return len(self._answers)

    def _usable(self, answer: _Answer, revision: str, *, same_revision: bool) -> bool:
        if answer.writes != self._writes():
            return False
        if answer.revision == revision:
            return True
        return not same_revision and self._clock() - answer.read_at < SITE_TTL

    async def get(
        self,
        key: Hashable,
        revision: str,
        read: Callable[[], Awaitable[T]],
        *,
        same_revision: bool = False,
    ) -> T:
        """The answer kept under ``key`` when still usable for ``revision``, else read now."""
        kept = self._answers.get(key)
        if kept is not None and self._usable(kept, revision, same_revision=same_revision):
            self._answers.move_to_end(key)
            return cast(T, kept.value)
        writes = self._writes()
        value = await read()
        self._answers[key] = _Answer(value, revision, self._clock(), writes)
        self._answers.move_to_end(key)
        while len(self._answers) > MAX_SITE_ANSWERS:
            self._answers.popitem(last=False)
        return value
