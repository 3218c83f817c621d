"""An answer's JSON with the `RawJSON` texts it holds written in unparsed: a page read holds the
document of every page below it, kept as JSON text, which is spliced in rather than parsed into
objects and serialised again."""

from __future__ import annotations

import json
import secrets
from typing import Any

from gitbook_mcp.local.store.content.views import RawJSON

__all__ = ["answer_json"]


def answer_json(content: Any) -> str:
    """``content`` as Starlette's `JSONResponse` writes it (compact, UTF-8 unescaped, no NaN),
    each `RawJSON` in it written as its text.

    Each `RawJSON` is first written as a string holding a marker (a NUL character, which JSON
    always escapes, and a random tag drawn for this answer, so no text of the answer can hold
    it), then the quoted marker is replaced with the text."""
    raws: list[str] = []
    marker = f"\0{secrets.token_hex(8)}:"

    def placeholder(value: object) -> str:
        if not isinstance(value, RawJSON):
            raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
        raws.append(value.text)
        return f"{marker}{len(raws) - 1}"

    text = json.dumps(
        content,
        ensure_ascii=False,
        allow_nan=False,
        indent=None,
        separators=(",", ":"),
        default=placeholder,
    )
    if not raws:
        return text
    quoted = '"' + json.dumps(marker)[1:-1]
    head, *rest = text.split(quoted)
    parts = [head]
    for part in rest:
        number, _, after = part.partition('"')
        parts.append(raws[int(number)])
        parts.append(after)
    return "".join(parts)
