"""A JSON document back to markdown: the inverse of `documents.markdown_document`.

Link nodes are written from their ``ref``: a page as ``/pages/<id>`` (with ``#anchor`` for an
anchor), a file as ``/files/<id>``, a space as its app URL and a URL as itself; the content batch
then resolves these forms against the page tree, so a document read, edited and sent back keeps
every link it did not touch.
"""

from __future__ import annotations

from typing import Any

from gitbook_mcp.local.errors import Invalid, an_object

__all__ = ["document_markdown", "ref_href"]

APP_SPACE_URL = "https://app.gitbook.com/s/"


def ref_href(ref: Any, field: str) -> str:
    """The markdown target of a link's ``ref``; ``field`` names it in a 400 when it is wrong."""
    ref = an_object(field, ref)
    kind = ref.get("kind")
    value = {"page": "page", "file": "file", "url": "url", "space": "space", "anchor": "anchor"}
    key = value.get(kind if isinstance(kind, str) else "")
    target = ref.get(key) if key else None
    if not isinstance(target, str) or not target:
        raise Invalid(field, "must be a page, anchor, file, url or space reference")
    if kind == "page":
        return f"/pages/{target}"
    if kind == "file":
        return f"/files/{target}"
    if kind == "space":
        return APP_SPACE_URL + target
    if kind == "anchor":
        page = ref.get("page")
        return f"/pages/{page}#{target}" if isinstance(page, str) and page else f"#{target}"
    return target


def _inline(nodes: Any, field: str) -> str:
    """The markdown of a block's inline children (text leaves and link nodes)."""
    if not isinstance(nodes, list):
        raise Invalid(field, "must be an array")
    out: list[str] = []
    for index, node in enumerate(nodes):
        where = f"{field}[{index}]"
        node = an_object(where, node)
        if node.get("object") == "text":
            leaves = node.get("leaves") or []
            out.append(
                "".join(str(leaf.get("text", "")) for leaf in leaves if isinstance(leaf, dict))
            )
        elif node.get("object") == "inline" and node.get("type") == "link":
            href = ref_href((node.get("data") or {}).get("ref"), where + ".data.ref")
            out.append(f"[{_inline(node.get('nodes', []), where + '.nodes')}]({href})")
        elif node.get("object") == "inline":
            out.append(_inline(node.get("nodes", []), where + ".nodes"))
        else:
            out.append(_inline(node.get("nodes", []), where + ".nodes"))
    return "".join(out)


def _list(block: dict[str, Any], field: str) -> str:
    ordered = block.get("type") == "list-ordered"
    start = int((block.get("data") or {}).get("start", 1)) if ordered else 1
    lines = []
    for index, item in enumerate(block.get("nodes") or []):
        where = f"{field}.nodes[{index}]"
        children = item.get("nodes") if isinstance(item, dict) else None
        text = " ".join(
            _block(child, f"{where}.nodes[{n}]") for n, child in enumerate(children or [])
        )
        lines.append(f"{start + index}. {text}" if ordered else f"- {text}")
    return "\n".join(lines)


def _block(block: Any, field: str) -> str:
    """The markdown of one block."""
    block = an_object(field, block)
    kind = str(block.get("type", ""))
    nodes = block.get("nodes", [])
    if kind.startswith("heading-") and kind[-1:].isdigit():
        return "#" * int(kind[-1]) + " " + _inline(nodes, field + ".nodes")
    if kind in ("list-unordered", "list-ordered"):
        return _list(block, field)
    if kind == "code":
        syntax = (block.get("data") or {}).get("syntax", "")
        lines = [_inline(line.get("nodes", []), field) for line in nodes if isinstance(line, dict)]
        return "\n".join([f"```{syntax}", *lines, "```"])
    if kind == "divider":
        return "---"
    if block.get("object") == "block" and nodes and nodes[0].get("object") == "block":
        return "\n\n".join(_block(child, f"{field}.nodes[{n}]") for n, child in enumerate(nodes))
    return _inline(nodes, field + ".nodes")


def document_markdown(document: Any, field: str = "document") -> str:
    """The markdown of a JSON document (blocks separated by a blank line)."""
    if not isinstance(document, dict) or not isinstance(document.get("nodes", []), list):
        raise Invalid(field, "must be a JSON document with nodes")
    blocks = [_block(b, f"{field}.nodes[{n}]") for n, b in enumerate(document.get("nodes", []))]
    return "\n\n".join(blocks) + ("\n" if blocks else "")
