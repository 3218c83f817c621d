"""Node keys look like GitBook's: 20 letters and digits, drawn evenly, never repeated."""

from __future__ import annotations

import string
from collections import Counter

from gitbook_mcp.document.nodes import new_key

ALPHABET = frozenset(string.ascii_letters + string.digits)


def test_a_key_is_twenty_letters_and_digits() -> None:
    keys = [new_key() for _ in range(2000)]
    assert all(len(key) == 20 and set(key) <= ALPHABET for key in keys)
    assert len(set(keys)) == len(keys)


def test_every_letter_and_digit_is_drawn_about_as_often() -> None:
    counts = Counter(char for _ in range(5000) for char in new_key())
    assert set(counts) == ALPHABET
    expected = 5000 * 20 / 62  # about 1,613 each (±40); a modulo bias would add about 20%
    assert all(abs(count - expected) < 0.15 * expected for count in counts.values())
