"""What a node's ``data`` may hold, as the live contract has it: the one table of allowed values
(hint styles, button kinds, ...), string fields and required fields that the MCP server's write
checks and the local workspace both read; `data_problems` names each field of a document that
breaks it, by path (``nodes[3].data.style``), with the allowed values.

A test keeps every row equal to the vendored live contract (`DocumentBlock*`, `DocumentInline*`
and `DocumentMark*` schemas).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gitbook_mcp.document.nodes import walk

__all__ = ["DATA_RULES", "HINT_STYLES", "DataRule", "data_problems"]

_COLORS = (
    "default",
    "green",
    "blue",
    "red",
    "orange",
    "yellow",
    "purple",
    "pink",
    "violet",
    "cyan",
    "$primary",
    "$info",
    "$success",
    "$warning",
    "$danger",
    "$tint",
)


@dataclass(frozen=True)
class DataRule:
    """One node type's ``data``: the fields it requires, those with a closed set of values, and
    those that must be strings."""

    required: tuple[str, ...] = ()
    values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    strings: tuple[str, ...] = ()


HINT_STYLES: tuple[str, ...] = ("info", "warning", "danger", "success")
"""GitBook's hint styles (``{% hint style="..." %}``); there is no ``tip``."""

DATA_RULES: Mapping[str, DataRule] = {
    # blocks
    "paragraph": DataRule(values={"align": ("start", "center", "end")}),
    "hint": DataRule(("style",), {"style": HINT_STYLES}, ("icon",)),
    "code": DataRule(values={"overflow": ("scroll", "wrap")}, strings=("syntax", "title")),
    "column": DataRule(values={"verticalAlignment": ("top", "middle", "bottom")}),
    "content-ref": DataRule(("ref",)),
    "embed": DataRule(("url",), strings=("url",)),
    "file": DataRule(("ref",)),
    "if": DataRule(("expression",), strings=("expression",)),
    "image": DataRule(("ref",), strings=("alt",)),
    "images": DataRule(values={"align": ("center", "left", "right")}),
    "integration": DataRule(
        ("integration", "block", "props"), strings=("integration", "block", "url")
    ),
    "math": DataRule(("formula",), strings=("formula",)),
    "swagger": DataRule(("path", "method", "ref"), strings=("path", "method")),
    "openapi-operation": DataRule(("path", "method", "ref"), strings=("path", "method")),
    "openapi-schemas": DataRule(("ref", "schemas"), strings=("title",)),
    "openapi-webhook": DataRule(("name", "method", "ref"), strings=("name", "method")),
    "prompt": DataRule(
        ("description",),
        {"defaultExpanded": ("hidden", "partial", "full")},
        ("description", "icon"),
    ),
    "reusable-content": DataRule(("ref",)),
    "table": DataRule(("view", "records", "definition")),
    "update": DataRule(("date",), strings=("date",)),
    "updates": DataRule(("format",), {"format": ("numeric", "full", "short")}),
    # inlines
    "button": DataRule(
        ("label", "kind"),
        {"kind": ("primary", "secondary"), "size": ("small", "medium", "large")},
        ("label", "icon"),
    ),
    "emoji": DataRule(("code",), strings=("code",)),
    "expression": DataRule(("expression",), strings=("expression",)),
    "icon": DataRule(("icon",), {"color": _COLORS}, ("icon",)),
    "inline-image": DataRule(("ref",), {"size": ("original", "line")}, ("caption", "alt")),
    "link": DataRule(("ref",)),
    "inline-math": DataRule(("formula",), strings=("formula",)),
    "mention": DataRule(("ref",)),
    # marks
    "color": DataRule(("text", "background"), {"text": _COLORS, "background": _COLORS}),
}
"""Per node type (block, inline or mark), what its ``data`` must hold."""


def data_problems(document: Mapping[str, Any], limit: int = 20) -> list[str]:
    """Each field of ``document`` that breaks `DATA_RULES` (at most ``limit``), as
    ``nodes[3].data.style: 'tip' is not allowed; allowed: info, warning, danger, success``."""
    out: list[str] = []
    for node, pointer in walk(document):
        where = _path(pointer)
        out += _problems(node, where)
        for index, leaf in enumerate(node.get("leaves") or ()):
            for number, mark in enumerate(
                leaf.get("marks") or () if isinstance(leaf, dict) else ()
            ):
                if isinstance(mark, dict):
                    out += _problems(mark, f"{where}.leaves[{index}].marks[{number}]")
        if len(out) >= limit:
            break
    return out[:limit]


def _problems(node: Mapping[str, Any], where: str) -> list[str]:
    rule = DATA_RULES.get(str(node.get("type")))
    if rule is None or node.get("object") not in ("block", "inline", "mark"):
        return []
    data = node.get("data")
    prefix = f"{where}.data" if where else "data"
    if not isinstance(data, Mapping):
        return (
            [f"{prefix}: a {node.get('type')} needs data ({', '.join(rule.required)})"]
            if rule.required
            else []
        )
    out = [
        f"{prefix}.{name}: a {node.get('type')} needs it"
        for name in rule.required
        if name not in data
    ]
    for name, allowed in rule.values.items():
        if name in data and data[name] not in allowed:
            out.append(
                f"{prefix}.{name}: {data[name]!r} is not allowed; allowed: {', '.join(allowed)}"
            )
    out += [
        f"{prefix}.{name}: must be a string, not {type(data[name]).__name__}"
        for name in rule.strings
        if name in data and not isinstance(data[name], str)
    ]
    return out


def _path(pointer: str) -> str:
    """``/nodes/3/nodes/0`` as ``nodes[3].nodes[0]``."""
    out = ""
    for part in pointer.split("/")[1:]:
        out += f"[{part}]" if part.isdigit() else (f".{part}" if out else part)
    return out
