"""Comparison of documents up to what the markdown round trip may change: node keys, computed
``meta``, the ids a table gets on import (columns, records, cell fragments), and how text is
split into text nodes and leaves (adjacent runs with the same marks merge)."""

from __future__ import annotations

import json
from typing import Any


def _marks(marks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(marks, key=lambda m: json.dumps(m, sort_keys=True))


def _inlines(nodes: list[Any]) -> list[Any]:
    out: list[Any] = []
    for node in nodes:
        if node.get("object") != "text":
            out.append(canonical(node))
            continue
        for leaf in node.get("leaves", []):
            if not leaf.get("text"):
                continue
            marks = _marks(leaf.get("marks", []))
            last = out[-1] if out else None
            if last is not None and last.get("object") == "leaf" and last["marks"] == marks:
                last["text"] += leaf["text"]
            else:
                out.append({"object": "leaf", "text": leaf["text"], "marks": marks})
    return out


def _table(node: dict[str, Any]) -> dict[str, Any]:
    data = node["data"]
    view = dict(data["view"])
    definition = data["definition"]
    visible = list(view.get("columns", []))
    order = visible + [c for c in definition if c not in visible]
    names = {cid: f"col{index}" for index, cid in enumerate(order)}
    records = sorted(data["records"].items(), key=lambda item: (item[1]["orderIndex"], item[0]))
    fragments = {f.get("fragment"): f for f in node.get("fragments", [])}
    new_records: dict[str, Any] = {}
    new_fragments: list[Any] = []
    for rindex, (_, record) in enumerate(records):
        values = {}
        for cid, value in record["values"].items():
            column = definition[cid]
            if column["type"] == "text" and value is not None:
                name = f"cell{rindex}-{names[cid]}"
                frag = dict(fragments[value])
                frag["fragment"] = name
                new_fragments.append(canonical(frag))
                value = name
            values[names[cid]] = value
        new_records[f"row{rindex}"] = {"orderIndex": rindex, "values": values}
    for field in ("targetDefinition", "coverDefinition", "coverDefinitionDark"):
        if field in view:
            view[field] = names[view[field]]
    view["columns"] = [names[c] for c in visible]
    if "columnWidths" in view:
        view["columnWidths"] = {names[k]: v for k, v in view["columnWidths"].items()}
    new_def = {names[cid]: {**col, "id": names[cid]} for cid, col in definition.items()}
    out = {k: v for k, v in node.items() if k not in ("key", "meta", "fragments", "data")}
    out["data"] = {**data, "view": view, "definition": new_def, "records": new_records}
    out["fragments"] = sorted(new_fragments, key=lambda f: f["fragment"])
    return out


def canonical(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` without keys and meta, with text merged and table ids renumbered."""
    if node.get("type") == "table" and node.get("object") == "block":
        return _table(node)
    out: dict[str, Any] = {}
    for field, value in node.items():
        if field in ("key", "meta"):
            continue
        if field == "nodes":
            out[field] = _inlines(value)
        elif field == "fragments":
            out[field] = [canonical(f) for f in value]
        else:
            out[field] = value
    return out
