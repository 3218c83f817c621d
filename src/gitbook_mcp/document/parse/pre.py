"""``<pre>`` code blocks GitBook writes where a fence cannot say enough (highlighted lines,
expressions), as a block of the page or inside a table cell."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.nodes import Node, block, inline, text
from gitbook_mcp.document.parse.html import Element

__all__ = ["pre_block"]


def pre_block(pre: Element) -> Node:
    """``<pre>``: one code-line per line; ``<strong>`` around a line = highlighted;
    ``<code class="expression">`` = an expression."""
    code = pre.find("code") or pre
    syntax = next((c[5:] for c in code.get("class").split() if c.startswith("lang-")), "")
    lines: list[Node] = [block("code-line", [], {})]
    _pre_walk(code, lines, False)
    if lines and not lines[-1]["nodes"] and len(lines) > 1:
        lines.pop()
    data: dict[str, Any] = {"syntax": syntax} if syntax else {}
    for name, field in (("data-title", "title"), ("data-overflow", "overflow")):
        if pre.get(name):
            data[field] = pre.get(name)
    for name, field in (
        ("data-line-numbers", "lineNumbers"),
        ("data-full-width", "fullWidth"),
        ("data-expandable", "expandable"),
    ):
        if name in pre.attrs:
            data[field] = pre.get(name, "true") != "false"
    return block("code", lines, data)


def _pre_walk(element: Element, lines: list[Node], strong: bool) -> None:
    for child in element.children:
        if isinstance(child, Element):
            if child.tag == "code" and "expression" in child.get("class").split():
                lines[-1]["nodes"].append(inline("expression", {"expression": child.text()}))
            else:
                _pre_walk(child, lines, strong or child.tag == "strong")
            continue
        for index, part in enumerate(child.split("\n")):
            if index:
                lines.append(block("code-line", [], {}))
            if part:
                lines[-1]["nodes"].append(text(part))
            if strong and (part or not index):
                # The line break closing a highlighted line does not highlight the next one.
                lines[-1]["data"]["highlighted"] = True
