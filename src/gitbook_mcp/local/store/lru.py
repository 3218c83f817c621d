"""A bounded, thread-safe least-recently-used memo: the store's read caches share it, so that
each is one line saying what it keeps and how it is weighed, not a copy of the eviction rules."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Memo"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Values built once per key, the least recently used dropped once the entries' total weight
    passes ``limit`` (``weigh`` gives one value's weight: 1 counts entries, ``len`` characters).
    The newest entry always stays, however heavy. ``build`` runs outside the lock, so a slow
    build never blocks another reader; two racing builds of one key keep the first."""

    def __init__(self, limit: int, weigh: Callable[[V], int] = lambda _value: 1) -> None:
        self.limit = limit
        self._weigh = weigh
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def get(self, key: K, build: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``build()``'s, kept from now on."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found[0]
        value = build()
        weight = self._weigh(value)
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                return found[0]
            self._entries[key] = (value, weight)
            self._weight += weight
            while self._weight > self.limit and len(self._entries) > 1:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._weight -= dropped
        return value

    @property
    def weight(self) -> int:
        """The kept entries' total weight (for tests and logs)."""
        with self._lock:
            return self._weight

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._weight = 0
