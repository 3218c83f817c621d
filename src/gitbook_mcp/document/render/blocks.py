"""Blocks to GitBook markdown: markdown where it has a form (paragraphs, headings, lists,
quotes, fences, ``$$``), Liquid tags for GitBook's own blocks, HTML for the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gitbook_mcp.document.nodes import LISTS
from gitbook_mcp.document.render.context import Context, attr
from gitbook_mcp.document.render.custom import CUSTOM
from gitbook_mcp.document.render.inline import html_inlines, render_inlines
from gitbook_mcp.document.render.media import code, images, table

__all__ = ["indent", "render_blocks"]

Node = Mapping[str, Any]
_HEADING_MARKS = {"heading-1": "##", "heading-2": "###", "heading-3": "####"}
_ALIGN_OUT = {"start": "left", "center": "center", "end": "right"}


def indent(text: str, prefix: str, first: str | None = None) -> str:
    """``text`` with every non-empty line prefixed (the first line with ``first`` if given)."""
    lines = text.split("\n")
    out = []
    for index, line in enumerate(lines):
        lead = first if index == 0 and first is not None else prefix
        out.append(lead + line if line else lead.rstrip())
    return "\n".join(out)


def render_blocks(nodes: Sequence[Node], ctx: Context) -> str:
    """Blocks separated by blank lines; two adjacent lists get ``<!---->`` between them (else
    markdown would read them as one list)."""
    parts: list[str] = []
    previous: str | None = None
    for node in nodes:
        kind = str(node.get("type"))
        if previous in LISTS and kind in LISTS:
            parts.append("<!---->")
        parts.append(render_block(node, ctx))
        previous = kind
    return "\n\n".join(part for part in parts if part)


def render_block(node: Node, ctx: Context) -> str:
    """One block."""
    kind = str(node.get("type"))
    handler = _HANDLERS.get(kind) or CUSTOM.get(kind)
    return handler(node, ctx) if handler is not None else ""


def _paragraph(node: Node, ctx: Context) -> str:
    align = (node.get("data") or {}).get("align")
    if align in _ALIGN_OUT:
        return (
            f"<p{attr('align', _ALIGN_OUT[align])}>{html_inlines(node.get('nodes', []), ctx)}</p>"
        )
    return render_inlines(node.get("nodes", []), ctx)


def _heading(node: Node, ctx: Context) -> str:
    text = render_inlines(node.get("nodes", []), ctx, one_line=True)
    if text.endswith("#") and not text.endswith("\\#"):
        text = text[:-1] + "\\#"  # a trailing `#` would close the ATX heading
    line = f"{_HEADING_MARKS[str(node['type'])]} {text}"
    custom = (node.get("data") or {}).get("id")
    if isinstance(custom, str) and custom:
        line += f' <a href="#{custom}" id="{custom}"></a>'
    return line


def _list(node: Node, ctx: Context) -> str:
    kind = node.get("type")
    start = int((node.get("data") or {}).get("start", 1) or 1)
    items = []
    for index, item in enumerate(node.get("nodes", [])):
        if kind == "list-ordered":
            marker = f"{start + index}. "
        elif kind == "list-tasks":
            checked = (item.get("data") or {}).get("checked")
            marker = "* [x] " if checked else "* [ ] "
        else:
            marker = "* "
        body = _item_body(item.get("nodes", []), ctx)
        width = len(marker) if kind != "list-tasks" else 2
        items.append(indent(body, " " * width, marker) if body else marker.rstrip())
    loose = any(
        len(item.get("nodes", [])) > 1 and not _tight(item.get("nodes", []))
        for item in node.get("nodes", [])
    )
    return ("\n\n" if loose else "\n").join(items)


def _item_body(nodes: Sequence[Node], ctx: Context) -> str:
    """An item's blocks; a paragraph followed by a nested list stays tight, as GitBook writes."""
    if _tight(nodes):
        return render_blocks(nodes[:1], ctx) + "\n" + render_blocks(nodes[1:], ctx)
    return render_blocks(nodes, ctx)


def _tight(nodes: Sequence[Node]) -> bool:
    return len(nodes) == 2 and nodes[0].get("type") == "paragraph" and nodes[1].get("type") in LISTS


def _quote(node: Node, ctx: Context) -> str:
    return indent(render_blocks(node.get("nodes", []), ctx), "> ")


def _math(node: Node, ctx: Context) -> str:  # noqa: ARG001 - every renderer of the table takes the node and the context
    return f"$$\n{(node.get('data') or {}).get('formula', '')}\n$$"


def _expandable(node: Node, ctx: Context) -> str:
    title: list[Node] = []
    body: list[Node] = []
    for fragment in node.get("fragments", []):
        if fragment.get("fragment") == "expandable-title":
            title = list(fragment.get("nodes", []))
        elif fragment.get("fragment") == "expandable-body":
            body = list(fragment.get("nodes", []))
    summary = html_inlines(title[0].get("nodes", []), ctx) if title else ""
    opened = " open" if (node.get("data") or {}).get("defaultExpanded") else ""
    inner = render_blocks(body, ctx)
    return f"<details{opened}>\n\n<summary>{summary}</summary>\n\n{inner}\n\n</details>"


_HANDLERS: dict[str, Callable[[Node, Context], str]] = {
    "paragraph": _paragraph,
    **dict.fromkeys(_HEADING_MARKS, _heading),
    **dict.fromkeys(LISTS, _list),
    "divider": lambda node, ctx: "***",  # noqa: ARG005 - every renderer of the table takes the node and the context
    "blockquote": _quote,
    "math": _math,
    "expandable": _expandable,
    "code": code,
    "images": images,
    "table": table,
}
