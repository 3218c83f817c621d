"""The request bodies the local workspace ships (`contract_bodies.json`) are the vendored
contracts' own: the file is derived from them, and on bodies built from each contract the
derived check and the contract agree (valid ones accepted; each top-level field broken in turn
refused by both, or by neither).

Regenerate the file: ``UPDATE_REQUEST_SCHEMAS=1 python -m pytest
tests/contract/test_request_schemas.py``.
"""

from __future__ import annotations

import copy
import os
from importlib import resources
from typing import Any

import pytest

from gitbook_mcp.api import PROFILES, Profile
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http import contract_bodies
from gitbook_mcp.local.http.contract_bodies import SCHEMA_FILE, check_body
from tests.contract.schema_instances import InstanceBuilder, Variant
from tests.support.contract import Contract, ContractViolation, load_profile_contract
from tests.support.request_schemas import derived_text

VARIANTS = (Variant(full=False, items=1), Variant(full=True, items=1, pick=1))
WRONG_VALUES: tuple[Any, ...] = (12345, "zz-not-allowed", None, {"x": []})


def test_the_shipped_bodies_are_derived_from_the_vendored_contracts() -> None:
    expected = derived_text()
    shipped = resources.files(contract_bodies.__package__).joinpath(SCHEMA_FILE)
    if os.environ.get("UPDATE_REQUEST_SCHEMAS") == "1":
        with resources.as_file(shipped) as path:
            path.write_text(expected, encoding="utf-8")
    assert shipped.read_text(encoding="utf-8") == expected, (
        "contract_bodies.json is stale: UPDATE_REQUEST_SCHEMAS=1 python -m pytest "
        "tests/contract/test_request_schemas.py"
    )


def _bodies(profile: Profile) -> list[tuple[str, dict[str, Any], Any]]:
    """(operationId, schema, a valid instance) for each JSON body of the profile's contract."""
    contract = load_profile_contract(profile)
    out: list[tuple[str, dict[str, Any], Any]] = []
    for op in contract.operations.values():
        content = op.spec.get("requestBody", {}).get("content", {}).get("application/json")
        if content is None:
            continue
        for variant in VARIANTS:
            out.append((op.operation_id, content["schema"], _instance(contract, variant, content)))
    return out


def _instance(contract: Contract, variant: Variant, content: dict[str, Any]) -> Any:
    return InstanceBuilder(contract, variant).build(content["schema"])


def _contract_allows(contract: Contract, schema: dict[str, Any], body: Any) -> bool:
    try:
        contract.validate(schema, body, "body")
    except ContractViolation:
        return False
    return True


def _derived_allows(profile: Profile, operation_id: str, body: Any) -> bool:
    try:
        check_body(profile, operation_id, body)
    except Invalid:
        return False
    return True


@pytest.mark.parametrize("profile", PROFILES)
def test_bodies_built_from_the_contract_are_accepted(profile: Profile) -> None:
    contract = load_profile_contract(profile)
    checked = 0
    for operation_id, schema, body in _bodies(profile):
        if not _contract_allows(contract, schema, body):
            continue  # the builder misses a few mixed schemas (properties beside an anyOf)
        assert _derived_allows(profile, operation_id, body), (operation_id, body)
        checked += 1
    assert checked >= 90  # about 50 bodies per profile, two variants each


@pytest.mark.parametrize("profile", PROFILES)
def test_a_broken_field_is_refused_by_both_or_by_neither(profile: Profile) -> None:
    contract = load_profile_contract(profile)
    refused = 0
    for operation_id, schema, body in _bodies(profile):
        if not isinstance(body, dict) or not _contract_allows(contract, schema, body):
            continue
        for key in body:
            for wrong in WRONG_VALUES:
                broken = copy.deepcopy(body)
                broken[key] = wrong
                verdict = _contract_allows(contract, schema, broken)
                assert _derived_allows(profile, operation_id, broken) == verdict, (
                    operation_id,
                    key,
                    wrong,
                )
                refused += not verdict
    assert refused > 100
