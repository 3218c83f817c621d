"""Sentinels: one instance per kind, kept through copies, told apart from each other and data."""

from __future__ import annotations

import copy

from gitbook_mcp.client import NOT_GIVEN, NotGiven
from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.sentinel import Sentinel


def test_each_kind_has_one_instance_even_through_copies() -> None:
    assert NotGiven() is NOT_GIVEN
    assert copy.copy(NOT_GIVEN) is NOT_GIVEN
    assert copy.deepcopy({"a": ABSENT})["a"] is ABSENT
    assert type(ABSENT)() is ABSENT


def test_kinds_are_distinct_and_shown_by_name() -> None:
    assert ABSENT is not NOT_GIVEN
    assert isinstance(ABSENT, Sentinel)
    assert isinstance(NOT_GIVEN, Sentinel)
    assert (repr(NOT_GIVEN), repr(ABSENT)) == ("NOT_GIVEN", "ABSENT")
    assert not NOT_GIVEN, "NOT_GIVEN is falsy, so `x or default` reads naturally"
