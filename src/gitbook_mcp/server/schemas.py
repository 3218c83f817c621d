"""Slim JSON schemas for ``tools/list``: every byte there costs the agent context.

Pydantic's schemas carry auto-generated ``title`` keys, ``anyOf [X, null]`` for optional
fields and ``default: null``. An optional field is simply absent from ``required``, so these
say nothing an agent needs; removing them keeps the meaning and roughly halves the size.
Arguments are still validated against the full pydantic models.
"""

from __future__ import annotations

from typing import Any

from mcp.types import ToolAnnotations

__all__ = ["inline_defs", "listed_hints", "slim"]

_DEFAULT_HINTS = {"read_only_hint": False, "idempotent_hint": False, "open_world_hint": True}
"""Tool hints whose value is the protocol's default when absent: listing them says nothing."""


def slim(schema: Any, *, output: bool = False, root: bool = True) -> Any:
    """A copy of ``schema`` without titles, null alternatives of optional fields, null defaults.

    For an output schema (``output=True``) defaults are dropped too (they describe inputs), and
    nested objects keep their field names without scalar types: the values in
    ``structuredContent`` show those, and every byte of ``tools/list`` costs the agent context.
    """
    if isinstance(schema, list):
        return [slim(item, output=output, root=False) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and not isinstance(value, dict):
            continue
        if key == "default" and (value is None or output):
            continue
        if key in ("properties", "$defs") and isinstance(value, dict):
            out[key] = {
                name: _without_echo(name, slim(prop, output=output, root=False))
                for name, prop in value.items()
            }
            continue
        out[key] = slim(value, output=output, root=False)
    if output and "properties" in out:
        if not root:
            out.pop("type", None)
            out.pop("required", None)
        out["properties"] = {
            name: ({} if _scalar(prop) else prop) for name, prop in out["properties"].items()
        }
    if out.get("minLength") == 1:
        del out["minLength"]
    if out.get("minimum") in (0, 1) and out.get("type") == "integer":
        del out["minimum"]
    if output and root:
        out.pop("required", None)
    if output and not root and ("items" in out or "additionalProperties" in out):
        out.pop("type", None)  # "items" says array, "additionalProperties" says object
    if "enum" in out and out.get("type") == "string":
        del out["type"]
    if out.get("default") is False:
        del out["default"]
    variants = out.get("anyOf")
    if isinstance(variants, list):
        kept = [v for v in variants if v != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(variants):
            del out["anyOf"]
            merged = dict(kept[0])
            merged.update(out)
            out = merged
    return out


def listed_hints(hints: ToolAnnotations | None) -> ToolAnnotations | None:
    """The hints without those at the protocol's default (``destructiveHint`` always stays)."""
    if hints is None:
        return None
    kept = {
        name: value
        for name, value in hints.model_dump(exclude_none=True).items()
        if _DEFAULT_HINTS.get(name, not value) != value
    }
    return ToolAnnotations(**kept) if kept else None


def _without_echo(name: str, prop: Any) -> Any:
    """A property without a description that only repeats its name ("Space id" for space_id)."""
    about = prop.get("description") if isinstance(prop, dict) else None
    if isinstance(about, str) and about.lower() == name.replace("_", " "):
        return {k: v for k, v in prop.items() if k != "description"}
    return prop


def _scalar(schema: Any) -> bool:
    """A plain string, number or boolean field (nested output fields keep only their names)."""
    return (
        isinstance(schema, dict)
        and schema.get("type") in ("string", "integer", "number", "boolean")
        and len(schema) <= 2
    )


def inline_defs(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace ``$ref`` to ``$defs`` with the definition itself (no recursion in our models)."""
    defs = schema.get("$defs")
    if not isinstance(defs, dict):
        return schema

    def resolve(node: Any) -> Any:
        if isinstance(node, list):
            return [resolve(item) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
            return resolve(defs[ref.removeprefix("#/$defs/")])
        return {k: resolve(v) for k, v in node.items()}

    return {k: resolve(v) for k, v in schema.items() if k != "$defs"}
