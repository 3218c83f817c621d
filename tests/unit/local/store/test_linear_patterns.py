"""Patterns of the local workspace that read callers' text: the linear rewrites accept exactly
what the old patterns accepted (checked exhaustively on small alphabets, where the old ones are
fast), and their structure gives nothing back (no timing here: speed is bench's job)."""

from __future__ import annotations

import itertools
import re

from gitbook_mcp.document import parse_markdown
from gitbook_mcp.local.store.organizations.invites import EMAIL_RE

OLD_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _strings(alphabet: str, longest: int) -> list[str]:
    return [
        "".join(chars)
        for size in range(longest + 1)
        for chars in itertools.product(alphabet, repeat=size)
    ]


def test_the_email_pattern_accepts_what_it_did_without_backtracking_over_dots() -> None:
    for text in _strings("a.@ ", 7):
        assert bool(EMAIL_RE.fullmatch(text)) == bool(OLD_EMAIL.fullmatch(text)), text
    # ``[^@\s]+\.`` gave back one character per dot (quadratic on ``a@`` and 20,000 dots); the
    # domain's run before its dot is now possessive and cannot take a dot.
    assert r"[^@\s.]*+\." in EMAIL_RE.pattern
    assert EMAIL_RE.fullmatch("a@" + "." * 20_000 + "@") is None


def test_a_long_divider_line_is_one_divider() -> None:
    # The old divider regex was superlinear on ``- - - ...``; pages are now read by markdown-it.
    assert parse_markdown("- " * 20_000).document["nodes"][0]["type"] == "divider"
