"""Tables -> the ``table`` block: GFM pipe tables (a grid of text columns) and GitBook's HTML
``<table>`` (column types, hidden columns, widths, card views, typed cell values)."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.nodes import Node, block, fragment, new_key, plain_text, text
from gitbook_mcp.document.parse.html import Element, one_tag, parse_html
from gitbook_mcp.document.parse.inline import inlines, markdown_inside
from gitbook_mcp.document.parse.pre import pre_block
from gitbook_mcp.document.parse.reader import BlockSource, Reader

__all__ = ["cell_blocks", "gfm_table", "html_table"]

_GFM_ALIGN = {"text-align:left": "left", "text-align:center": "center", "text-align:right": "right"}
_VIEW_FLAGS = (
    ("data-header-hidden", "hideHeader"),
    ("data-column-title-hidden", "hideColumnTitle"),
    ("data-sticky-header", "stickyHeader"),
    ("data-sticky-first-column", "stickyFirstColumn"),
    ("data-new-sizing", "useNewSizing"),
)
_CARD_COLUMNS = (
    ("data-card-target", "targetDefinition"),
    ("data-card-cover", "coverDefinition"),
    ("data-card-cover-dark", "coverDefinitionDark"),
)


def _order(index: int) -> str:
    return f"a{index:06d}"


def gfm_table(cursor: BlockSource, token: Any) -> list[Node]:  # noqa: ARG001 - a block parser of the table: the cursor and its token
    """A GFM table: header titles and alignments, one text fragment per cell."""
    rows: list[list[tuple[str, list[Node]]]] = []
    while cursor.index < len(cursor.tokens):
        current = cursor.tokens[cursor.index]
        cursor.index += 1
        if current.type == "table_close":
            break
        if current.type == "tr_open":
            rows.append([])
        elif current.type in ("th_open", "td_open") and rows:
            align = _GFM_ALIGN.get(str(current.attrGet("style") or ""), "left")
            cell = cursor.tokens[cursor.index]
            rows[-1].append((align, _gfm_cell(cursor.reader, cell)))
    if not rows:
        return []
    header, body = rows[0], rows[1:]
    columns = [new_key() for _ in header]
    definition = {
        cid: {
            "id": cid,
            "title": plain_text({"nodes": nodes}).strip(),
            "type": "text",
            "textAlignment": align,
        }
        for cid, (align, nodes) in zip(columns, header, strict=True)
    }
    records: dict[str, Any] = {}
    fragments: list[Node] = []
    for index, row in enumerate(body):
        values: dict[str, Any] = {}
        for cid, (_, nodes) in zip(columns, row, strict=False):
            values[cid] = _text_cell(nodes, fragments)
        records[new_key()] = {"orderIndex": _order(index), "values": values}
    view = {"type": "grid", "columns": columns, "hideHeader": False}
    data = {"view": view, "definition": definition, "records": records}
    return [block("table", data=data, fragments=fragments)]


_CELL_BLOCKS = frozenset({"p", "ul", "ol", "pre"})
"""HTML that GitBook writes in a table cell (pipe or HTML table) for paragraphs, lists and code."""


def _gfm_cell(reader: Reader, cell: Any) -> list[Node]:
    """The blocks of a pipe table's cell: its inline content as one paragraph, or the
    paragraphs and lists its HTML holds (``<p>a</p><p>b</p>``, ``<ul><li>…</li></ul>``)."""
    children = cell.children or []
    if any(_opens_block(token) for token in children):
        return cell_blocks(reader, cell.content, parse_html(cell.content))
    nodes = inlines(children, reader)
    return [block("paragraph", nodes)] if nodes else []


def _opens_block(token: Any) -> bool:
    """Whether an inline token is the opening tag of a cell's block (``<p>``, ``<ul>``…)."""
    if token.type != "html_inline":
        return False
    element = one_tag(token.content)
    return element is not None and element.end != -2 and element.tag in _CELL_BLOCKS


def cell_blocks(reader: Reader, source: str, cell: Element) -> list[Node]:
    """The blocks of a text cell (or list item) written in HTML: each ``<p>`` a paragraph,
    each ``<ul>``/``<ol>`` a list of its ``<li>``, each ``<pre>`` a code block, text between
    them a paragraph; a cell without them is one paragraph of its markdown."""
    if not any(isinstance(c, Element) and c.tag in _CELL_BLOCKS for c in cell.children):
        if not cell.text().strip() and not cell.elements():
            return []
        return [block("paragraph", markdown_inside(reader, source, cell))]
    out: list[Node] = []
    loose: list[str] = []
    for child in cell.children:
        if isinstance(child, Element) and child.tag in _CELL_BLOCKS:
            _loose(loose, out)
            if child.tag == "p":
                out.append(block("paragraph", markdown_inside(reader, source, child)))
            elif child.tag == "pre":
                out.append(pre_block(child))
            else:
                out.append(_list(reader, source, child))
        else:
            loose.append(child if isinstance(child, str) else child.text())
    _loose(loose, out)
    return out


def _loose(parts: list[str], out: list[Node]) -> None:
    """Text between a cell's paragraphs and lists: a paragraph of it."""
    words = "".join(parts).strip()
    parts.clear()
    if words:
        out.append(block("paragraph", [text(words)]))


def _list(reader: Reader, source: str, element: Element) -> Node:
    items = [
        block("list-item", cell_blocks(reader, source, li) or [block("paragraph", [])], {})
        for li in element.elements("li")
    ]
    if element.tag == "ol":
        start = element.get("start", "1")
        return block(
            "list-ordered", items, {"start": int(start)} if start.isdigit() and start != "1" else {}
        )
    return block("list-unordered", items)


def _text_cell(paragraphs: list[Node], fragments: list[Node]) -> str | None:
    if not paragraphs:
        return None
    name = new_key()
    fragments.append(fragment(paragraphs, name))
    return name


def _column(th: Element) -> dict[str, Any]:
    kind = th.get("data-type", "text")
    title = "".join(c for c in th.children if isinstance(c, str)).strip()
    column: dict[str, Any] = {"id": new_key(), "title": title, "type": kind}
    if kind == "text":
        column["textAlignment"] = th.get("align", "left")
    if th.get("valign"):
        column["verticalAlignment"] = th.get("valign")
    if kind in ("select", "users"):
        column["multiple"] = "data-multiple" in th.attrs
    if kind == "rating":
        column["max"] = int(th.get("data-max", "5")) if th.get("data-max", "5").isdigit() else 5
    if kind == "select":
        select = th.find("select")
        options = select.elements("option") if select is not None else []
        column["options"] = [
            {"value": o.get("value"), "label": o.get("label"), "color": o.get("color")}
            for o in options
        ]
    return column


def html_table(reader: Reader, source: str, table: Element) -> Node:
    """An HTML table (reference section 5.2)."""
    heads = table.find("thead")
    row = heads.find("tr") if heads is not None else None
    header_cells = row.elements("th") if row is not None else []
    columns = [_column(th) for th in header_cells]
    view: dict[str, Any] = {"type": "cards" if table.get("data-view") == "cards" else "grid"}
    view["columns"] = [
        c["id"]
        for c, th in zip(columns, header_cells, strict=True)
        if "data-hidden" not in th.attrs
    ]
    if view["type"] == "cards":
        view["cardSize"] = table.get("data-card-size", "medium")
    else:
        view["hideHeader"] = False
    for name, field in _VIEW_FLAGS:
        if name in table.attrs:
            view[field] = True
    if "data-card-wrap" in table.attrs:
        view["wrap"] = table.get("data-card-wrap") != "false"
    widths = {
        c["id"]: float(th.get("width"))
        for c, th in zip(columns, header_cells, strict=True)
        if _number(th.get("width"))
    }
    if widths:
        view["columnWidths"] = {k: int(v) if v.is_integer() else v for k, v in widths.items()}
    for c, th in zip(columns, header_cells, strict=True):
        for name, field in _CARD_COLUMNS:
            if name in th.attrs:
                view[field] = c["id"]
    data: dict[str, Any] = {"view": view, "definition": {c["id"]: c for c in columns}}
    fragments: list[Node] = []
    data["records"] = _records(reader, source, table, columns, fragments)
    for name, field in (("data-full-width", "fullWidth"), ("data-search", "search")):
        if name in table.attrs:
            data[field] = table.get(name, "true") != "false"
    return block("table", data=data, fragments=fragments)


def _number(value: str) -> bool:
    return bool(value) and value.replace(".", "", 1).isdigit()


def _records(
    reader: Reader,
    source: str,
    table: Element,
    columns: list[dict[str, Any]],
    fragments: list[Node],
) -> dict[str, Any]:
    body = table.find("tbody")
    rows = body.elements("tr") if body is not None else []
    records: dict[str, Any] = {}
    for index, row in enumerate(rows):
        values = {}
        for column, td in zip(columns, row.elements("td"), strict=False):
            values[column["id"]] = _value(reader, source, column, td, fragments)
        records[new_key()] = {"orderIndex": _order(index), "values": values}
    return records


def _value(
    reader: Reader, source: str, column: dict[str, Any], td: Element, fragments: list[Node]
) -> Any:
    kind = column["type"]
    content = td.text().strip()
    if kind == "text":
        return _text_cell(cell_blocks(reader, source, td), fragments)
    if kind == "checkbox":
        return content == "true"
    if kind in ("number", "rating"):
        return (float(content) if "." in content else int(content)) if _number(content) else None
    if kind == "select":
        return [span.get("data-option") for span in td.elements("span")]
    links = [(a, reader.ref(a.get("href"))) for a in td.elements("a")]
    if kind in ("files", "users"):
        field = "file" if kind == "files" else "user"
        return [str(ref[field]) for _, ref in links if ref is not None and field in ref]
    if not links or links[0][1] is None:
        return None
    anchor, ref = links[0]
    extra = {
        field: anchor.get(f"data-{field.lower()}")
        for field in ("objectFit", "alt")
        if f"data-{field.lower()}" in anchor.attrs
    }
    # An image cell is always {ref}: a bare file ref matches two branches of the contract's oneOf.
    return {"ref": ref, **extra} if kind == "image" else ref
