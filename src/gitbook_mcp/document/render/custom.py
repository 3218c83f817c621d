"""GitBook's own blocks as Liquid tags (``{% hint %}``, ``{% tabs %}``, ``{% embed %}``,
``{% content-ref %}``, ``{% openapi-operation %}``, ``{% include %}``…) and drawings as HTML."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gitbook_mcp.document.render.context import Context, attr
from gitbook_mcp.document.tags import format_include, format_tag

__all__ = ["CUSTOM", "length_text", "wrap"]

Node = Mapping[str, Any]
Attrs = list[tuple[str, str]]


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _pick(data: Mapping[str, Any], *fields: tuple[str, str]) -> Attrs:
    """``(json field, markdown attribute)`` pairs present in ``data``, as attributes."""
    return [(name, _text(data[field])) for field, name in fields if field in data]


def wrap(name: str, attrs: Attrs, body: str, *, raw: str = "") -> str:
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


def length_text(value: object) -> str:
    """A ``Length`` as an attribute: ``240`` (pixels) or ``60%``."""
    if isinstance(value, Mapping):
        number = value.get("value")
        shown = int(number) if isinstance(number, float) and number.is_integer() else number
        return f"{shown}{value.get('unit', '')}"
    return _text(value)


def _hint(node: Node, ctx: Context) -> str:
    attrs = _pick(_data(node), ("style", "style"), ("icon", "icon"))
    return wrap("hint", attrs, _children(node, ctx))


def _prompt(node: Node, ctx: Context) -> str:
    data = _data(node)
    attrs = _pick(
        data,
        ("description", "description"),
        ("icon", "icon"),
        ("openInAIProviders", "openInAIProviders"),
        ("defaultExpanded", "defaultExpanded"),
    )
    return wrap("prompt", attrs, _children(node, ctx))


def _if(node: Node, ctx: Context) -> str:
    return wrap("if", [], _children(node, ctx), raw=str(_data(node).get("expression", "")))


def _captioned(name: str, field: str) -> Callable[[Node, Context], str]:
    def render(node: Node, ctx: Context) -> str:
        data = _data(node)
        target = ctx.link(data.get("ref")) if field == "src" else str(data.get("url", ""))
        attrs = [(field, target), *_pick(data, ("fullWidth", "fullWidth"))]
        caption = _caption(node, ctx)
        return wrap(name, attrs, caption) if caption else format_tag(name, attrs)

    return render


def _drawing(node: Node, ctx: Context) -> str:
    ref = _data(node).get("ref")
    src = ctx.link(ref) if isinstance(ref, Mapping) else ""
    return f'<img{attr("src", src)} alt="" class="gitbook-drawing">'


def _content_ref(node: Node, ctx: Context) -> str:
    href = ctx.link(_data(node).get("ref"))
    label = href.rstrip("/").rsplit("/", 1)[-1] or href
    return wrap("content-ref", [("url", href)], f"[{label}]({href})")


def _swagger(node: Node, ctx: Context) -> str:
    data = _data(node)
    src = ctx.link(data.get("ref"))
    attrs = [("src", src), *_pick(data, ("path", "path"), ("method", "method"))]
    attrs += _pick(data, ("expanded", "expanded"), ("fullWidth", "fullWidth"))
    return wrap("swagger", attrs, f"[{src.rsplit('/', 1)[-1]}]({src})")


def _openapi(name: str, fields: Iterable[tuple[str, str]]) -> Callable[[Node, Context], str]:
    def render(node: Node, ctx: Context) -> str:
        data = _data(node)
        ref = data.get("ref")
        spec = str(ref.get("spec", "")) if isinstance(ref, Mapping) else ""
        attrs = [("spec", spec)]
        for field, attr_name in fields:
            if field in data:
                value = data[field]
                attrs.append(
                    (attr_name, ",".join(value) if isinstance(value, list) else _text(value))
                )
        return wrap(name, attrs, f"[OpenAPI {spec}]({ctx.link(ref)})")

    return render


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


def _container(
    name: str, child: str, fields: Iterable[tuple[str, str]]
) -> Callable[[Node, Context], str]:
    own = tuple(fields)

    def render(node: Node, ctx: Context) -> str:
        items = [_item(child, item, ctx) for item in node.get("nodes", [])]
        return wrap(name, _pick(_data(node), *own), "\n".join(items))

    return render


def _item(name: str, node: Node, ctx: Context) -> str:
    data = _data(node)
    if name == "tab":
        attrs = _pick(data, ("title", "title"), ("icon", "icon"), ("slug", "slug"))
    elif name == "column":
        attrs = [("width", length_text(data["width"]))] if "width" in data else []
        attrs += _pick(data, ("verticalAlignment", "valign"))
    elif name == "update":
        attrs = [("date", _date_text(str(data.get("date", ""))))]
        tags = [str(t.get("tag", "")) for t in data.get("tags", []) if isinstance(t, Mapping)]
        attrs += [("tags", ",".join(tags))] if "tags" in data else []
    else:
        attrs = _pick(data, ("icon", "icon"))
    return wrap(name, attrs, _children(node, ctx))


def _date_text(value: str) -> str:
    """``2026-03-02T00:00:00.000Z`` is written as GitBook writes dates: ``2026-03-02``."""
    return value[:10] if value.endswith("T00:00:00.000Z") else value


CUSTOM: dict[str, Callable[[Node, Context], str]] = {
    "hint": _hint,
    "prompt": _prompt,
    "if": _if,
    "file": _captioned("file", "src"),
    "embed": _captioned("embed", "url"),
    "drawing": _drawing,
    "content-ref": _content_ref,
    "swagger": _swagger,
    "openapi-operation": _openapi(
        "openapi-operation", (("path", "path"), ("method", "method"), ("headless", "headless"))
    ),
    "openapi-schemas": _openapi(
        "openapi-schemas", (("schemas", "schemas"), ("grouped", "grouped"), ("title", "title"))
    ),
    "openapi-webhook": _openapi(
        "openapi-webhook", (("name", "name"), ("method", "method"), ("headless", "headless"))
    ),
    "integration": _integration,
    "reusable-content": _include,
    "tabs": _container("tabs", "tab", (("fullWidth", "fullWidth"),)),
    "stepper": _container("stepper", "step", ()),
    "columns": _container("columns", "column", (("fullWidth", "fullWidth"),)),
    "updates": _container("updates", "update", (("format", "format"),)),
}
