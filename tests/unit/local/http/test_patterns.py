"""The contract patterns the local workspace declares are the vendored contracts' own, and mean
what JSON Schema means by them: searched, not anchored, ``.`` stopping at any line end."""

from __future__ import annotations

import json
import re

import pytest

from gitbook_mcp.local.http.patterns import ORGANIZATION_TITLE, PATTERNS, ContractPattern
from tests.support.contract import CONTRACT_FILES

SAMPLES = ["m\t", "ab", " ab ", "a b", "\ta\tb\t", "a", "  ", "a\nb", "ab\ncd", "x" * 300, "é ü"]


def _schema(name: str) -> dict[str, object]:
    """The schema in the live contract (the real service today), else in the seed one."""
    for profile in ("live", "seed"):
        schemas = json.loads(CONTRACT_FILES[profile].read_text())["components"]["schemas"]
        if "pattern" in schemas.get(name, {}):
            found: dict[str, object] = schemas[name]
            return found
    raise AssertionError(f"no contract gives {name} a pattern")


@pytest.mark.parametrize("rule", PATTERNS, ids=lambda r: r.schema)
def test_each_declared_pattern_is_the_contracts(rule: ContractPattern) -> None:
    assert _schema(rule.schema)["pattern"] == rule.pattern


@pytest.mark.parametrize("rule", PATTERNS, ids=lambda r: r.schema)
@pytest.mark.parametrize("value", SAMPLES)
def test_a_pattern_is_searched_like_json_schema(rule: ContractPattern, value: str) -> None:
    """Without line terminators other than newline, Python's ``re.search`` of the contract's
    text is JSON Schema's meaning; the declared regex must agree with it."""
    assert rule.accepts(value) == (re.search(rule.pattern, value) is not None)


@pytest.mark.parametrize("end", ["\r", "\u2028", "\u2029"])
def test_dot_stops_at_every_ecma_line_terminator(end: str) -> None:
    assert not ORGANIZATION_TITLE.accepts(f"a{end}b")
    assert ORGANIZATION_TITLE.accepts(f"a{end}bc")
