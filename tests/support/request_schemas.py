"""Derive the compact request-body schemas the local workspace ships from the vendored contracts.

The package cannot read ``tests/contract/`` at run time, so each profile's request bodies are
cut out of its contract, with the component schemas they reach, into one JSON Schema 2020-12
file (`gitbook_mcp.local.http.contract_bodies.SCHEMA_FILE`). What is dropped changes no
verdict (descriptions, titles, examples, formats, ``discriminator``); OpenAPI 3.0's
``nullable`` becomes a ``null`` type; a ``oneOf`` whose branches are told apart by one required
property (``type``, ``object``, ``operation``) becomes a dispatch on that property, so that an
error names the offending field of the one branch meant (``nodes[3].data.style``) instead of "not
valid under any of the given schemas"; and the contract's listed defects
(`gitbook_mcp.local.http.contract_bodies.CONTRACT_DEFECTS`) are relaxed where they lie.

Regenerate: ``UPDATE_REQUEST_SCHEMAS=1 python -m pytest tests/contract/test_request_schemas.py``.
"""

from __future__ import annotations

import json
from typing import Any

from gitbook_mcp.api import PROFILES, Profile
from gitbook_mcp.local.http.contract_bodies import CONTRACT_DEFECTS
from tests.support.contract import CONTRACT_FILES

__all__ = ["derive", "derived_text"]

_DROPPED = frozenset(
    {
        "description",
        "title",
        "example",
        "examples",
        "deprecated",
        "format",
        "discriminator",
        "default",
        "readOnly",
        "writeOnly",
        "externalDocs",
        "xml",
    }
)
_COMPONENT = "#/components/schemas/"


class _Deriver:
    """One profile's contract: the bodies, and the components they reach, derived."""

    def __init__(self, document: dict[str, Any], profile: Profile) -> None:
        self.components: dict[str, Any] = document["components"]["schemas"]
        self.openapi30 = str(document["openapi"]).startswith("3.0")
        self.profile = profile
        self.defs: dict[str, Any] = {}
        self._queue: list[str] = []

    def component(self, name: str) -> Any:
        """A component schema, with the listed defects of this profile relaxed."""
        schema = self.components[name]
        for defect in CONTRACT_DEFECTS:
            if defect.profile == self.profile and defect.schema == name:
                schema = defect.relax(schema)
        return schema

    def ref(self, ref: str) -> dict[str, Any]:
        name = ref.removeprefix(_COMPONENT)
        if name not in self.defs and name not in self._queue:
            self._queue.append(name)
        return {"$ref": f"#/$defs/{name}"}

    def drain(self) -> None:
        while self._queue:
            name = self._queue.pop(0)
            self.defs[name] = None  # reserved: a cycle refers to it by name
            self.defs[name] = self.schema(self.component(name), f"{name}")

    def schema(self, node: Any, where: str) -> Any:
        if isinstance(node, list):
            return [self.schema(item, where) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return self.ref(node["$ref"])
        if "oneOf" in node:
            branches = node["oneOf"]
            dispatch = self.dispatch(branches, where) or self.by_presence(branches, where)
            if dispatch is not None:
                return dispatch
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _DROPPED or key.startswith("x-") or key == "nullable":
                continue
            if key == "properties":
                out[key] = {p: self.schema(v, f"{where}.{p}") for p, v in value.items()}
            elif key in ("items", "additionalProperties", "not", "propertyNames"):
                out[key] = self.schema(value, f"{where}[]" if key == "items" else where)
            elif key in ("allOf", "oneOf", "anyOf"):
                out[key] = [self.schema(v, f"{where}/{key}{i}") for i, v in enumerate(value)]
            else:
                out[key] = value
        if self.openapi30 and node.get("nullable") is True:
            out = _nullable(out)
        return out

    # -- a oneOf told apart by one property --------------------------------------------------

    def resolve(self, node: Any) -> dict[str, Any]:
        while isinstance(node, dict) and "$ref" in node:
            node = self.component(node["$ref"].removeprefix(_COMPONENT))
        return node if isinstance(node, dict) else {}

    def is_object(self, node: Any) -> bool:
        node = self.resolve(node)
        if node.get("type") == "object":
            return True
        for key in ("oneOf", "anyOf"):
            if key in node:
                return all(self.is_object(b) for b in node[key])
        return any(self.is_object(m) for m in node.get("allOf", ()))

    def values(self, node: Any, prop: str) -> frozenset[str] | None:
        """The values ``prop`` may take in ``node`` when it is required and enumerated there."""
        node = self.resolve(node)
        for key in ("oneOf", "anyOf"):
            if key in node:
                sets = [self.values(b, prop) for b in node[key]]
                if any(s is None for s in sets):
                    return None
                return frozenset().union(*(s for s in sets if s is not None))
        own = node.get("properties", {}).get(prop)
        if own is not None and prop in node.get("required", ()):
            enum = self.resolve(own).get("enum")
            if isinstance(enum, list) and enum and all(isinstance(v, str) for v in enum):
                return frozenset(enum)
        for member in node.get("allOf", ()):
            found = self.values(member, prop)
            if found is not None:
                return found
        return None

    def dispatch(self, branches: list[Any], where: str) -> dict[str, Any] | None:
        if not all(self.is_object(b) for b in branches):
            return None
        for prop in ("type", "object", "operation", "kind"):
            sets = [self.values(b, prop) for b in branches]
            if any(s is None for s in sets):
                continue
            known = [s for s in sets if s is not None]
            if sum(len(s) for s in known) != len(frozenset().union(*known)):
                continue  # two branches share a value: not told apart by this property
            return {
                "type": "object",
                "required": [prop],
                "properties": {prop: {"enum": sorted(frozenset().union(*known))}},
                "allOf": [
                    {
                        "if": {"properties": {prop: {"enum": sorted(s)}}},
                        "then": self.schema(b, f"{where}/{prop}={'|'.join(sorted(s))}"),
                    }
                    for s, b in zip(known, branches, strict=True)
                ],
            }
        return None

    def by_presence(self, branches: list[Any], where: str) -> dict[str, Any] | None:
        """A ``oneOf`` whose branches each require a key no other branch declares (one branch
        at most requiring none: the rest): the branch of the key present is checked alone, as
        the ``oneOf`` would pick it; with two keys present, or none and no rest, the ``oneOf``
        as written."""
        if len(branches) < 2 or not all(self.is_object(b) for b in branches):
            return None
        keyed: list[tuple[str, Any]] = []
        rest: list[Any] = []
        declared = [set(self.resolve(b).get("properties", {})) for b in branches]
        for index, branch in enumerate(branches):
            own = [
                k
                for k in self.resolve(branch).get("required", ())
                if not any(k in d for i, d in enumerate(declared) if i != index)
            ]
            if own:
                keyed.append((own[0], branch))
            else:
                rest.append(branch)
        if len(keyed) < 1 or len(rest) > 1:
            return None
        keys = [k for k, _ in keyed]
        derived = [self.schema(b, f"{where}/{k}") for k, b in keyed]
        whole = {"oneOf": [*derived, *(self.schema(r, f"{where}/rest") for r in rest)]}
        present = [{"required": [k]} for k in keys]
        cases: list[dict[str, Any]] = []
        for index, (key, branch) in enumerate(zip(keys, derived, strict=True)):
            others = [p for i, p in enumerate(present) if i != index]
            condition: dict[str, Any] = {"required": [key]}
            if others:
                condition["not"] = {"anyOf": others}
            cases.append({"if": condition, "then": branch})
        none = {"not": {"anyOf": present}}
        cases.append({"if": none, "then": whole["oneOf"][-1] if rest else whole})
        pairs = [{"required": [a, b]} for i, a in enumerate(keys) for b in keys[i + 1 :]]
        if pairs:
            cases.append({"if": {"anyOf": pairs}, "then": whole})
        return {"type": "object", "allOf": cases}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    kind = schema.get("type")
    if isinstance(kind, str):
        out = {**schema, "type": [kind, "null"]}
        if "enum" in out and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
        return out
    return {"anyOf": [schema, {"type": "null"}]}


def derive(profile: Profile) -> dict[str, Any]:
    """One profile's bodies: ``{"operations": {operationId: schema}, "$defs": {...}}``."""
    document = json.loads(CONTRACT_FILES[profile].read_text())
    deriver = _Deriver(document, profile)
    operations: dict[str, Any] = {}
    for item in document["paths"].values():
        for op in item.values():
            if not isinstance(op, dict) or "requestBody" not in op:
                continue
            content = op["requestBody"].get("content", {}).get("application/json")
            if content is None or "schema" not in content:
                continue
            operations[op["operationId"]] = {
                "required": bool(op["requestBody"].get("required", False)),
                "schema": deriver.schema(content["schema"], op["operationId"]),
            }
    deriver.drain()
    return {
        "operations": dict(sorted(operations.items())),
        "$defs": dict(sorted(deriver.defs.items())),
    }


def derived_text() -> str:
    """The shipped file's text, compact with keys sorted (a stable diff): each profile's
    operations and the components only it has (or has differently), and under ``shared`` the
    components both profiles have alike."""
    derived = {profile: derive(profile) for profile in PROFILES}
    first, *others = (d["$defs"] for d in derived.values())
    shared = {k: v for k, v in first.items() if all(o.get(k, v) == v and k in o for o in others)}
    out: dict[str, Any] = {"shared": shared}
    for profile, d in derived.items():
        own = {k: v for k, v in d["$defs"].items() if k not in shared}
        out[profile] = {"operations": d["operations"], "$defs": own}
    return json.dumps(out, sort_keys=True, separators=(",", ":")) + "\n"
