"""Every default of the API client in one place, so that tuning never means hunting."""

from __future__ import annotations

from typing import Final

from gitbook_mcp.api import Profile

__all__ = [
    "DEFAULT_ATTEMPT_DEADLINE",
    "DEFAULT_BASE_URL",
    "DEFAULT_CONNECT_TIMEOUT",
    "DEFAULT_MAX_CONCURRENCY",
    "DEFAULT_MAX_PAGES",
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_MAX_RETRY_WAIT",
    "DEFAULT_MAX_TREE_MB",
    "DEFAULT_PROFILE",
    "DEFAULT_TIMEOUT",
    "INITIAL_RETRY_DELAY",
    "MAX_PAGE_LIMIT",
    "MAX_RETRY_DELAY",
    "RETRY_JITTER",
    "USER_AGENT",
]

from gitbook_mcp import __version__

DEFAULT_BASE_URL = "https://api.gitbook.com/v1"
"""The real service; the local workspace serves the same API at ``http://127.0.0.1:8787/v1``."""

DEFAULT_TIMEOUT = 30.0
"""Seconds for reading, writing and waiting for a pooled connection."""

DEFAULT_CONNECT_TIMEOUT = 5.0
"""Seconds to establish a connection; short, because a dead host should fail fast."""

DEFAULT_ATTEMPT_DEADLINE = 60.0
"""Seconds one attempt may take in all, from sending to the last byte of its answer. The
per-read timeout alone lets a server that drips a byte now and then hold a call for ever; an
attempt over this deadline fails as a timeout and is not retried (a server that trickled for a
whole minute would only do it again)."""

DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024
"""Bytes of one answer's body, counted after decoding (so a small gzip bomb cannot inflate past
it). A success over it is an unreadable answer naming the cap; an error's body over it is not
read."""

DEFAULT_MAX_TREE_MB = 100
"""MiB of a revision's page tree (``getCurrentRevision``, ``listPages`` and their change-request
forms): the one answer that grows with the space, about 860 bytes a page, so 100 MiB holds
about 120,000 pages. Every other answer keeps `DEFAULT_MAX_RESPONSE_BYTES`; both are counted
after decoding."""

DEFAULT_MAX_PAGES = 500
"""Pages one walk of a paginated list may read (at 20 items a page, 10,000 items). A list that
still offers a next page after that raises `ListingTooLongError`: a cursor that never ends must
not send requests for ever. A cursor seen before ends the walk too."""

DEFAULT_MAX_RETRIES = 3
"""Retries after the first attempt, for requests that may be retried at all."""

DEFAULT_MAX_RETRY_WAIT = 30.0
"""Total seconds a single call may spend sleeping between retries."""

INITIAL_RETRY_DELAY = 0.5
"""Seconds before the first retry when the server gave no hint."""

MAX_RETRY_DELAY = 8.0
"""Upper bound of one backoff step when the server gave no hint."""

RETRY_JITTER = 0.25
"""Fraction of the backoff removed at random, so that clients do not retry in step."""

DEFAULT_MAX_CONCURRENCY = 8
"""Requests in flight at once per client, shared by every caller of that client."""

MAX_PAGE_LIMIT = 1000
"""The API's upper bound on ``limit`` for every paginated list."""

USER_AGENT = f"gitbook-mcp/{__version__}"

DEFAULT_PROFILE: Final[Profile] = "live"
"""The API profile a client speaks unless told: ``live``, the real service today (0.202.0);
``seed`` (0.130.0) for a service or local workspace that still speaks the older description."""
