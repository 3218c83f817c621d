"""A document's compact JSON text is the text ``json.dumps`` writes for it (compact, UTF-8
unescaped), whichever writer wrote it; its copy is ``copy.deepcopy``'s, sharing no container."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from gitbook_mcp.document.jsontext import compact_json, compact_json_bytes, copy_json
from gitbook_mcp.document.nodes import block, document, mark, text

_DOC = document(
    [
        block("heading-1", [text("Café ☕ \u2028 line\tseparator")]),
        block("paragraph", [text('quote " backslash \\ nul \0 bell \x07', [mark("bold")])]),
        block("code", [block("code-line", [text("<tag> & 'single' / slash")])], {"syntax": "js"}),
    ]
)
CASES: list[Any] = [
    _DOC,
    {"object": "document", "data": {"yPos": 0.25, "n": 10**30, "neg": -0.0}, "nodes": []},
    {"1": [True, False, None], "emoji": "🧪", "empty": {}, "list": []},
    [float("nan"), float("inf"), float("-inf"), 1.5e300, 1e16],
]


@pytest.mark.parametrize("value", CASES)
def test_the_text_is_json_dumps_compact_text(value: Any) -> None:
    expected = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert compact_json(value) == expected
    assert compact_json_bytes(value) == expected.encode("utf-8")


def test_a_lone_surrogate_is_written_as_json_dumps_writes_it() -> None:
    value = {"text": "half \ud800 of a pair"}
    assert compact_json(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    with pytest.raises(UnicodeEncodeError):
        compact_json_bytes(value)  # as json.dumps's text would fail to encode


def test_the_text_reads_back_as_the_value() -> None:
    assert json.loads(compact_json(_DOC)) == _DOC
    assert json.loads(compact_json_bytes([_DOC, "md", 3])) == [_DOC, "md", 3]


def _containers(value: Any) -> Iterator[Any]:
    """Every object and array in ``value``, itself first."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            yield item
            stack.extend(item)


@pytest.mark.parametrize("value", CASES[:3])
def test_the_copy_equals_the_value_and_shares_no_container_with_it(value: Any) -> None:
    copied = copy_json(value)
    assert json.dumps(copied) == json.dumps(value)  # the same keys, in the same order
    assert not {id(c) for c in _containers(copied)} & {id(c) for c in _containers(value)}
    first = next(c for c in _containers(copied) if isinstance(c, dict) and c is not copied)
    first["added"] = 1
    assert "added" not in json.dumps(value)


def test_the_copy_goes_as_deep_as_deepcopy() -> None:
    depth = 1
    while True:  # the deepest nesting deepcopy copies here
        nested: Any = []
        for _ in range(depth * 2):
            nested = [{"nodes": nested}]
        try:
            copy.deepcopy(nested)
        except RecursionError:
            break
        depth *= 2
        deepest = nested
    assert copy_json(deepest) == deepest
