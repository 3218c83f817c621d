"""A document as JSON: its compact text, and a copy of its value.

The text (no spaces, UTF-8 unescaped) is written by pydantic-core's compiled serializer: about a
third of ``json.dumps``'s CPU on real pages, with the same text on both vendored corpora.
Documents are stored, cached and answered as this text, so it is written often and large (a
whole corpus is about 20 MB). pydantic-core alone, not pydantic's model machinery: the local
workspace and the folder check load this module at start-up.

`copy_json` copies a document before an edit changes it: half the CPU of ``copy.deepcopy``,
which keeps a memo of every object for aliases and cycles a JSON value cannot have."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic_core import to_json

__all__ = ["compact_json", "compact_json_bytes", "copy_json"]

_T = TypeVar("_T")


def compact_json_bytes(value: Any) -> bytes:
    """``value`` as compact JSON in UTF-8. A string the serializer refuses (a lone surrogate)
    raises `UnicodeEncodeError`, as encoding ``json.dumps``'s text would."""
    try:
        return _write(value)
    except ValueError:  # pydantic-core's serialization error
        return _dumps(value).encode("utf-8")


def compact_json(value: Any) -> str:
    """``value`` as compact JSON text, as ``json.dumps(separators=(",", ":"),
    ensure_ascii=False)`` writes it (a lone surrogate included)."""
    try:
        return _write(value).decode("utf-8")
    except ValueError:  # pydantic-core's serialization error
        return _dumps(value)


def copy_json(value: _T) -> _T:
    """A deep copy of a JSON value (objects and arrays copied, anything else shared: strings,
    numbers, booleans and null are immutable). Nested as deeply as ``copy.deepcopy`` can go."""
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}  # type: ignore[return-value]
    if isinstance(value, list):
        return [copy_json(item) for item in value]  # type: ignore[return-value]
    return value


def _write(value: Any) -> bytes:
    """NaN and the infinities written as ``json.dumps`` writes them."""
    return to_json(value, inf_nan_mode="constants")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
