"""A small bounded, expiring map: least recently used out first, and nothing older than a TTL.

Keys are caller keys (`caller_key`), never tokens. Evicted values are handed back to the caller
of `put`, so that whoever owns them (an API client) can close them.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["ExpiringLRU"]

V = TypeVar("V")


class ExpiringLRU(Generic[V]):
    """At most ``max_size`` entries, each forgotten ``ttl`` seconds after it was last stored."""

    def __init__(
        self, max_size: int, ttl: float, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if max_size < 1:
            raise ValueError("max_size must be at least 1")
        self.max_size = max_size
        self.ttl = ttl
        self._clock = clock
        self._entries: OrderedDict[str, tuple[float, V]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def held_keys(self) -> list[str]:
        """The keys held now (for checks: they must never be tokens)."""
        return list(self._entries)

    def get(self, key: str) -> V | None:
        """The value, marked as recently used; None when absent or expired (then dropped)."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        if self._clock() - entry[0] >= self.ttl:
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        return entry[1]

    def put(self, key: str, value: V) -> list[V]:
        """Store ``value`` (its TTL starts now); return the values pushed out to make room."""
        self._entries[key] = (self._clock(), value)
        self._entries.move_to_end(key)
        return self.prune(keep=key)

    def touch(self, key: str) -> None:
        """Restart the TTL of an entry that is still in use."""
        entry = self._entries.get(key)
        if entry is not None:
            self._entries[key] = (self._clock(), entry[1])
            self._entries.move_to_end(key)

    def pop(self, key: str) -> V | None:
        """Remove and return an entry, expired or not."""
        entry = self._entries.pop(key, None)
        return None if entry is None else entry[1]

    def prune(self, *, keep: str | None = None) -> list[V]:
        """Drop expired entries and the least recently used beyond the bound; return them."""
        now = self._clock()
        dropped = [
            key
            for key, (stored, _) in self._entries.items()
            if key != keep and now - stored >= self.ttl
        ]
        gone = [self._entries.pop(key)[1] for key in dropped]
        while len(self._entries) > self.max_size:
            gone.append(self._entries.popitem(last=False)[1][1])
        return gone

    def clear(self) -> list[V]:
        """Remove everything; return the values."""
        gone = [value for _, value in self._entries.values()]
        self._entries.clear()
        return gone
