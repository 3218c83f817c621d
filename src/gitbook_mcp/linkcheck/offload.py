"""CPU work on a page's content: on the event loop for a small page, in a worker thread for a
large one (or one of unknown size).

A hop to a worker thread costs about as much as the work on a small page, and the work holds
the interpreter either way; so only a page large enough to hold the loop for long goes to a
thread. Markdown is parsed, which costs far more per byte than walking a JSON document, and is
where hostile text bites: it always goes to a thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, TypeVarTuple

from gitbook_mcp.document.cpu import run_cpu
from gitbook_mcp.linkcheck.model import PageBody

__all__ = ["INLINE_DOCUMENT_BYTES", "INLINE_SCANNED_LINKS", "inline", "run_sized"]

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

INLINE_DOCUMENT_BYTES = 32 * 1024
"""A page whose answer is at most this many bytes is read, and its JSON document walked, on the
event loop (a few milliseconds at most)."""


INLINE_SCANNED_LINKS = 500
"""A page read by `scan_page` with at most this many links has them resolved on the event loop
(its markdown was parsed, and its links located, in a worker thread)."""


def inline(body: PageBody | None) -> bool:
    """Whether the next work on this page's content is small enough for the event loop: the
    walk of a JSON document of known size, or the links of a scanned page. Markdown is always
    parsed, and what it gave walked, in a worker thread (a long heading once froze the server:
    hostile text is parsed off it)."""
    if body is None:
        return True
    if body.scanned is not None:  # located links left to resolve: a dict lookup or two each
        return len(body.scanned.links) <= INLINE_SCANNED_LINKS
    if body.document is not None:
        return body.size is not None and body.size <= INLINE_DOCUMENT_BYTES
    return body.markdown is None


async def run_sized(small: bool, work: Callable[[*Ts], T], *args: *Ts) -> T:
    """``work(*args)``: here when ``small``, else in a worker thread, in the fair share of the
    caller the work is for (`gitbook_mcp.document.cpu`)."""
    if small:
        return work(*args)
    return await run_cpu(work, *args)
