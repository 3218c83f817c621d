"""A document's compact JSON text (no spaces, UTF-8 unescaped), written by pydantic-core's
compiled serializer: about a third of ``json.dumps``'s CPU on real pages, with the same text on
both vendored corpora. Documents are stored, cached and answered as this text, so it is written
often and large (a whole corpus is about 20 MB). pydantic-core alone, not pydantic's model
machinery: the local workspace and the folder check load this module at start-up."""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import to_json

__all__ = ["compact_json", "compact_json_bytes"]


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


def _write(value: Any) -> bytes:
    """NaN and the infinities written as ``json.dumps`` writes them."""
    return to_json(value, inf_nan_mode="constants")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
