"""``<pre>`` code blocks as GitBook writes them where a fence cannot say enough (highlighted
lines, expressions), as a block of the page or inside a table cell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.nodes import plain_text
from gitbook_mcp.document.render.context import attr, html_text

__all__ = ["flag", "pre_html"]

Node = Mapping[str, Any]
_PRE_OPTIONS = (
    ("title", "data-title"),
    ("overflow", "data-overflow"),
    ("lineNumbers", "data-line-numbers"),
    ("fullWidth", "data-full-width"),
    ("expandable", "data-expandable"),
    ("collapsedLineCount", "data-collapsed-line-count"),
)


def flag(value: object) -> str:
    """An attribute's value: ``true``/``false`` for a boolean."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def pre_html(data: Mapping[str, Any], lines: list[Node]) -> str:
    """``<pre>`` of a code block's options and lines: ``<strong>`` around a highlighted line,
    ``<code class="expression">`` for an expression."""
    syntax = str(data.get("syntax", ""))
    opening = "<pre" + (attr("class", f"language-{syntax}") if syntax else "")
    opening += "".join(
        attr(name, flag(data[field])) for field, name in _PRE_OPTIONS if field in data
    )
    out = []
    for line in lines:
        text = "".join(_pre_inline(child) for child in line.get("nodes", []))
        highlighted = (line.get("data") or {}).get("highlighted")
        out.append(f"<strong>{text}\n</strong>" if highlighted else f"{text}\n")
    lang = attr("class", f"lang-{syntax}") if syntax else ""
    body = "".join(out)
    if lines and lines[-1].get("nodes"):
        body = body.removesuffix("\n")  # an empty last line keeps its break: it is read back
    return f"{opening}><code{lang}>{body}</code></pre>"


def _pre_inline(node: Node) -> str:
    if node.get("type") == "expression":
        expression = html_text(str((node.get("data") or {}).get("expression", "")))
        return f'<code class="expression">{expression}</code>'
    return html_text(plain_text(node))
