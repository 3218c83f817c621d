"""Linear scanners of markdown written by others: ATX headings and code spans.

Shared by the link checker and the local workspace. Each runs in time linear in its input (a
heading is matched on its own line, at most `HEADING_MAX_CHARS` of it, and stripped in Python;
code spans pair backtick runs by length), so that a hostile page cannot freeze the process.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "HEADING_MAX_CHARS",
    "Heading",
    "blank_code_spans",
    "code_spans",
    "heading",
    "headings",
    "lines",
]

HEADING_MAX_CHARS = 1_000
"""Characters of a heading's line that are parsed; the rest of an absurd heading is ignored."""

# One line, no backtracking: up to 3 spaces, 1 to 6 ``#``, whitespace (not a newline), the rest.
_ATX = re.compile(r" {0,3}(#{1,6})[^\S\n]++([^\n]*+)")
_TICKS = re.compile(r"`+")


@dataclass(frozen=True)
class Heading:
    """An ATX heading of a text: where its line starts and ends, its level and its text."""

    start: int
    end: int
    level: int
    text: str


def lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line of ``text`` (split on ``\\n`` only) with the offset where it starts."""
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        if end == -1:
            end = len(text)
        yield start, text[start:end]
        start = end + 1


def heading(line: str) -> tuple[int, str] | None:
    """(level, text) of an ATX heading line, its closing ``#`` stripped; None for other lines."""
    if not line.lstrip(" ").startswith("#"):
        return None
    match = _ATX.match(line, 0, HEADING_MAX_CHARS)
    if match is None:
        return None
    text = match.group(2).strip().rstrip("#").strip()
    return (len(match.group(1)), text) if text else None


def headings(text: str) -> Iterator[Heading]:
    """Every ATX heading of ``text``, in order (a heading never spans lines)."""
    for start, line in lines(text):
        found = heading(line)
        if found is not None:
            yield Heading(start, start + len(line), found[0], found[1])


def code_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each code span: a run of n backticks up to the next run of exactly n.

    A run with no closing run of its length is plain text. Runs are found once and paired by
    length with a binary search, so that any number of runs costs n log n, not n squared."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(index)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        start, end = runs[index]
        same = by_length[end - start]
        later = bisect_right(same, index)
        if later == len(same):
            index += 1
            continue
        closer = same[later]
        spans.append((start, runs[closer][1]))
        index = closer + 1
    return spans


def blank_code_spans(text: str) -> str:
    """``text`` with each code span's characters but newlines made spaces (offsets kept)."""
    pieces: list[str] = []
    done = 0
    for start, end in code_spans(text):
        pieces += [text[done:start], "".join("\n" if c == "\n" else " " for c in text[start:end])]
        done = end
    pieces.append(text[done:])
    return "".join(pieces)
