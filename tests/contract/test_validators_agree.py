"""The compiled contract validator (``jsonschema-rs``, `Contract.validate`) gives the verdicts of
the pure-Python OpenAPI validator it replaced (``openapi-schema-validator``,
`Contract.reference_validator`), on both profiles' contracts and the document contract.

For every component schema of the two profiles' contracts, the minimal and the full instance
(`InstanceBuilder`, arrays empty) are checked, and a page's whole document (arrays of one item,
a different branch of each union in turn) against the document contract; then the same
instances broken one place at a time: a value set to null (OpenAPI 3.0's
``nullable``), to another type, to a value outside its enum, a property dropped (``required``),
one added (``additionalProperties``), an array emptied (``minItems``). Most are refused, some not;
each must be refused by both validators or by neither.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from tests.contract.schema_instances import InstanceBuilder, Variant
from tests.support.contract import Contract, document_contract, load_profile_contract

VARIANTS = (Variant(), Variant(full=True))
"""Per component; arrays of one item would nest every document node in most of them, which the
reference validator takes seconds over, so the document gets `DOCUMENT_VARIANTS` instead."""
DOCUMENT_VARIANTS = tuple(Variant(full=True, items=1, pick=pick) for pick in range(4))
BREAKS_PER_INSTANCE = 6
"""Broken copies of each instance, at places spread over it (every place would be slow: the
reference validator is pure Python)."""
JSON_DOCUMENT = "JSONDocument"
CONTRACTS = {
    "seed": lambda: load_profile_contract("seed"),
    "live": lambda: load_profile_contract("live"),
    "document": document_contract,
}


def _cases(name: str, contract: Contract) -> list[tuple[str, Variant]]:
    if name == "document":
        return [(JSON_DOCUMENT, variant) for variant in DOCUMENT_VARIANTS]
    components = sorted(contract.document["components"]["schemas"])
    return [(component, variant) for component in components for variant in VARIANTS]


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in an instance, the root first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _other(value: Any) -> Any:
    """A value of another JSON type."""
    if isinstance(value, bool):
        return "true"
    if isinstance(value, int | float):
        return "1"
    if isinstance(value, str):
        return 7 if value else 0
    if isinstance(value, list):
        return {"item": value}
    if isinstance(value, dict):
        return [value]
    return "null"


def _broken(value: Any, path: tuple[Any, ...], how: str) -> Any:
    out = copy.deepcopy(value)
    if not path:
        return _other(out) if how == "type" else None
    parent = out
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    target = parent[last]
    if how == "null":
        parent[last] = None
    elif how == "type":
        parent[last] = _other(target)
    elif how == "enum":
        parent[last] = f"{target}-not-listed" if isinstance(target, str) else target
    elif how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif how == "add" and isinstance(target, dict):
        target["zz_unexpected"] = 1
    elif how == "empty" and isinstance(target, list):
        target.clear()
    return out


def _breaks(instance: Any) -> list[Any]:
    """`BREAKS_PER_INSTANCE` broken copies, cycling through the ways, at spread places."""
    places = list(_places(instance))
    ways = ("null", "type", "drop", "enum", "add", "empty")
    step = max(1, len(places) // BREAKS_PER_INSTANCE)
    chosen = places[::step][:BREAKS_PER_INSTANCE]
    return [_broken(instance, place, ways[n % len(ways)]) for n, place in enumerate(chosen)]


def _verdicts(contract: Contract, schema: dict[str, Any], instance: Any) -> tuple[bool, bool]:
    compiled = bool(contract._validator(schema).is_valid(instance))
    return compiled, bool(contract.reference_validator(schema).is_valid(instance))


@pytest.mark.parametrize("name", sorted(CONTRACTS))
def test_the_compiled_validator_agrees_with_the_reference(name: str) -> None:
    contract = CONTRACTS[name]()
    disagree: list[str] = []
    counts = {True: 0, False: 0}
    for component, variant in _cases(name, contract):
        schema = {"$ref": f"#/components/schemas/{component}"}
        instance = InstanceBuilder(contract, variant).build(schema)
        for number, candidate in enumerate([instance, *_breaks(instance)]):
            compiled, reference = _verdicts(contract, schema, candidate)
            counts[reference] += 1
            if compiled != reference:
                disagree.append(
                    f"{component} {variant} #{number}: compiled {compiled}, reference {reference}"
                )
    assert disagree == []
    # Both verdicts are exercised, or agreement would prove nothing.
    assert counts[False] >= 4, counts
    assert counts[True] >= 4, counts
