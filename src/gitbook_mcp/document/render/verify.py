"""Reading back what the renderer wrote for one run of inline content: markdown cannot open or
close ``**``/``_``/``~~`` next to some characters (``1**:**``), so the renderer checks its
delimiters and falls back to ``<strong>``/``<em>``/``<s>`` where they would not read back."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from gitbook_mcp.document.parse.inline import inlines
from gitbook_mcp.document.parse.reader import Reader
from gitbook_mcp.document.parse.setup import parser

__all__ = ["Signature", "add_run", "leaf_key", "reads_back", "signature"]

Signature = list[tuple[str, str]]
"""Text runs as (marks, text) with adjacent equal marks merged; inline nodes as ("node", type)."""


def leaf_key(marks: Iterable[Mapping[str, Any]]) -> str:
    """A comparable form of a set of marks (no marks, the common case: no JSON written)."""
    if not marks:
        return "[]"
    return json.dumps(sorted(json.dumps([m.get("type"), m.get("data")]) for m in marks))


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
    """Whether ``markdown`` parses back to ``expected`` (footnotes 1..``notes`` exist)."""
    md = parser()
    refs = {f":{number}": -1 for number in range(1, notes + 1)}
    env: dict[str, Any] = {"footnotes": {"refs": refs, "list": {}}}
    tokens = md.parseInline(markdown, env)
    children = tokens[0].children or [] if tokens else []
    return signature(inlines(children, Reader(md=md, resolve=_any_ref))) == expected
