"""Which outside URLs to check and which answers to accept, in lychee's conventions.

`UrlFilter` holds ``--include`` and ``--exclude`` patterns and the ignore file
(``.gitbook-linkignore``, lychee's ``.lycheeignore``: one pattern per line, ``#`` comments).
`parse_accept` reads ``200..=204,403,429``; `parse_duration` reads ``1d``, ``12h``, ``90s``.

Patterns are regular expressions (lychee's are), searched anywhere in the URL, compiled with RE2
(``google-re2``), whose search takes linear time whatever the pattern, as Rust's ``regex`` that
lychee uses: a pattern from the configuration cannot make a crafted URL from someone's page slow.
Only what RE2 cannot express is refused (lookaround, backreferences, a few Perl escapes; Rust's
``regex`` refuses them too), with RE2's reason and never the pattern's text, since it may come
from a file a pull request wrote; RE2's own error log, which would echo it, is off.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

import re2  # type: ignore[import-untyped]

from gitbook_mcp.linkcheck.untrusted_files import UnsafeFile, read_untrusted

__all__ = [
    "DEFAULT_ACCEPT",
    "IGNORE_FILE",
    "MAX_IGNORE_BYTES",
    "MAX_MATCHED_URL",
    "MAX_PATTERNS",
    "MAX_PATTERN_CHARS",
    "Accept",
    "CompiledPattern",
    "PatternError",
    "UrlFilter",
    "compile_pattern",
    "parse_accept",
    "parse_duration",
    "read_ignore_file",
]

IGNORE_FILE = ".gitbook-linkignore"
"""The ignore file read from the current directory, as lychee reads ``.lycheeignore``."""
MAX_IGNORE_BYTES = 1024 * 1024
"""A larger ignore file is refused."""
MAX_PATTERNS = 200
"""Include and exclude patterns together (flags, configuration and ignore file)."""
MAX_PATTERN_CHARS = 256
"""Characters in one pattern."""
MAX_MATCHED_URL = 1024
"""Characters of a URL that patterns are matched against; a longer URL is not checked."""
DEFAULT_ACCEPT = "100..=399"
"""The statuses that mean a URL works (redirects are followed first)."""


class PatternError(ValueError):
    """A pattern, an accept list or a duration that cannot be used; the message says why."""


class CompiledPattern(Protocol):
    """A compiled RE2 pattern, as far as the filter uses it (the module has no type hints)."""

    pattern: str

    def search(self, text: str) -> object | None:
        """The first match anywhere in ``text``, or None."""


def _options() -> Any:
    options = re2.Options()
    options.log_errors = False  # RE2 would log the refused pattern's text to stderr
    return options


_OPTIONS = _options()


def _reason(exc: Exception) -> str:
    """RE2's reason without the part of the pattern it quotes (``missing ): (abc``)."""
    raw = exc.args[0] if exc.args else ""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    return text.split(":", 1)[0].strip() or "rejected"


def compile_pattern(pattern: str) -> CompiledPattern:
    """The pattern compiled by RE2, or `PatternError` naming why it is refused (never the
    pattern: it may come from a file a pull request wrote; the caller names where it came
    from)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise PatternError(f"a pattern over {MAX_PATTERN_CHARS} characters")
    try:
        return cast(CompiledPattern, re2.compile(pattern, _OPTIONS))
    except re2.error as exc:
        raise PatternError(
            f"the pattern is not a regular expression RE2 can run: {_reason(exc)} (RE2, like "
            "lychee's Rust regex, has no lookaround or backreference)"
        ) from None


def read_ignore_file(path: Path) -> list[str]:
    """The patterns of an ignore file: one per line, blank lines and ``#`` comments skipped.
    The file is not followed if it is a symbolic link; an error names a line by its number,
    never its text."""
    try:
        text = read_untrusted(path, MAX_IGNORE_BYTES)
    except FileNotFoundError:
        return []
    except UnsafeFile as exc:
        raise PatternError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PatternError(f"{path}: cannot be read ({exc.__class__.__name__})") from None
    patterns = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            compile_pattern(line)
        except PatternError as exc:
            raise PatternError(f"{path}, line {number}: {exc}") from None
        patterns.append(line)
    return patterns


def _compiled(kind: str, patterns: list[str]) -> tuple[CompiledPattern, ...]:
    compiled = []
    for number, pattern in enumerate(patterns, 1):
        try:
            compiled.append(compile_pattern(pattern))
        except PatternError as exc:
            raise PatternError(f"{kind} pattern {number}: {exc}") from None
    return tuple(compiled)


@dataclass(frozen=True)
class UrlFilter:
    """Which outside URLs are checked: lychee's rule, an include wins over every exclude.

    No patterns: every URL. Includes only: the URLs that match one. Excludes: every URL but
    those that match one and no include.
    """

    include: tuple[CompiledPattern, ...] = ()
    exclude: tuple[CompiledPattern, ...] = ()

    @classmethod
    def of(cls, include: Iterable[str] = (), exclude: Iterable[str] = ()) -> UrlFilter:
        """Compiled from pattern texts; `PatternError` for a refused one or too many."""
        includes, excludes = list(include), list(exclude)
        if len(includes) + len(excludes) > MAX_PATTERNS:
            raise PatternError(f"more than {MAX_PATTERNS} include and exclude patterns")
        return cls(_compiled("include", includes), _compiled("exclude", excludes))

    def skip(self, url: str) -> str | None:
        """Why ``url`` is not checked (``excluded: ...``), or None when it is checked."""
        if not self.include and not self.exclude:
            return None
        if len(url) > MAX_MATCHED_URL:
            return f"limit: a URL over {MAX_MATCHED_URL} characters is not matched"
        if any(p.search(url) for p in self.include):
            return None
        if not self.exclude:
            return "excluded: it matches no --include pattern"
        for pattern in self.exclude:
            if pattern.search(url):
                return f"excluded: it matches {pattern.pattern!r}"
        return None


@dataclass(frozen=True)
class Accept:
    """The HTTP statuses that mean a URL works, as inclusive ranges."""

    ranges: tuple[tuple[int, int], ...] = field(default=((100, 399),))

    def __contains__(self, status: object) -> bool:
        return isinstance(status, int) and any(lo <= status <= hi for lo, hi in self.ranges)

    def describe(self) -> str:
        """The ranges as ``--accept`` reads them."""
        return ",".join(str(lo) if lo == hi else f"{lo}..={hi}" for lo, hi in self.ranges)


def _status(text: str, whole: str) -> int:
    if not text.isdigit() or not 100 <= int(text) <= 999:
        raise PatternError(f"{whole!r} is not a status code or range (100 to 999)")
    return int(text)


def parse_accept(text: str | Sequence[str | int]) -> Accept:
    """``200..=204,403,429`` (or a list of such items): codes, ``a..=b``, ``a..b`` (b
    excluded), ``..=b`` and ``a..``, as lychee reads them."""
    items = text.split(",") if isinstance(text, str) else [str(t) for t in text]
    ranges: list[tuple[int, int]] = []
    for raw in items:
        item = raw.strip()
        if not item:
            continue
        if ".." not in item:
            code = _status(item, item)
            ranges.append((code, code))
            continue
        low, high = item.split("..", 1)
        inclusive = high.startswith("=")
        high = high.removeprefix("=")
        start = _status(low, item) if low else 100
        end = _status(high, item) if high else 999
        end = end if inclusive or not high else end - 1
        if end < start:
            raise PatternError(f"{item!r} is an empty range")
        ranges.append((start, end))
    if not ranges:
        raise PatternError("no status code to accept")
    return Accept(tuple(ranges))


_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_DURATION = re.compile(r"(\d{1,9})\s?([smhdw]?)")  # bounded: no repetition can backtrack


def parse_duration(text: str) -> float:
    """Seconds in ``1d``, ``12h``, ``30m``, ``90s``, ``2w`` or a bare number of seconds (also
    ``1d12h``)."""
    total, position, value = 0.0, 0, text.strip().lower()
    while position < len(value):
        match = _DURATION.match(value, position)
        if match is None:
            raise PatternError(f"{text!r} is not a duration (like 1d, 12h, 30m, 90s)")
        total += int(match.group(1)) * _UNITS[match.group(2) or "s"]
        position = match.end()
        while position < len(value) and value[position] == " ":
            position += 1
    if not value:
        raise PatternError("an empty duration")
    return total
