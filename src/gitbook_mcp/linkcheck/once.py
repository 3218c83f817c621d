"""`Once`: a per-run cache where concurrent askers of one key share one load.

A scan's reads (trees, pages, sites) and the external URL checks both need it: whoever asks
first loads, the others wait for that load and read its value.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

import anyio

__all__ = ["Once"]

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


class Once(Generic[K]):
    """Values by key, each loaded at most once per run, however many ask at the same time."""

    def __init__(self) -> None:
        self._values: dict[K, object] = {}
        self._pending: dict[K, anyio.Event] = {}

    async def get(self, key: K, load: Callable[[], Awaitable[T]]) -> T:
        """The key's value: loaded now, awaited from a load under way, or the one kept."""
        while key not in self._values:
            pending = self._pending.get(key)
            if pending is not None:
                await pending.wait()
                continue
            event = self._pending[key] = anyio.Event()
            try:
                self._values[key] = await load()
            finally:
                del self._pending[key]
                event.set()
        value: T = self._values[key]  # type: ignore[assignment]
        return value

    def put(self, key: K, value: object) -> None:
        """Keep a value known without a load (it is what a load would give)."""
        self._values[key] = value
