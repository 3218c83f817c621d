"""The schemas of ``tools/list``: every byte there costs the agent context.

Pydantic's schemas carry auto-generated ``title`` keys, ``anyOf [X, null]`` for optional
fields and ``default: null``. An optional argument is simply absent from ``required``, so these
say nothing an agent needs; `slim` removes them, keeping the meaning and roughly halving the
size. Arguments are still validated against the full pydantic models.

`output_schema` is a tool's typed ``outputSchema``, from the model its handler returns (served
with ``--output-schemas full``): every field's type, nested objects and arrays with their items,
enums; a field the result may leave out is absent from ``required`` (results are dumped without
their ``None`` fields, so no property is ever ``null``).

`listed_input_schema`, `input_schema` and `listed_output_schema` build each model's schema once
per process (pydantic generates it anew on each call, about 10 ms a tool) and hand each caller
its own copy: every server built (each test's, each caller's) lists the same models.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from mcp.types import ToolAnnotations
from pydantic import BaseModel

__all__ = [
    "inline_defs",
    "input_schema",
    "listed_hints",
    "listed_input_schema",
    "listed_output_schema",
    "output_schema",
    "slim",
]

_DEFAULT_HINTS = {"read_only_hint": False, "idempotent_hint": False, "open_world_hint": True}
"""Tool hints whose value is the protocol's default when absent: listing them says nothing."""
_INPUT_ONLY = frozenset(
    {"title", "default", "minLength", "maxLength", "minItems", "maxItems", "pattern"}
)
"""What says nothing about a result: titles, defaults and the checks of an argument."""
_NULL = {"type": "null"}


def _walk(schema: Any, node: Callable[[dict[str, Any]], Any]) -> Any:
    """``node`` applied to each object of ``schema``, through lists; other values kept."""
    if isinstance(schema, list):
        return [_walk(item, node) for item in schema]
    return node(schema) if isinstance(schema, dict) else schema


def slim(schema: Any) -> Any:
    """A copy of ``schema`` without titles, null alternatives of optional fields, null defaults."""
    return _walk(schema, _slim)


def _slim(schema: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and not isinstance(value, dict):
            continue
        if key == "default" and value is None:
            continue
        if key in ("properties", "$defs") and isinstance(value, dict):
            out[key] = {name: _without_echo(name, slim(prop)) for name, prop in value.items()}
            continue
        out[key] = slim(value)
    if out.get("minLength") == 1:
        del out["minLength"]
    if out.get("minimum") in (0, 1) and out.get("type") == "integer":
        del out["minimum"]
    if "enum" in out and out.get("type") == "string":
        del out["type"]
    if out.get("default") is False:
        del out["default"]
    variants = out.get("anyOf")
    if isinstance(variants, list):
        kept = [v for v in variants if v != _NULL]
        if len(kept) == 1 and len(kept) < len(variants):
            del out["anyOf"]
            out = {**kept[0], **out}
    return out


_PREVIEW: dict[str, Any] = {
    "type": "object",
    "properties": {k: {"type": "string"} for k in ("confirm", "state", "will", "next_step")},
    "required": ["confirm", "state", "will", "next_step"],
}
"""What a confirmed step answers before it is confirmed (`gitbook_mcp.server.calls.confirm`)."""


def output_schema(model: type[BaseModel], *, confirmed: bool = False) -> dict[str, Any]:
    """The typed ``outputSchema`` of a tool returning ``model``: ``$defs`` inlined, titles,
    defaults and argument checks left out, and descriptions that only repeat a field's name.
    ``confirmed``: the tool first answers a confirmation preview, a normal result, so either."""
    typed: dict[str, Any] = _typed(inline_defs(model.model_json_schema(mode="serialization")))
    if confirmed:
        return {"type": "object", "anyOf": [typed, _PREVIEW]}
    return typed


def _typed(schema: Any) -> Any:
    """An output schema's node, typed and compact (see `output_schema`)."""
    return _walk(schema, _typed_object)


def _typed_object(schema: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _INPUT_ONLY or key == "required":
            continue
        if key == "properties" and isinstance(value, dict):
            # A model's None fields are left out of its result: absent, never null.
            fields = {name: _without_echo(name, prop) for name, prop in value.items()}
            out[key] = {name: _typed(_without_null(prop)) for name, prop in fields.items()}
            if always := [name for name, prop in fields.items() if not _nullable(prop)]:
                out["required"] = always
            continue
        out[key] = _typed(value)
    if out.get("additionalProperties") is True:
        del out["additionalProperties"]  # any object: "type" says it
    if "enum" in out and out.get("type") == "string":
        del out["type"]
    variants = out.get("anyOf")
    if isinstance(variants, list) and _NULL in variants and len(variants) == 2:
        kept = next(v for v in variants if v != _NULL)
        if set(kept) == {"type"} and isinstance(kept["type"], str):
            del out["anyOf"]
            out["type"] = [kept["type"], "null"]
    return out


def _nullable(schema: Any) -> bool:
    variants = schema.get("anyOf") if isinstance(schema, dict) else None
    return isinstance(variants, list) and _NULL in variants


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    """``anyOf [X, null]`` as ``X`` (the field is optional; its siblings, a description, kept)."""
    variants = schema.get("anyOf")
    if not isinstance(variants, list):
        return schema
    kept = [v for v in variants if v != _NULL]
    if len(kept) == len(variants):
        return schema
    rest = {k: v for k, v in schema.items() if k != "anyOf"}
    if len(kept) == 1:
        return {**kept[0], **rest}
    return {**rest, "anyOf": kept}


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


def inline_defs(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace ``$ref`` to ``$defs`` with the definition itself (no recursion in our models)."""
    defs = schema.get("$defs")
    if not isinstance(defs, dict):
        return schema

    def resolve(node: dict[str, Any]) -> Any:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
            return _walk(defs[ref.removeprefix("#/$defs/")], resolve)
        return {k: _walk(v, resolve) for k, v in node.items()}

    return {k: _walk(v, resolve) for k, v in schema.items() if k != "$defs"}


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model.model_json_schema()``, a fresh copy of the one built for the process."""
    return dict(json.loads(_input_text(model)))


def listed_input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A tool's listed input schema: slimmed (`slim`), ``$defs`` inlined, and without the
    object's own ``additionalProperties`` (an unknown argument is refused by name)."""
    return dict(json.loads(_listed_input_text(model)))


def listed_output_schema(model: type[BaseModel], *, confirmed: bool = False) -> dict[str, Any]:
    """`output_schema`, a fresh copy of the one built for the process."""
    return dict(json.loads(_output_text(model, confirmed)))


@cache
def _input_text(model: type[BaseModel]) -> str:
    return json.dumps(model.model_json_schema())


@cache
def _listed_input_text(model: type[BaseModel]) -> str:
    schema = slim(inline_defs(json.loads(_input_text(model))))
    schema.pop("additionalProperties", None)
    return json.dumps(schema)


@cache
def _output_text(model: type[BaseModel], confirmed: bool) -> str:
    return json.dumps(output_schema(model, confirmed=confirmed))
