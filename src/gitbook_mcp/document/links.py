"""Every field of a document that carries a link (reference section 7.1), as neutral records:
the node type, the ref (a ``ContentRef``; bare URLs and ids are wrapped in one), the JSON
pointer of the field, and the text a reader sees."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.document.nodes import plain_text, walk

__all__ = ["LinkField", "document_links", "is_http_url"]

_REF_FIELDS = {
    "link": ("ref",),
    "mention": ("ref",),
    "button": ("ref",),
    "content-ref": ("ref",),
    "image": ("ref", "refDark"),
    "inline-image": ("ref", "refDark"),
    "drawing": ("ref",),
    "file": ("ref",),
    "swagger": ("ref",),
    "openapi-operation": ("ref",),
    "openapi-schemas": ("ref",),
    "openapi-webhook": ("ref",),
    "reusable-content": ("ref",),
}
_CELL_KINDS = {"files": ("file", "file"), "users": ("user", "user")}


@dataclass(frozen=True)
class LinkField:
    """One link of a document. ``pointer`` addresses the ref (or the URL string) in the
    document; ``wrapped`` is true when the document holds a bare URL or id that ``ref`` wraps."""

    node_type: str
    ref: Mapping[str, Any]
    pointer: str
    text: str
    wrapped: bool = False


def is_http_url(value: object) -> bool:
    """Whether a schema-free value (an integration prop) is an http(s) URL worth checking."""
    return isinstance(value, str) and value.startswith(("http://", "https://")) and " " not in value


def document_links(doc: Mapping[str, Any]) -> Iterator[LinkField]:
    """Every link of ``doc`` in document order, fragments included (captions, expandables,
    annotation bodies, table cells)."""
    for node, path in walk(doc):
        kind = str(node.get("type", ""))
        data = node.get("data")
        if not isinstance(data, Mapping):
            continue
        label: str | None = None  # the text a reader sees, worked out once a link is found
        for field in _REF_FIELDS.get(kind, ()):
            ref = data.get(field)
            if isinstance(ref, Mapping):
                label = _label(node, kind, data) if label is None else label
                yield LinkField(kind, ref, f"{path}/data/{field}", label)
        if kind == "embed" and isinstance(data.get("url"), str):
            yield _url(kind, data["url"], f"{path}/data/url", _label(node, kind, data))
        elif kind == "integration":
            yield from _integration(data, path)
        elif kind == "update":
            yield from _tags(data, path)
        elif kind == "table":
            yield from _table(data, path)


def _label(node: Mapping[str, Any], kind: str, data: Mapping[str, Any]) -> str:
    if kind == "button":
        return str(data.get("label", ""))
    if kind in ("image", "inline-image"):
        return str(data.get("alt") or data.get("caption") or "")
    return plain_text(node)


def _url(kind: str, url: str, pointer: str, text: str = "") -> LinkField:
    return LinkField(kind, {"kind": "url", "url": url}, pointer, text, wrapped=True)


def _integration(data: Mapping[str, Any], path: str) -> Iterator[LinkField]:
    if isinstance(data.get("url"), str):
        yield _url("integration", data["url"], f"{path}/data/url")
    props = data.get("props")
    if isinstance(props, Mapping):
        for name, value in props.items():
            if is_http_url(value):
                yield _url("integration", value, f"{path}/data/props/{_escape(name)}")
    action = data.get("action")
    if isinstance(action, Mapping) and isinstance(action.get("url"), str):
        yield _url("integration", action["url"], f"{path}/data/action/url")


def _tags(data: Mapping[str, Any], path: str) -> Iterator[LinkField]:
    tags = data.get("tags")
    if isinstance(tags, list):
        for index, tag in enumerate(tags):
            if isinstance(tag, Mapping):
                yield LinkField("update", tag, f"{path}/data/tags/{index}", str(tag.get("tag", "")))


def _table(data: Mapping[str, Any], path: str) -> Iterator[LinkField]:
    definition = data.get("definition")
    records = data.get("records")
    if not isinstance(definition, Mapping) or not isinstance(records, Mapping):
        return
    for record_id, record in records.items():
        values = record.get("values") if isinstance(record, Mapping) else None
        if not isinstance(values, Mapping):
            continue
        for column, value in values.items():
            column_def = definition.get(column)
            column_type = column_def.get("type") if isinstance(column_def, Mapping) else None
            where = f"{path}/data/records/{_escape(record_id)}/values/{_escape(column)}"
            yield from _cell(str(column_type), value, where)


def _cell(column_type: str, value: Any, where: str) -> Iterator[LinkField]:
    if column_type == "content-ref" and isinstance(value, Mapping):
        yield LinkField("table", value, where, "")
    elif column_type in _CELL_KINDS and isinstance(value, list):
        kind, field = _CELL_KINDS[column_type]
        for index, ident in enumerate(value):
            if isinstance(ident, str):
                yield LinkField("table", {"kind": kind, field: ident}, f"{where}/{index}", "", True)
    elif column_type == "image" and isinstance(value, Mapping):
        inner = value.get("ref")
        if isinstance(inner, Mapping):
            yield LinkField("table", inner, f"{where}/ref", str(value.get("alt", "")))
        elif "kind" in value:
            yield LinkField("table", value, where, "")


def _escape(part: object) -> str:
    return str(part).replace("~", "~0").replace("/", "~1")
