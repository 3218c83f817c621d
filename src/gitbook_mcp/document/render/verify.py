"""Reading back what the renderer wrote for one run of inline content: markdown cannot open or
close ``**``/``_``/``~~`` next to some characters (``1**:**``), so the renderer checks its
delimiters and falls back to ``<strong>``/``<em>``/``<s>`` where they would not read back."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from gitbook_mcp.document.parse.inline import inlines
from gitbook_mcp.document.parse.reader import Reader
from gitbook_mcp.document.parse.setup import parser

__all__ = ["Signature", "add_run", "leaf_key", "reads_back", "signature"]

Signature = list[tuple[str, str]]
"""Text runs as (marks, text) with adjacent equal marks merged; inline nodes as ("node", type)."""


def leaf_key(marks: Iterable[Mapping[str, Any]]) -> str:
    """A comparable form of a set of marks: the sorted (type, data as JSON) pairs. No marks, the
    common case, and marks without data (bold, italic, code) write no JSON."""
    if not marks:
        return "[]"
    return repr(sorted([(str(m.get("type")), _data(m.get("data"))) for m in marks]))


def _data(data: Any) -> str:
    return "" if data is None else json.dumps(data)


def add_run(out: Signature, key: str, value: str) -> None:
    """Append a text run, merged with the previous one when its marks are the same."""
    if not value:
        return
    if out and out[-1][0] == key:
        out[-1] = (key, out[-1][1] + value)
    else:
        out.append((key, value))


def signature(nodes: Iterable[Mapping[str, Any]]) -> Signature:
    """The signature of parsed inline nodes."""
    out: Signature = []
    for node in nodes:
        if node.get("object") == "text":
            for leaf in node.get("leaves", []):
                add_run(out, leaf_key(leaf.get("marks", [])), str(leaf.get("text", "")))
        else:
            out.append(("node", str(node.get("type"))))
    return out


def _any_ref(href: str) -> dict[str, Any]:
    return {"kind": "url", "url": href}


def reads_back(markdown: str, expected: Signature, notes: int) -> bool:
    """Whether ``markdown`` parses back to ``expected`` (footnotes 1..``notes`` exist).

    Half of rendering a page was this parse, and a page is rendered again and again while it is
    read and edited (a page read, an edit's read-back, every revision read after a change to
    another page): the answers are kept, per process, for the last `_KEPT` runs checked of at
    most `_LONGEST_KEPT` characters.
    """
    if len(markdown) > _LONGEST_KEPT:
        return _parses_to(markdown, tuple(expected), notes)
    return _kept(markdown, tuple(expected), notes)


_KEPT = 8192
"""About two real corpora's runs with emphasis (4,530 in 446 pages, a few MB)."""
_LONGEST_KEPT = 1000
"""At most about 20 MB kept however long the runs a caller writes."""


def _parses_to(markdown: str, expected: tuple[tuple[str, str], ...], notes: int) -> bool:
    md = parser()
    refs = {f":{number}": -1 for number in range(1, notes + 1)}
    env: dict[str, Any] = {"footnotes": {"refs": refs, "list": {}}}
    tokens = md.parseInline(markdown, env)
    children = tokens[0].children or [] if tokens else []
    return tuple(signature(inlines(children, Reader(md=md, resolve=_any_ref)))) == expected


_kept = lru_cache(maxsize=_KEPT)(_parses_to)
