"""Code blocks (fences, ``{% code %}`` options, ``<pre>`` when lines are highlighted), image
blocks (``<figure>``) and tables (GFM pipes for a plain grid, HTML ``<table>`` otherwise)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.nodes import plain_text
from gitbook_mcp.document.render.context import Context, attr
from gitbook_mcp.document.render.inline import html_inlines
from gitbook_mcp.document.render.pre import flag, pre_html
from gitbook_mcp.document.render.table import table
from gitbook_mcp.document.tags import format_tag, row_of_node

__all__ = ["code", "images", "table"]

Node = Mapping[str, Any]
_BACKTICKS = re.compile("`+")


def code(node: Node, ctx: Context) -> str:
    """A code block: a fence, wrapped in ``{% code %}`` when it has options; ``<pre>`` when a
    line is highlighted or holds an expression (markdown fences cannot say so)."""
    data = node.get("data") or {}
    lines = list(node.get("nodes", []))
    if any(_needs_html(line) for line in lines):
        return pre_html(data, lines)
    body = "\n".join(plain_text(line) for line in lines)
    # the longest run of backticks, found by the regex engine rather than a loop per character
    # (a code block can be tens of thousands of characters; one pattern, no backtracking)
    longest = max(map(len, _BACKTICKS.findall(body)), default=0)
    fence = "`" * max(3, longest + 1)
    block = f"{fence}{data.get('syntax', '')}\n{body}\n{fence}"
    row = row_of_node("code")
    options = row.write(data, ctx.link) if row is not None else []
    if not options:
        return block
    return f"{format_tag('code', options)}\n{block}\n{{% endcode %}}"


def _needs_html(line: Node) -> bool:
    if (line.get("data") or {}).get("highlighted"):
        return True
    return any(child.get("type") == "expression" for child in line.get("nodes", []))


def images(node: Node, ctx: Context) -> str:
    """``<figure>``s, in a ``<div>`` carrying the block's alignment, width and frame."""
    data = node.get("data") or {}
    figures = "".join(_figure(image, ctx) for image in node.get("nodes", []))
    div = "".join(
        attr(name, flag(data[field]))
        for field, name in (
            ("align", "align"),
            ("fullWidth", "data-full-width"),
            ("withFrame", "data-with-frame"),
        )
        if field in data
    )
    if div or len(node.get("nodes", [])) > 1:
        return f"<div{div}>{figures}</div>"
    return figures


def _figure(image: Node, ctx: Context) -> str:
    data = image.get("data") or {}
    img = f"<img{attr('src', ctx.link(data.get('ref')))}{attr('alt', data.get('alt', ''))}"
    for field in ("width", "height"):
        if field in data:
            value = data[field]
            img += attr(
                field, f"{value['value']}{value['unit']}" if isinstance(value, Mapping) else value
            )
    img += ">"
    if "refDark" in data:
        dark = attr("srcset", ctx.link(data["refDark"]))
        img = f'<picture><source{dark} media="(prefers-color-scheme: dark)">{img}</picture>'
    caption = ""
    for fragment in image.get("fragments", []):
        paragraphs = [html_inlines(p.get("nodes", []), ctx) for p in fragment.get("nodes", [])]
        caption = "".join(f"<p>{text}</p>" for text in paragraphs)
    return f"<figure>{img}<figcaption>{caption}</figcaption></figure>"
