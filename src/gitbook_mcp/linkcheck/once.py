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
        self._pending: dict[K, tuple[anyio.Event, list[object]]] = {}

    async def get(self, key: K, load: Callable[[], Awaitable[T]]) -> T:
        """The key's value: loaded now, awaited from a load under way (even when dropped since
        it ended), or the one kept; a load that failed is tried again by the next asker."""
        while key not in self._values:
            pending = self._pending.get(key)
            if pending is not None:
                event, box = pending
                await event.wait()
                if box:
                    return box[0]  # type: ignore[return-value]
                continue
            event, box = anyio.Event(), []
            self._pending[key] = (event, box)
            try:
                loaded = await load()
                self._values[key] = loaded
                box.append(loaded)
            finally:
                del self._pending[key]
                event.set()
            return loaded
        value: T = self._values[key]  # type: ignore[assignment]
        return value

    def drop(self, key: K) -> None:
        """Forget a value (a later `get` loads it again)."""
        self._values.pop(key, None)

    def put(self, key: K, value: object) -> None:
        """Keep a value known without a load (it is what a load would give)."""
        self._values[key] = value
