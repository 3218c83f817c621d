"""GitBook's own blocks as Liquid tags (``{% hint %}``, ``{% tabs %}``, ``{% embed %}``,
``{% content-ref %}``, ``{% openapi-operation %}``, ``{% include %}``…) and drawings as HTML."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from gitbook_mcp.document.render.context import Context, attr
from gitbook_mcp.document.tags import BLOCK_TAGS, BlockTag, format_include, format_tag, write_length

__all__ = ["CUSTOM", "length_text", "wrap"]

Node = Mapping[str, Any]
length_text = write_length
"""A ``Length`` as an attribute: ``240`` (pixels) or ``60%`` (the table's length rule)."""


def wrap(name: str, attrs: list[tuple[str, str]], body: str, *, raw: str = "") -> str:
    """``{% name … %}`` body ``{% endname %}``."""
    inner = f"{body}\n" if body else ""
    return f"{format_tag(name, attrs, raw=raw)}\n{inner}{{% end{name} %}}"


def _children(node: Node, ctx: Context) -> str:
    return ctx.blocks(node.get("nodes", []), ctx)


def _data(node: Node) -> Mapping[str, Any]:
    data = node.get("data")
    return data if isinstance(data, Mapping) else {}


def _caption(node: Node, ctx: Context) -> str:
    for fragment in node.get("fragments", []):
        if fragment.get("fragment") == "caption":
            return ctx.blocks(fragment.get("nodes", []), ctx)
    return ""


def _display(node: Node, ctx: Context) -> str:
    """The link GitBook writes inside a page link or an OpenAPI block (display only: the tag's
    own attribute is the target)."""
    ref = _data(node).get("ref")
    href = ctx.link(ref)
    if node.get("type") == "content-ref":
        return f"[{href.rstrip('/').rsplit('/', 1)[-1] or href}]({href})"
    if node.get("type") == "swagger":
        return f"[{href.rsplit('/', 1)[-1]}]({href})"
    spec = str(ref.get("spec", "")) if isinstance(ref, Mapping) else ""
    return f"[OpenAPI {spec}]({href})"


def _tagged(row: BlockTag) -> Callable[[Node, Context], str]:
    """The renderer of a row of the table of block tags."""

    def render(node: Node, ctx: Context) -> str:
        data = _data(node)
        attrs = row.write(data, ctx.link)
        if row.tag == "if":
            return wrap("if", [], _children(node, ctx), raw=str(data.get("expression", "")))
        if row.body == "items" and row.item is not None:
            items = [_item(row.item, item, ctx) for item in node.get("nodes", [])]
            return wrap(row.tag, attrs, "\n".join(items))
        if row.body == "caption":
            caption = _caption(node, ctx)
            return wrap(row.tag, attrs, caption) if caption else format_tag(row.tag, attrs)
        if row.body == "link":
            return wrap(row.tag, attrs, _display(node, ctx))
        return wrap(row.tag, attrs, _children(node, ctx))

    return render


def _item(row: BlockTag, node: Node, ctx: Context) -> str:
    return wrap(row.tag, row.write(_data(node), ctx.link), _children(node, ctx))


def _drawing(node: Node, ctx: Context) -> str:
    ref = _data(node).get("ref")
    src = ctx.link(ref) if isinstance(ref, Mapping) else ""
    return f'<img{attr("src", src)} alt="" class="gitbook-drawing">'


def _integration(node: Node, ctx: Context) -> str:  # noqa: ARG001 - a renderer of the table: the node and the context
    data = _data(node)
    props = data.get("props")
    attrs = [
        (str(key), value if isinstance(value, str) else json.dumps(value))
        for key, value in (props.items() if isinstance(props, Mapping) else ())
    ]
    return format_tag(f"@{data.get('integration', '')}/{data.get('block', '')}", attrs)


def _include(node: Node, ctx: Context) -> str:
    return format_include(ctx.link(_data(node).get("ref")))


CUSTOM: dict[str, Callable[[Node, Context], str]] = {
    **{row.node: _tagged(row) for row in BLOCK_TAGS if row.writes and row.body != "code"},
    "drawing": _drawing,
    "integration": _integration,
    "reusable-content": _include,
}
"""Renderers of GitBook's own blocks: one per row of the table of block tags (``code``'s row is
the options of a code block, written by ``media.code``), and drawings as HTML."""
