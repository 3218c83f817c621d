"""Readers of other people's text on pathological inputs: 10,000 and 40,000 characters each.

A linear reader takes about four times as long on the larger input; a quadratic one sixteen
times, a cubic one sixty-four (red-team N3, N4: ``# a`` + 5,000 spaces + ``x`` took 334 s).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from gitbook_mcp.document import ParseTooSlow, parse_markdown
from gitbook_mcp.document.nodes import block, document, text
from gitbook_mcp.linkcheck.markdown import markdown_anchors, markdown_links
from gitbook_mcp.local.store.content.search import sections_matching
from gitbook_mcp.local.store.organizations.invites import EMAIL_RE
from gitbook_mcp.server.rendering import one_line, untrusted
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools.change_requests._edits import (
    FIND_MAX_CHARS,
    Replacement,
    apply_replacements,
)

__all__ = ["CASES", "measure"]

SIZES = (10_000, 40_000)
RATIO_TARGET = 8.0
"""Largest time ratio between the two sizes accepted as linear (4 plus noise; quadratic is 16)."""


def _links(text: str) -> None:
    markdown_links(text, page_path="p")


def _replace(value: str) -> None:
    find = value[: min(len(value) // 2, FIND_MAX_CHARS)]
    page = document([block("paragraph", [text(value)])])
    with contextlib.suppress(ToolFailure):
        apply_replacements(page, [Replacement(find=find, replace="b")], "e")


def _read_all(text: str) -> None:
    # A reader that stops at its CPU budget (`ParseTooSlow`) is bounded: its time still counts.
    with contextlib.suppress(ParseTooSlow):
        markdown_anchors(text)
    with contextlib.suppress(ParseTooSlow):
        _links(text)
    parse_markdown(text, lambda href: {"kind": "url", "url": href})
    sections_matching([text], "a")


CASES: dict[str, tuple[Callable[[int], str], Callable[[str], Any]]] = {
    "heading of spaces": (lambda n: "# a" + " " * n + "x", _read_all),
    "run of backticks": (lambda n: "`" * n, _read_all),
    "backtick runs 1..k": (lambda n: "".join("`" * k + "a" for k in range(1, int(n**0.5))), _links),
    "open brackets": (lambda n: "[" * n, _read_all),
    "chained link starts": (lambda n: "[a](b" * (n // 5), _read_all),
    "chained autolinks": (lambda n: "<http://" * (n // 8), _read_all),
    "definition lines": (lambda n: "[x\n" * (n // 3), _read_all),
    "divider of dashes": (lambda n: "- " * (n // 2), _read_all),
    "email of dots": (lambda n: "a@" + "." * n + "@", EMAIL_RE.fullmatch),
    "repetitive page edit": (lambda n: "a" * n, _replace),
    "sanitised line": (lambda n: "\u2800\ue000\u034f" * (n // 3), lambda t: one_line(untrusted(t))),
}


def _best(function: Callable[[str], Any], text: str, runs: int) -> float:
    """The best over ``runs`` of the time per call, each run calling for at least 20 ms (so that
    sub-millisecond cases are not noise)."""
    best = float("inf")
    for _ in range(runs):
        calls, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < 0.02:
            function(text)
            calls += 1
        best = min(best, elapsed / calls)
    return best


def measure(runs: int = 3, sizes: tuple[int, int] = SIZES) -> dict[str, Any]:
    """Per case: the best time at each of the two ``sizes`` (ms) and their ratio; the worst
    ratio overall."""
    rows: dict[str, dict[str, float]] = {}
    for name, (make, function) in CASES.items():
        small, large = (_best(function, make(size), runs) for size in sizes)
        rows[name] = {
            "small_ms": small * 1e3,
            "large_ms": large * 1e3,
            "ratio": large / max(small, 1e-6),
        }
    worst = max(rows, key=lambda name: rows[name]["ratio"])
    return {"rows": rows, "worst": worst, "target": RATIO_TARGET, "sizes": sizes}
