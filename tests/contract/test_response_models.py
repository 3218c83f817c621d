"""The client reads every valid answer of both profiles: minimal (required only) and full ones.

For each operation of each contract that the client implements, the 2xx JSON schema's instances
(see `tests.contract.schema_instances`) are first validated against the contract, so that the
generator is known right, then served to the client's own method through a mock transport: the
method parses the answer with its model (a paginated method with the item model, for each item).
A failure is a client model that requires what the profile does not guarantee.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from gitbook_mcp.api import KEPT, PROFILES, Profile, operations
from gitbook_mcp.client import GitBookClient, GitBookError
from tests.contract.profiles_support import load_profile_contract, serving_transport, success_answer
from tests.contract.schema_instances import MAX_PICKS, InstanceBuilder, Variant
from tests.contract.test_client_requests import _arguments
from tests.support.contract import Contract

pytestmark = pytest.mark.anyio


def _variants(contract: Contract, schema: dict[str, Any]) -> list[tuple[Variant, Any]]:
    """Minimal instances (empty and one-item arrays) and full ones, for each branch pick.

    The 3.1 (live) contract spells null as a ``oneOf`` branch, which the picks take in turn.
    """
    found: list[tuple[Variant, Any]] = []
    pick, widest = 0, 1
    while pick < min(widest, MAX_PICKS):
        for variant in (Variant(False, 0, pick), Variant(False, 1, pick), Variant(True, 1, pick)):
            builder = InstanceBuilder(contract, variant)
            instance = builder.build(schema)
            widest = max(widest, builder.widest)
            if all(instance != seen for _, seen in found):
                found.append((variant, instance))
        pick += 1
    return found


async def _read_with_client(
    contract: Contract, op_id: str, status: int, body: Any, profile: Profile
) -> str | None:
    """Call the client's method for the operation against this answer; the error, if any."""
    transport = serving_transport(contract, {op_id: (status, body)})
    async with GitBookClient(
        token="t",
        base_url="http://api.test/v1",
        transport=transport,
        max_retries=0,
        profile=profile,
    ) as client:
        method = client.operations()[op_id]
        args, kwargs = _arguments(op_id, method)
        if op_id == "updateChangeRequestContent":  # the answer's shape follows ``compat``
            kwargs["compat"] = not (isinstance(body, dict) and "changeRequest" in body)
        try:
            await method(*args, **kwargs)
        except ValidationError as exc:
            return "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:4]
            )
        except GitBookError as exc:
            return f"{type(exc).__name__}: {exc}"
    return None


def _cases() -> list[Any]:
    implemented = set(GitBookClient(token="t").operations())
    return [
        pytest.param(profile, op_id, id=f"{profile}-{op_id}")
        for profile in PROFILES
        for op_id in sorted(load_profile_contract(profile).operations)
        if op_id in implemented
    ]


@pytest.mark.parametrize(("profile", "op_id"), _cases())
async def test_client_reads_every_valid_answer(profile: Profile, op_id: str) -> None:
    contract = load_profile_contract(profile)
    op = contract.operations[op_id]
    status, schema = success_answer(op, contract)
    variants = [(Variant(), None)] if schema is None else _variants(contract, schema)
    refused: list[str] = []
    for variant, instance in variants:
        if schema is not None:
            contract.validate(schema, instance, f"{op_id} {variant} (generated instance)")
        error = await _read_with_client(contract, op_id, status, instance, profile)
        if error is not None:
            refused.append(f"{variant}: {error} <- {json.dumps(instance)[:300]}")
    assert refused == []


def test_every_implemented_operation_of_both_profiles_is_read() -> None:
    implemented = set(GitBookClient(token="t").operations())
    cases = {(p.values[0], p.values[1]) for p in _cases()}
    live = {op for profile, op in cases if profile == "live"}
    assert {op for profile, op in cases if profile == "seed"} == operations("seed")
    assert live == operations("live") & implemented
    assert live >= KEPT


def test_minimal_instances_hold_only_the_required_properties() -> None:
    contract = load_profile_contract("live")
    organization = contract.document["components"]["schemas"]["Organization"]
    required = set(contract.resolve(organization)["required"])
    minimal = InstanceBuilder(contract, Variant()).build(organization)
    full = InstanceBuilder(contract, Variant(full=True, items=1)).build(organization)
    assert set(minimal) == required
    assert set(full) == set(contract.resolve(organization)["properties"])
    assert not any(minimal["permissions"].values())
    assert all(full["permissions"].values())
