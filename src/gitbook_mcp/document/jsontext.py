"""A document's compact JSON text (no spaces, UTF-8 unescaped), written by pydantic's compiled
serializer: about a third of ``json.dumps``'s CPU on real pages, with the same text on both
vendored corpora. Documents are stored, cached and answered as this text, so it is written often
and large (a whole corpus is about 20 MB)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ConfigDict, TypeAdapter

__all__ = ["compact_json", "compact_json_bytes"]

_ANY: TypeAdapter[Any] = TypeAdapter(Any, config=ConfigDict(ser_json_inf_nan="constants"))
"""Any JSON value; NaN and the infinities written as ``json.dumps`` writes them."""


def compact_json_bytes(value: Any) -> bytes:
    """``value`` as compact JSON in UTF-8. A string the serializer refuses (a lone surrogate)
    raises `UnicodeEncodeError`, as encoding ``json.dumps``'s text would."""
    try:
        return _ANY.dump_json(value)
    except ValueError:  # pydantic's serialization error
        return _dumps(value).encode("utf-8")


def compact_json(value: Any) -> str:
    """``value`` as compact JSON text, as ``json.dumps(separators=(",", ":"),
    ensure_ascii=False)`` writes it (a lone surrogate included)."""
    try:
        return _ANY.dump_json(value).decode("utf-8")
    except ValueError:  # pydantic's serialization error
        return _dumps(value)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
