"""Tables: a GFM pipe table for a plain grid of text cells, else GitBook's HTML ``<table>`` with
its ``data-*`` attributes (view, column types, hidden columns, widths, card settings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.render.context import Context, attr, html_text
from gitbook_mcp.document.render.inline import html_inlines, render_inlines
from gitbook_mcp.document.render.pre import pre_html

__all__ = ["ordered_records", "table"]

Node = Mapping[str, Any]
_GFM_ALIGN = {"left": "---", "center": ":-:", "right": "--:"}
_VIEW_FLAGS = (
    ("hideHeader", "data-header-hidden"),
    ("hideColumnTitle", "data-column-title-hidden"),
    ("stickyHeader", "data-sticky-header"),
    ("stickyFirstColumn", "data-sticky-first-column"),
    ("useNewSizing", "data-new-sizing"),
)
_CARD_COLUMNS = (
    ("targetDefinition", "data-card-target"),
    ("coverDefinition", "data-card-cover"),
    ("coverDefinitionDark", "data-card-cover-dark"),
)


def ordered_records(data: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """Records in display order (by ``orderIndex``, then id)."""
    records = data.get("records") or {}
    return sorted(records.items(), key=lambda item: (str(item[1].get("orderIndex", "")), item[0]))


def _fragments(node: Node) -> dict[str, Node]:
    return {str(f.get("fragment")): f for f in node.get("fragments", []) if isinstance(f, Mapping)}


def _is_plain(node: Node, data: Mapping[str, Any]) -> bool:
    view = data.get("view") or {}
    definition = data.get("definition") or {}
    columns = list(view.get("columns", []))
    if view.get("type") != "grid" or set(columns) != set(definition) or not columns:
        return False
    if set(view) - {"type", "columns", "hideHeader"} or view.get("hideHeader"):
        return False
    if set(data) - {"view", "records", "definition"}:
        return False
    for column in definition.values():
        if column.get("type") != "text" or set(column) - {"id", "title", "type", "textAlignment"}:
            return False
    fragments = _fragments(node)
    for _, record in ordered_records(data):
        for value in record.get("values", {}).values():
            cell = fragments.get(str(value)) if value is not None else None
            if cell is not None and not _one_line(cell):
                return False
    return True


def _one_line(cell: Node) -> bool:
    nodes = cell.get("nodes", [])
    return len(nodes) == 1 and nodes[0].get("type") == "paragraph" and not nodes[0].get("data")


def table(node: Node, ctx: Context) -> str:
    """A table block."""
    data = node.get("data") or {}
    return _gfm(node, data, ctx) if _is_plain(node, data) else _html(node, data, ctx)


def _gfm(node: Node, data: Mapping[str, Any], ctx: Context) -> str:
    definition = data["definition"]
    columns = list(data["view"]["columns"])
    fragments = _fragments(node)
    header = [
        render_inlines([_text(definition[c].get("title", ""))], ctx, pipes=True) for c in columns
    ]
    rule = [_GFM_ALIGN.get(str(definition[c].get("textAlignment")), "---") for c in columns]
    rows = [header, rule]
    for _, record in ordered_records(data):
        values = record.get("values", {})
        rows.append([_gfm_cell(fragments, values.get(c), ctx) for c in columns])
    return "\n".join("| " + " | ".join(cell or " " for cell in row) + " |" for row in rows)


def _text(value: str) -> Node:
    return {"object": "text", "leaves": [{"object": "leaf", "text": value, "marks": []}]}


def _gfm_cell(fragments: dict[str, Node], value: object, ctx: Context) -> str:
    cell = fragments.get(str(value)) if value is not None else None
    if cell is None:
        return ""
    return render_inlines(cell["nodes"][0].get("nodes", []), ctx, pipes=True).replace(
        "\\\n", "<br>"
    )


def _html(node: Node, data: Mapping[str, Any], ctx: Context) -> str:
    view = data.get("view") or {}
    definition = data.get("definition") or {}
    visible = [c for c in view.get("columns", []) if c in definition]
    columns = visible + [c for c in definition if c not in visible]
    opening = "<table" + _table_attrs(data, view) + ">"
    heads = "".join(_th(definition[c], c not in visible, view, c) for c in columns)
    fragments = _fragments(node)
    rows = []
    for _, record in ordered_records(data):
        values = record.get("values", {})
        cells = "".join(
            f"<td>{_td(definition[c], values.get(c), fragments, ctx)}</td>" for c in columns
        )
        rows.append(f"<tr>{cells}</tr>")
    return f"{opening}<thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _table_attrs(data: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    out = attr("data-view", "cards") if view.get("type") == "cards" else ""
    if "cardSize" in view:
        out += attr("data-card-size", view["cardSize"])
    out += "".join(f" {name}" for field, name in _VIEW_FLAGS if view.get(field))
    if "wrap" in view:
        out += attr("data-card-wrap", "true" if view["wrap"] else "false")
    for field, name in (("fullWidth", "data-full-width"), ("search", "data-search")):
        if field in data:
            out += attr(name, "true" if data[field] else "false")
    return out


def _th(column: Mapping[str, Any], hidden: bool, view: Mapping[str, Any], cid: str) -> str:
    kind = str(column.get("type", "text"))
    out = "<th" + (attr("data-type", kind) if kind != "text" else "")
    out += " data-hidden" if hidden else ""
    widths = view.get("columnWidths") or {}
    out += attr("width", widths[cid]) if cid in widths else ""
    out += attr("align", column["textAlignment"]) if "textAlignment" in column else ""
    out += attr("valign", column["verticalAlignment"]) if "verticalAlignment" in column else ""
    out += " data-multiple" if column.get("multiple") else ""
    out += attr("data-max", column["max"]) if "max" in column else ""
    out += "".join(f" {name}" for field, name in _CARD_COLUMNS if view.get(field) == cid)
    options = "".join(
        f"<option{attr('value', o.get('value', ''))}{attr('label', o.get('label', ''))}"
        f"{attr('color', o.get('color', ''))}></option>"
        for o in column.get("options", [])
    )
    select = f"<select>{options}</select>" if kind == "select" else ""
    return f"{out}>{html_text(str(column.get('title', '')))}{select}</th>"


def _td(column: Mapping[str, Any], value: Any, fragments: dict[str, Node], ctx: Context) -> str:
    kind = str(column.get("type", "text"))
    if value is None:
        return ""
    if kind == "text":
        cell = fragments.get(str(value))
        return _cell_blocks(cell.get("nodes", []) if cell else [], ctx)
    if kind == "checkbox":
        return "true" if value else "false"
    if kind in ("number", "rating"):
        return html_text(str(value))
    if kind == "select":
        return "".join(f"<span{attr('data-option', v)}></span>" for v in value)
    if kind in ("files", "users"):
        field = "file" if kind == "files" else "user"
        return "".join(f"<a{attr('href', ctx.link({'kind': field, field: v}))}></a>" for v in value)
    return _ref_cell(value, ctx)


def _cell_blocks(nodes: list[Node], ctx: Context) -> str:
    """A text cell's blocks as GitBook writes them in a cell: ``<p>`` paragraphs,
    ``<ul>``/``<ol>`` lists (an item of one paragraph holds its text alone), ``<pre>`` code."""
    out = []
    for node in nodes:
        kind = node.get("type")
        if kind in ("list-unordered", "list-ordered", "list-tasks"):
            start = (node.get("data") or {}).get("start", 1)
            tag = "ol" if kind == "list-ordered" else "ul"
            opening = f"<ol{attr('start', start)}>" if tag == "ol" and start != 1 else f"<{tag}>"
            items = "".join(f"<li>{_item(item, ctx)}</li>" for item in node.get("nodes", []))
            out.append(f"{opening}{items}</{tag}>")
        elif kind == "code":
            out.append(pre_html(node.get("data") or {}, list(node.get("nodes", []))))
        else:
            out.append(f"<p>{html_inlines(node.get('nodes', []), ctx)}</p>")
    return "".join(out)


def _item(item: Node, ctx: Context) -> str:
    nodes = item.get("nodes", [])
    if len(nodes) == 1 and nodes[0].get("type") == "paragraph":
        return html_inlines(nodes[0].get("nodes", []), ctx)
    return _cell_blocks(nodes, ctx)


def _ref_cell(value: Mapping[str, Any], ctx: Context) -> str:
    if "kind" in value:
        return f"<a{attr('href', ctx.link(value))}></a>"
    extra = "".join(attr(f"data-{f.lower()}", value[f]) for f in ("objectFit", "alt") if f in value)
    return f"<a{attr('href', ctx.link(value.get('ref')))}{extra}></a>"
