"""Valid instances of a contract's schemas: the minimal one (required properties only) and a full one.

`InstanceBuilder` walks a schema, resolving ``$ref``; a `Variant` says whether to fill every
property or only the required ones, how many items arrays get, and which branch of each
``oneOf``/``anyOf`` (and which value of each ``enum``) to take, modulo its width. Cycling
``pick`` from 0 to `InstanceBuilder.widest` takes every branch and value of every union at
least once. Each union's candidate is checked against the union, and the next branch tried
when a minimal instance matches several ``oneOf`` branches.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from tests.support.contract import Contract, ContractViolation

__all__ = ["MAX_PICKS", "InstanceBuilder", "Variant"]

MAX_PICKS = 16
"""At most this many branch choices per operation: enough for every union, and still quick."""

FORMATS: dict[str, str] = {
    "date-time": "2026-01-02T03:04:05.000Z",
    "date": "2026-01-02",
    "uri": "https://docs.acme.test/a",
    "url": "https://docs.acme.test/a",
    "email": "ada@acme.test",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "emoji": "1f600",
    "icon": "book",
}
# Candidates tried, in order, for a string with a pattern.
PATTERN_SAMPLES = (
    "abc",
    "/abc",
    "acme.test",
    "docs.acme.test",
    "docs.acme.test/abc",
    "integration:acme:abc",
    "connection:abc",
    "a-b",
)
# Required but undeclared properties whose value the service sends is known (see _like_siblings).
UNDECLARED: dict[str, dict[str, Any]] = {
    "total": {"type": "integer"},
    "organizaitons": {"type": "array", "items": {"$ref": "#/components/schemas/Organization"}},
}
MAX_DEPTH = 60
MAX_SHIFTS = 4
# Validators of schema nodes by (contract, node) identity; the node is kept so its id stays unique.
_VALIDATORS: dict[tuple[int, int], tuple[dict[str, Any], Any]] = {}
# Instances built for a $ref, by contract, ref, variant, effective pick and whether the ref is
# already being built above (a recursive type is cut there). The whole instance is validated
# by the caller, so a reuse that did not fit its place would show, never pass silently.
_BUILT: dict[tuple[int, str, bool, int, int, bool], tuple[Any, int]] = {}


@dataclass(frozen=True)
class Variant:
    """Which instance to build: every property or only required ones, array length, branch pick."""

    full: bool = False
    items: int = 0
    pick: int = 0

    def __str__(self) -> str:
        return f"{'full' if self.full else 'minimal'}/items={self.items}/pick={self.pick}"


class InstanceBuilder:
    """Builds instances of one contract's schemas; `widest` is the widest union or enum met."""

    def __init__(self, contract: Contract, variant: Variant) -> None:
        self.contract = contract
        self.variant = variant
        self.widest = 1
        self._shift = 0
        self._stack: list[str] = []

    def build(self, node: Any, depth: int = 0) -> Any:
        """A valid instance of ``node`` (a schema, possibly a ``$ref``)."""
        if depth > MAX_DEPTH:
            raise ContractViolation(f"schema nests deeper than {MAX_DEPTH}: {self._stack[-5:]}")
        ref = node.get("$ref") if isinstance(node, dict) else None
        if ref is None:
            return self._build_schema(node, depth)
        v = self.variant
        key = (id(self.contract), ref, v.full, v.items, v.pick + self._shift, ref in self._stack)
        if key in _BUILT:
            instance, widest = _BUILT[key]
        else:
            outer, self.widest = self.widest, 1
            self._stack.append(ref)
            try:
                instance = self.build(self.contract.resolve(node), depth + 1)
            finally:
                self._stack.pop()
            widest, self.widest = self.widest, outer
            _BUILT[key] = (instance, widest)
        self.widest = max(self.widest, widest)
        return copy.deepcopy(instance)

    def _recursing(self) -> bool:
        """True when the current ``$ref`` is already being built further up (a recursive type)."""
        return bool(self._stack) and self._stack.count(self._stack[-1]) > 1

    def _build_schema(self, schema: dict[str, Any], depth: int) -> Any:
        if "allOf" in schema:
            return self._build_all_of(schema, depth)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return self._build_union(schema, schema[key], depth)
        if "enum" in schema:
            values = [v for v in schema["enum"] if v is not None] or schema["enum"]
            return values[self._choose(len(values))]
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), "null")
        if kind == "null":
            return None
        if kind == "object" or "properties" in schema or "additionalProperties" in schema:
            return self._build_object(schema, depth)
        if kind == "array":
            return self._build_array(schema, depth)
        if kind == "string":
            return _string(schema)
        if kind in ("integer", "number"):
            return _number(schema)
        if kind == "boolean":
            return self.variant.full
        return {}

    def _valid(self, schema: dict[str, Any], instance: Any) -> bool:
        """Whether ``instance`` is valid against a schema node of the contract (cached by node)."""
        key = (id(self.contract), id(schema))
        if key not in _VALIDATORS:
            # The contract's own cache keys on the schema's JSON text: too slow for every node.
            _VALIDATORS[key] = (schema, self.contract._validator(schema))
        valid: bool = _VALIDATORS[key][1].is_valid(instance)
        return valid

    def _choose(self, width: int) -> int:
        self.widest = max(self.widest, width)
        return (self.variant.pick + self._shift) % width

    def _build_all_of(self, schema: dict[str, Any], depth: int) -> Any:
        """Merge the parts; when a union inside makes the merge invalid, shift the picks."""
        saved = self._shift
        first: Any = None
        try:
            for shift in range(MAX_SHIFTS):
                self._shift = saved + shift
                merged = self._merge_all_of(schema, depth)
                if shift == 0:
                    first = merged
                if self._valid(schema, merged):
                    return merged
        finally:
            self._shift = saved
        return first

    def _merge_all_of(self, schema: dict[str, Any], depth: int) -> Any:
        merged: Any = None
        for part in schema["allOf"]:
            value = self.build(part, depth + 1)
            if isinstance(merged, dict) and isinstance(value, dict):
                merged = {**merged, **value}
            else:
                merged = value
        rest = {k: v for k, v in schema.items() if k != "allOf"}
        if rest.get("properties") or rest.get("required"):
            extra = self._build_object(rest, depth)
            merged = {**(merged or {}), **extra}
        return merged

    def _build_union(self, schema: dict[str, Any], branches: list[Any], depth: int) -> Any:
        start = self._choose(len(branches))
        first: Any = None
        for offset in range(len(branches)):
            candidate = self.build(branches[(start + offset) % len(branches)], depth + 1)
            if offset == 0:
                first = candidate
            if self._valid(schema, candidate):
                return candidate
        return first

    def _build_object(self, schema: dict[str, Any], depth: int) -> dict[str, Any]:
        properties: dict[str, Any] = schema.get("properties", {})
        required = list(schema.get("required", []))
        full = self.variant.full and not self._recursing()
        names = list(properties) if full else required
        names += [n for n in required if n not in names]
        result: dict[str, Any] = {}
        for name in names:
            prop = properties.get(name) or _like_siblings(properties, name)
            if isinstance(prop, dict) and prop.get("writeOnly"):
                continue
            result[name] = self.build(prop, depth + 1)
        optional = [n for n in properties if n not in result]
        while len(result) < schema.get("minProperties", 0) and optional:
            name = optional.pop(0)
            result[name] = self.build(properties[name], depth + 1)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not self._recursing():
            names_schema = self.contract.resolve(schema.get("propertyNames", {}))
            keys = iter(names_schema.get("enum") or (f"entry{n}" for n in range(1000)))
            added = 0
            while len(result) < schema.get("minProperties", 0) or (
                self.variant.items and not added
            ):
                result[str(next(keys))] = self.build(extra, depth + 1)
                added += 1
        return result

    def _build_array(self, schema: dict[str, Any], depth: int) -> list[Any]:
        count = max(schema.get("minItems", 0), 0 if self._recursing() else self.variant.items)
        count = min(count, schema.get("maxItems", count))
        return [self.build(schema.get("items", {}), depth + 1) for _ in range(count)]


def _like_siblings(properties: dict[str, Any], name: str) -> dict[str, Any]:
    """A schema for a required property the contract does not describe: its siblings' type.

    The contract sometimes requires a property it never declares (``urls.location``,
    ``permissions.react``, a list's ``total``, the misspelt ``organizaitons``); any value is
    valid there, so take the likeliest one: a known one by name, else the siblings' type.
    """
    if name in UNDECLARED:
        return UNDECLARED[name]
    kinds = [p.get("type") for p in properties.values() if isinstance(p, dict)]
    plain = [k for k in kinds if k in ("boolean", "string", "integer", "number")]
    return {"type": max(set(plain), key=plain.count) if plain else "string"}


def _string(schema: dict[str, Any]) -> str:
    value = FORMATS.get(str(schema.get("format")), "abc")
    pattern = schema.get("pattern")
    if pattern is not None:
        value = next((s for s in PATTERN_SAMPLES if re.search(pattern, s)), value)
    minimum = schema.get("minLength", 0)
    if len(value) < minimum:
        value = value + "x" * (minimum - len(value))
    return value[: schema.get("maxLength", len(value))]


def _number(schema: dict[str, Any]) -> int:
    value = schema.get("minimum", 1)
    return int(min(value, schema.get("maximum", value)))
