"""Progress that tells how long the API's rate limit makes the rest of a scan take.

The client paces its requests on the API's budget (`gitbook_mcp.client.pacing`): when the
budget of the window is spent, requests wait for its reset instead of failing with 429. A long
scan then pauses; `PacedProgress` reports each pause as it begins (the scan is not stuck) and adds
to each page's progress how many seconds of such pauses the pages left will meet.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from gitbook_mcp.client.pacing import Pacer
from gitbook_mcp.linkcheck.model import Progress

__all__ = ["PacedProgress", "paced_progress", "rest_note"]


def rest_note(seconds: float, left: int) -> str:
    """``about N s more for M pages left (the API's rate limit)``, or nothing when no wait."""
    if seconds < 1 or left <= 0:
        return ""
    unit = "page" if left == 1 else "pages"
    return f"about {seconds:.0f} s more for the {left} {unit} left (the API's rate limit)"


class PacedProgress:
    """Wraps a scan's progress: pauses reported, the rest's time added to messages."""

    def __init__(self, pacer: Pacer, inner: Progress) -> None:
        self._pacer = pacer
        self._inner = inner
        self.done = 0
        self.total = 0

    async def __call__(self, done: int, total: int, message: str) -> None:
        self.done, self.total = done, total
        note = rest_note(self._pacer.eta(total - done), total - done)
        await self._inner(done, total, f"{message}; {note}" if note else message)

    async def paused(self, seconds: float) -> None:
        """The pacer waits ``seconds`` for the window to reset."""
        left = max(self.total - self.done, 0)
        rest = self._pacer.eta(left) if left else 0.0
        message = f"waiting {seconds:.0f} s for the API's rate-limit window to reset"
        if rest > seconds:
            message += f"; {rest_note(rest, left)}"
        await self._inner(self.done, self.total, message)


@asynccontextmanager
async def paced_progress(pacer: Pacer, inner: Progress | None) -> AsyncIterator[Progress | None]:
    """``inner`` wrapped for the time of a scan (None stays None: nobody listens)."""
    if inner is None:
        yield None
        return
    wrapped = PacedProgress(pacer, inner)
    remove = pacer.add_listener(wrapped.paused)
    try:
        yield wrapped
    finally:
        remove()
