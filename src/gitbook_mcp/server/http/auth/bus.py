"""List-changed events that reach only the caller they concern.

The SDK's in-process bus hands every event to every ``subscriptions/listen`` stream of the
server. With ``--auth upstream`` a tool list changes for one caller (its permissions were
re-read), so `CallerBus` remembers which caller opened each stream (`CALLER_KEY` when it
subscribed) and delivers an event published while serving a caller to that caller's streams
only. An event published outside any caller goes to every stream.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio.lowlevel
from mcp.server.subscriptions import ServerEvent

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.http.auth.keys import CALLER_KEY

__all__ = ["CallerBus"]

_log = get_logger("gitbook_mcp.server.http.auth")
Listener = Callable[[ServerEvent], None]


class CallerBus:
    """A `SubscriptionBus` that keeps each caller's events to that caller's streams."""

    def __init__(self) -> None:
        self._listeners: dict[object, tuple[str | None, Listener]] = {}

    async def publish(self, event: ServerEvent) -> None:
        """Deliver ``event`` to the publishing caller's streams (all, outside any caller)."""
        publisher = CALLER_KEY.get()
        for owner, listener in list(self._listeners.values()):
            if publisher is not None and owner != publisher:
                continue
            try:
                listener(event)
            except Exception as exc:  # noqa: BLE001 - one bad stream must not starve the others
                _log.warning("subscription.listener_failed", error=type(exc).__name__)
        await anyio.lowlevel.checkpoint()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Register ``listener`` for the caller being served; return its unsubscribe."""
        handle = object()
        self._listeners[handle] = (CALLER_KEY.get(), listener)

        def unsubscribe() -> None:
            self._listeners.pop(handle, None)

        return unsubscribe
