"""The garbage collector's policy for this package's processes: young objects collected less
often, and what start-up built kept out of every later full collection.

A link check of a thousand pages allocates some hundred thousand short-lived containers (the
parsed pages); at CPython 3.11's threshold of 700 the young generation is collected hundreds of
times, survivors are promoted early, and two full collections of the whole heap follow: a
quarter of the check's CPU, each full one stalling the event loop (every caller of an HTTP
server) for a tenth of a second. Measured on that check (`bench/scale.py`): 270 ms of
collection at 700, 40 ms at 2,000 (the threshold CPython 3.13 adopted), with no full one.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG_THRESHOLD", "freeze_start_up", "tune_collector"]

YOUNG_THRESHOLD = 2000
"""Net container allocations between two collections of the young generation."""


def tune_collector() -> None:
    """Collect the young generation every `YOUNG_THRESHOLD` allocations (never more often than
    the interpreter would); the older generations' thresholds are left as they are."""
    young, middle, old = gc.get_threshold()
    if 0 < young < YOUNG_THRESHOLD:  # 0: collection turned off by whoever embeds us
        gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def freeze_start_up() -> None:
    """Move every object alive now (modules, models, the built server) out of the collector's
    sight: a long-running server's full collections then walk what it serves, not its imports.
    Without a collection first, which would cost start-up its time; the few cycles of garbage
    start-up leaves are kept for the process's life."""
    gc.freeze()
