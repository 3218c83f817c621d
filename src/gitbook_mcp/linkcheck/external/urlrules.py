"""Which outside URLs to check and which answers to accept, in lychee's conventions.

`UrlFilter` holds ``--include`` and ``--exclude`` patterns and the ignore file
(``.gitbook-linkignore``, lychee's ``.lycheeignore``: one pattern per line, ``#`` comments).
`parse_accept` reads ``200..=204,403,429``; `parse_duration` reads ``1d``, ``12h``, ``90s``.

Patterns are regular expressions (lychee's are), searched anywhere in the URL. They come from the
user's configuration, but the URLs come from pages anyone may have written, and Python's ``re``
backtracks: a pattern that could take long on a crafted URL is refused when it is read, not timed
out later. A pattern may hold at most one unbounded repetition (``*``, ``+``, ``{n,}``, or
``{n,m}`` past `MAX_BOUND`), after a leading or trailing ``.*`` or ``.+`` is dropped (a search
means the same without it); its bounded choices (``?``, ``{n,m}``, alternations) may multiply to
`MAX_BRANCHES`, or `MAX_BRANCHES_UNBOUNDED` beside an unbounded repetition; no group holding a
repetition or an alternation may be repeated; no backreference. URLs are matched up to
`MAX_MATCHED_URL` characters, so a search is at worst quadratic in 1024 characters, times a
handful of choices: hundredths of a second, never minutes. (Python's ``re`` has no time limit,
and a linear-time engine such as RE2 is not a dependency; Rust's ``regex``, which lychee uses,
is linear, so lychee needs no such rule.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gitbook_mcp.linkcheck.untrusted_files import UnsafeFile, read_untrusted

__all__ = [
    "DEFAULT_ACCEPT",
    "IGNORE_FILE",
    "MAX_BOUND",
    "MAX_BRANCHES",
    "MAX_BRANCHES_UNBOUNDED",
    "MAX_IGNORE_BYTES",
    "MAX_MATCHED_URL",
    "MAX_PATTERNS",
    "MAX_PATTERN_CHARS",
    "Accept",
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
MAX_BOUND = 16
"""A ``{n,m}`` repetition with m above this counts as unbounded."""
MAX_BRANCHES = 64
"""The product of a pattern's bounded choices (``?`` two, ``{n,m}`` m-n+1, each ``|`` two)."""
MAX_BRANCHES_UNBOUNDED = 4
"""The same product in a pattern that also holds an unbounded repetition (each choice
multiplies its quadratic search)."""
MAX_MATCHED_URL = 1024
"""Characters of a URL that patterns are matched against; a longer URL is not checked."""
DEFAULT_ACCEPT = "100..=399"
"""The statuses that mean a URL works (redirects are followed first)."""


class PatternError(ValueError):
    """A pattern, an accept list or a duration that cannot be used; the message says why."""


_REPEAT = re.compile(r"\{(\d*)(,?)(\d*)\}")
_EDGE = (".*", ".+")


def _strip_edges(pattern: str) -> str:
    """The pattern without a leading ``.*``/``.+`` (unless after ``^``) or a trailing one
    (unless before ``$``): searched, the same URLs match (``.+`` keeps one ``.``)."""
    body = pattern
    if body[:2] in _EDGE and not body.startswith((".*?", ".+?")):
        body = ("." if body[1] == "+" else "") + body[2:]
    if body[-2:] in _EDGE and body[-3:-2] not in ("\\", ""):
        body = body[:-2] + ("." if body[-1] == "+" else "")
    return body


@dataclass
class _Group:
    repeats: bool = False
    alternates: bool = False


def _repetition(pattern: str, i: int) -> tuple[str, int, int]:
    """The repetition at ``pattern[i]``: (kind, its branching, index of its last character);
    kind ``""`` (none), ``"exact"`` (``{n}``), ``"bounded"`` or ``"unbounded"``."""
    ch = pattern[i]
    if ch in "*+":
        return "unbounded", 1, i
    if ch == "?":
        return "bounded", 2, i
    bound = _REPEAT.match(pattern, i) if ch == "{" else None
    if bound is None:
        return "", 1, i
    low, comma, high = bound.groups()
    start = int(low or 0)
    if comma and (not high or int(high) > MAX_BOUND):
        return "unbounded", 1, bound.end() - 1
    end = int(high) if comma else start
    return ("bounded" if end > start else "exact"), max(end - start + 1, 1), bound.end() - 1


def _skip_class(pattern: str, i: int) -> int:
    """The index after the character class that starts at ``pattern[i]`` (``[``)."""
    end = i + 1 + (pattern[i + 1 : i + 2] == "^")
    end += pattern[end : end + 1] == "]"
    while end < len(pattern) and pattern[end] != "]":
        end += 2 if pattern[end] == "\\" else 1
    return end + 1


def _scan(pattern: str) -> str | None:
    """Why ``pattern`` may backtrack badly, or None: see the module's rule."""
    unbounded, branches = 0, 1
    groups: list[_Group] = [_Group()]
    closed: _Group | None = None  # the group that just closed (the next token may repeat it)
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            if pattern[i + 1 : i + 2] in tuple("123456789"):
                return "a backreference"
            i, closed = i + 2, None
            continue
        if ch == "[":
            i, closed = _skip_class(pattern, i), None
            continue
        if ch in "()|":
            if pattern.startswith("(?P=", i):
                return "a backreference"
            if ch == "(":
                groups.append(_Group())
            elif ch == ")" and len(groups) > 1:
                closed = groups.pop()
                i += 1
                continue
            else:
                groups[-1].alternates = True
                branches *= 2
            i, closed = i + 1, None
            continue
        after_group_open = i > 0 and pattern[i - 1] == "("
        kind, branching, last = ("", 1, i) if after_group_open else _repetition(pattern, i)
        if kind:
            again = kind != "bounded" or pattern[i] != "?"  # a repetition more than once
            if again and closed is not None and (closed.repeats or closed.alternates):
                return "a repeated group that holds a repetition or an alternation"
            unbounded += kind == "unbounded"
            branches *= branching
            groups[-1].repeats = True
            if pattern[last + 1 : last + 2] in ("?", "+"):
                last += 1  # lazy or possessive: the same repetition
        closed = None
        i = last + 1
    if unbounded > 1:
        return "more than one unbounded repetition (*, + or {n,})"
    most = MAX_BRANCHES_UNBOUNDED if unbounded else MAX_BRANCHES
    if branches > most:
        return f"more than {most} ways to match at one place (?, {{n,m}} and |)"
    return None


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """The pattern compiled, or `PatternError` naming why it is refused (never the pattern:
    it may come from a file a pull request wrote; the caller names where it came from)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise PatternError(f"a pattern over {MAX_PATTERN_CHARS} characters")
    stripped = _strip_edges(pattern)
    why = _scan(stripped)
    if why is not None:
        raise PatternError(f"the pattern could backtrack badly: {why}")
    try:
        return re.compile(stripped)
    except re.error as exc:
        raise PatternError(
            f"the pattern is not a regular expression: {exc.msg} at position {exc.pos}"
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


def _compiled(kind: str, patterns: list[str]) -> tuple[re.Pattern[str], ...]:
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

    include: tuple[re.Pattern[str], ...] = ()
    exclude: tuple[re.Pattern[str], ...] = ()

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
