"""The persistent cache of outside-URL verdicts (``--cache``, lychee's ``.lycheecache``).

Only outside URLs are kept, and only lasting verdicts: ``ok``, and ``broken`` on a status that
is not transient (404, 410...) or a URL that cannot work (invalid, a redirect loop). Timeouts,
DNS failures, 429, 5xx, refused and limited URLs are checked again next run. An entry keeps the
HTTP status, so a changed ``--accept`` judges it again; entries older than ``--max-cache-age``
are dropped when read, and so are entries dated in the future (past `CLOCK_SKEW`: one dated
``1e12`` would otherwise hold forever). The file is read without following a symbolic link and
written through an exclusive, no-follow temporary file. The file is JSON, at most `MAX_CACHE_ENTRIES` entries (the newest kept)
and `MAX_CACHE_BYTES`; a file that is too large or not ours is ignored (with a warning), never
trusted in part.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitbook_mcp.linkcheck.external.retries import UrlVerdict, answer_verdict, transient
from gitbook_mcp.linkcheck.external.urlrules import MAX_MATCHED_URL, Accept
from gitbook_mcp.linkcheck.untrusted_files import read_untrusted, write_exclusive
from gitbook_mcp.logs import get_logger

__all__ = [
    "CACHE_FILE",
    "CLOCK_SKEW",
    "DEFAULT_MAX_CACHE_AGE",
    "MAX_CACHE_BYTES",
    "MAX_CACHE_ENTRIES",
    "UrlCache",
]

CACHE_FILE = ".gitbook-linkcache"
"""The cache file, in the current directory (lychee: ``.lycheecache``)."""
DEFAULT_MAX_CACHE_AGE = "1d"
MAX_CACHE_ENTRIES = 5000
"""URLs kept in the cache file; past this the oldest go first."""
MAX_CACHE_BYTES = 4 * 1024 * 1024
"""A larger cache file is ignored rather than read."""
CLOCK_SKEW = 300.0
"""Seconds an entry may be dated ahead of now (clocks of CI runners differ a little)."""
_VERSION = 1
log = get_logger("gitbook_mcp.linkcheck")


@dataclass(frozen=True)
class _Entry:
    at: float
    status: str
    reason: str
    code: int | None


def _entry(raw: Any) -> _Entry | None:
    """An entry of the file, or None when it is not one we wrote."""
    if not isinstance(raw, dict):
        return None
    at, status, reason, code = (raw.get(k) for k in ("at", "status", "reason", "code"))
    if not isinstance(at, int | float) or status not in ("ok", "broken"):
        return None
    if not isinstance(reason, str) or len(reason) > 500:
        return None
    if code is not None and (not isinstance(code, int) or not 100 <= code <= 999):
        return None
    return _Entry(float(at), status, reason, code)


class UrlCache:
    """Verdicts by URL, read from and written to one file."""

    def __init__(
        self,
        path: Path,
        max_age: float,
        *,
        entries: dict[str, _Entry] | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self.max_age = max_age
        self._entries = entries or {}
        self._now = now
        self.hits = 0

    @classmethod
    def load(cls, path: Path, max_age: float, *, now: Callable[[], float] = time.time) -> UrlCache:
        """The cache in ``path`` without its expired entries (empty when absent or unusable)."""
        entries: dict[str, _Entry] = {}
        try:
            data = json.loads(read_untrusted(path, MAX_CACHE_BYTES))
            if not isinstance(data, dict) or data.get("version") != _VERSION:
                raise ValueError("not a gitbook-mcp link cache")
            urls = data.get("urls")
            if not isinstance(urls, dict):
                raise ValueError("no urls")
        except FileNotFoundError:
            return cls(path, max_age, now=now)
        except (OSError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError too
            log.warning("linkcheck.cache_ignored", path=str(path), why=str(exc)[:200])
            return cls(path, max_age, now=now)
        oldest, newest = now() - max_age, now() + CLOCK_SKEW
        for url, raw in list(urls.items())[:MAX_CACHE_ENTRIES]:
            entry = _entry(raw)
            if entry is not None and len(url) <= MAX_MATCHED_URL and oldest <= entry.at <= newest:
                entries[url] = entry
        return cls(path, max_age, entries=entries, now=now)

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, url: str, accept: Accept) -> UrlVerdict | None:
        """The kept verdict for ``url``, judged again under ``accept``; None when none holds."""
        entry = self._entries.get(url)
        now = self._now()
        if entry is None or not now - self.max_age <= entry.at <= now + CLOCK_SKEW:
            return None
        if entry.code is not None:
            if transient(entry.code):
                return None
            verdict = answer_verdict(entry.code, accept)
        elif entry.status == "ok":
            verdict = UrlVerdict("ok", category="ok", lasting=True)
        else:
            verdict = UrlVerdict("broken", entry.reason, "broken", lasting=True)
        if not verdict.lasting:
            return None
        self.hits += 1
        if verdict.status == "broken":
            verdict = UrlVerdict("broken", verdict.reason + " (cached)", "broken", verdict.code)
        return verdict

    def put(self, url: str, verdict: UrlVerdict) -> None:
        """Keep a lasting verdict (anything else is ignored)."""
        if not verdict.lasting or verdict.status not in ("ok", "broken"):
            return
        if len(url) > MAX_MATCHED_URL:
            return
        self._entries.pop(url, None)
        self._entries[url] = _Entry(self._now(), verdict.status, verdict.reason, verdict.code)

    def save(self) -> None:
        """Write the newest `MAX_CACHE_ENTRIES` entries, atomically (an exclusive, no-follow
        temporary file, then a rename); the oldest go first."""
        newest = sorted(self._entries.items(), key=lambda item: item[1].at)[-MAX_CACHE_ENTRIES:]
        urls = {
            url: {"at": e.at, "status": e.status, "reason": e.reason, "code": e.code}
            for url, e in newest
        }
        body = json.dumps({"version": _VERSION, "urls": urls}, ensure_ascii=False)
        write_exclusive(self.path, body)
