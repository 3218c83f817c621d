"""Request bodies checked against the profile's contract, as the service checks them: a body the
contract does not allow is a 400 naming the offending field (``changes[0].document.document.
nodes[3].data.style: must be one of info, warning, danger, success``).

The package cannot read the vendored contracts, so it ships their request bodies in a compact
derived form, `SCHEMA_FILE` (JSON Schema 2020-12; `tests/support/request_schemas.py` derives it
and a test keeps it equal to the contracts). One validator per operation is compiled on first
use and kept. Where the contract cannot be satisfied, the derived form is relaxed at that one
place, listed in `CONTRACT_DEFECTS` with its evidence (``docs/contract-defects.md``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import islice
from typing import Any

from jsonschema_rs import Draft202012Validator, ValidationError, ValidationErrorKind

from gitbook_mcp.api import Profile
from gitbook_mcp.local.errors import Invalid

__all__ = [
    "CONTRACT_DEFECTS",
    "OVERLAPPING_ONE_OF",
    "SCHEMA_FILE",
    "ContractDefect",
    "check_body",
    "field_path",
]

SCHEMA_FILE = "contract_bodies.json"
"""The derived request bodies of both profiles, beside this module."""
ERRORS_WEIGHED = 8
"""Errors of one body weighed to name the deepest (the first ones the validator finds)."""
MAX_ERRORS_READ = 200
"""Errors of one invalid body read to tell overlapping ``oneOf`` branches from real errors."""
OVERLAPPING_ONE_OF = (
    "DocumentTableImageRecord",
    "an embed's or integration's props",
)
"""Where the live contract's ``oneOf`` branches overlap, so that a value the service writes
(a ``{kind: "url", url}`` ref in a card table's image column, on a real page of
``tests/corpora/cheqd-product-docs``; a URL prop on one of ``beefree-sdk-docs``) matches two
branches and a strict ``oneOf`` would refuse it: a ``oneOf`` is read as ``anyOf`` (evidence in
``docs/contract-defects.md``)."""
MAX_NAMED_VALUES = 40
"""Allowed values named in one answer; a longer enum is cut with a count of the rest."""


@dataclass(frozen=True)
class ContractDefect:
    """A place where the contract forbids what the service itself writes: at ``pointer`` (a
    JSON pointer) inside component ``schema`` of ``profile``'s contract, each ``oneOf`` branch
    loses the keyword ``drop``. ``evidence`` says why in a line; the doc says it in full."""

    profile: Profile
    schema: str
    pointer: str
    drop: str
    evidence: str

    def relax(self, component: dict[str, Any]) -> dict[str, Any]:
        """A copy of ``component`` with the defect relaxed (the contract's own is untouched)."""
        out: dict[str, Any] = json.loads(json.dumps(component))
        node: Any = out
        for part in self.pointer.strip("/").split("/"):
            node = node[int(part)] if isinstance(node, list) else node[part]
        for branch in node:
            branch.pop(self.drop, None)
        return out


CONTRACT_DEFECTS: tuple[ContractDefect, ...] = (
    ContractDefect(
        profile="live",
        schema="DocumentInlineButton",
        pointer="/properties/data/allOf/1/oneOf",
        drop="additionalProperties",
        evidence="a button's data is an allOf of {label, kind required} and a oneOf whose "
        "branches ({ref}, {action}) forbid any other property, so no button validates",
    ),
)


@cache
def _bodies() -> dict[str, Any]:
    text = resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    bodies: dict[str, Any] = json.loads(text)
    return bodies


@cache
def _validator(profile: Profile, operation_id: str) -> Draft202012Validator | None:
    bodies = _bodies()
    operation = bodies[profile]["operations"].get(operation_id)
    if operation is None:
        return None
    defs = {**bodies["shared"], **bodies[profile]["$defs"]}
    return Draft202012Validator({**operation["schema"], "$defs": defs})


def check_body(profile: Profile, operation_id: str, body: Any) -> None:
    """Nothing when ``body`` is one the contract allows for the operation (or the contract
    gives the operation no JSON body); `Invalid` naming the offending field otherwise. An
    absent body is checked as ``{}``: what the body requires is then named."""
    validator = _validator(profile, operation_id)
    if validator is None:
        return
    value = {} if body is None else body
    if validator.is_valid(value):
        return
    found = [e for e in islice(validator.iter_errors(value), MAX_ERRORS_READ)]
    # A value that matches two branches of a ``oneOf`` is what the service itself writes where
    # the contract's branches overlap (`OVERLAPPING_ONE_OF`): it is accepted, as ``anyOf``.
    real = [e for e in found if not _overlap_in_document(e)]
    if not real:
        return
    errors = [_meant(e) for e in real[:ERRORS_WEIGHED]]
    raise _invalid(max(errors, key=_rank))


def _overlap_in_document(error: ValidationError) -> bool:
    """A value inside a document's nodes that matches two overlapping ``oneOf`` branches (see
    `OVERLAPPING_ONE_OF`); elsewhere (a space's ``emoji`` and ``icon`` together) two matching
    branches are a real error, as the service answers."""
    return isinstance(error.kind, ValidationErrorKind.OneOfMultipleValid) and "nodes" in [
        str(part) for part in error.instance_path
    ]


def field_path(parts: Iterable[str | int]) -> str:
    """``["changes", 0, "document"]`` as ``changes[0].document``; the root is ``body``."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "body"


def _meant(error: ValidationError) -> ValidationError:
    """The error to name. Inside a ``oneOf`` or ``anyOf`` none of whose branches matched: the
    branches whose type the value has are weighed (an object is not told it should have been a
    string), and the error of the one that got furthest into the value is named; the ``oneOf``
    itself when no branch got further than another (``into``: a string or null)."""
    context = getattr(error.kind, "context", None)
    if not isinstance(error.kind, _BRANCHING) or not context:
        return error
    best = [_meant(branch[0]) for branch in context if branch]
    shaped = [e for e in best if not _wrong_type_here(e, error)] or best
    if len(shaped) == 1:
        return shaped[0]
    ranks = sorted((_rank(e) for e in shaped), reverse=True)
    if ranks[0] == ranks[1]:
        return error
    return max(shaped, key=_rank)


def _wrong_type_here(branch: ValidationError, error: ValidationError) -> bool:
    same_place = list(branch.instance_path) == list(error.instance_path)
    return same_place and isinstance(branch.kind, ValidationErrorKind.Type)


def _depth(error: ValidationError) -> int:
    """How deep the named field is (a missing or unexpected key names one level below)."""
    named = isinstance(
        error.kind, ValidationErrorKind.Required | ValidationErrorKind.AdditionalProperties
    )
    return len(error.instance_path) + int(named)


def _rank(error: ValidationError) -> tuple[int, bool]:
    """Deeper first; at one depth, a wrong value before a missing key."""
    return _depth(error), not isinstance(error.kind, ValidationErrorKind.Required)


def _invalid(error: ValidationError) -> Invalid:
    path = list(error.instance_path)
    kind = error.kind
    if isinstance(kind, ValidationErrorKind.Required):
        return Invalid(field_path([*path, str(kind.property)]), "is required")
    if isinstance(kind, ValidationErrorKind.AdditionalProperties):
        return Invalid(field_path([*path, *kind.unexpected[:1]]), "is not allowed here")
    if isinstance(kind, ValidationErrorKind.Enum):
        return Invalid(field_path(path), f"must be one of {_named(kind.options)}")
    if isinstance(kind, ValidationErrorKind.Type):
        kinds = " or ".join(_A.get(k, k) for k in _types(kind))
        return Invalid(field_path(path), f"must be {kinds}")
    if isinstance(kind, _BRANCHING):
        return Invalid(field_path(path), _alternatives(kind.context))
    if isinstance(kind, ValidationErrorKind.OneOfMultipleValid):
        return Invalid(field_path(path), "matches more than one form the contract allows")
    for cls, phrase in _LIMITS:
        if isinstance(kind, cls):
            return Invalid(field_path(path), phrase.format(getattr(kind, "limit", "")))
    if isinstance(kind, ValidationErrorKind.Pattern):
        return Invalid(field_path(path), f"must match the pattern {kind.pattern}")
    return Invalid(field_path(path), _short(_without_instance(error)))


_LIMITS: tuple[tuple[type[Any], str], ...] = (
    (ValidationErrorKind.MinProperties, "must have at least {} field(s)"),
    (ValidationErrorKind.MaxProperties, "must have at most {} field(s)"),
    (ValidationErrorKind.MinItems, "must have at least {} item(s)"),
    (ValidationErrorKind.MaxItems, "must have at most {} item(s)"),
    (ValidationErrorKind.MinLength, "must be at least {} characters"),
    (ValidationErrorKind.MaxLength, "must be at most {} characters"),
    (ValidationErrorKind.Minimum, "must be at least {}"),
    (ValidationErrorKind.Maximum, "must be at most {}"),
)


_BRANCHING = (ValidationErrorKind.OneOfNotValid, ValidationErrorKind.AnyOf)


def _alternatives(context: list[list[ValidationError]]) -> str:
    """``must be a string or null`` when every branch wanted a type; ``needs teams or users``
    when every branch missed a key; else "must be one of the forms the contract allows"."""
    firsts = [branch[0] for branch in context if branch]
    if firsts and all(isinstance(e.kind, ValidationErrorKind.Type) for e in firsts):
        kinds = [k for e in firsts for k in _types(e.kind)]
        return "must be " + " or ".join(dict.fromkeys(_A.get(k, k) for k in kinds))
    if firsts and all(isinstance(e.kind, ValidationErrorKind.Required) for e in firsts):
        keys = [str(getattr(e.kind, "property", "")) for e in firsts]
        return "needs " + " or ".join(dict.fromkeys(keys))
    return "must be one of the forms the contract allows"


def _types(kind: Any) -> list[str]:
    types = kind.types
    return [str(t) for t in types] if isinstance(types, list) else [str(types)]


def _without_instance(error: ValidationError) -> str:
    """The validator's message without the value it quotes (the value can be a whole page)."""
    message = str(error.message)
    quoted = json.dumps(error.instance, separators=(",", ":"))
    return message.replace(quoted, "the value", 1) if len(quoted) > 40 else message


def _named(values: list[Any]) -> str:
    shown = ", ".join("null" if v is None else str(v) for v in values[:MAX_NAMED_VALUES])
    rest = len(values) - MAX_NAMED_VALUES
    return shown if rest <= 0 else f"{shown} (and {rest} more)"


def _short(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


_A = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean",
    "object": "an object",
    "array": "an array",
    "null": "null",
}
