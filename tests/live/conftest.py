"""The live suite runs only when pointed at a real service, never by default.

Set GITBOOK_LIVE_BASE_URL (for example https://api.gitbook.com/v1) and GITBOOK_LIVE_TOKEN to run
the client's read-only operations against it; every response is checked against the contract
of the profile in use: ``live`` (0.202.0) unless GITBOOK_LIVE_PROFILE=seed.
Without them the live tests are not collected at all.
"""

from __future__ import annotations

import os

collect_ignore_glob = (
    []
    if os.environ.get("GITBOOK_LIVE_BASE_URL") and os.environ.get("GITBOOK_LIVE_TOKEN")
    else ["test_*.py"]
)
