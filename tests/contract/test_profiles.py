"""The operations table (`gitbook_mcp.api`) is the two vendored contracts: every operationId with
its method, path and the profiles that have it; the profiles' sets follow from it."""

from __future__ import annotations

import pytest

from gitbook_mcp.api import (
    ADDED_IN_LIVE,
    KEPT,
    OPERATIONS,
    PROFILES,
    REMOVED_IN_LIVE,
    Profile,
    operations,
)
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.local.handlers.content.content import IMPORT_SOURCES
from tests.contract.profiles_support import load_profile_contract


def test_the_operations_table_is_the_two_contracts() -> None:
    stated: dict[tuple[str, str, str], set[str]] = {}
    for profile in PROFILES:
        for op in load_profile_contract(profile).operations.values():
            stated.setdefault((op.operation_id, op.method, op.path), set()).add(profile)
    table = {
        (row.operation_id, row.method, row.path): set(row.profiles) for row in OPERATIONS.values()
    }
    assert table == stated
    assert len(OPERATIONS) == len({op_id for op_id, _, _ in stated})


def test_the_local_workspace_takes_the_contracts_import_sources() -> None:
    schemas = load_profile_contract("seed").document["components"]["schemas"]
    assert list(IMPORT_SOURCES) == schemas["ImportContentSource"]["enum"]


@pytest.mark.parametrize("profile", PROFILES)
def test_profile_operations_are_the_contracts_operation_ids(profile: Profile) -> None:
    assert operations(profile) == frozenset(load_profile_contract(profile).operations)


def test_kept_removed_and_added_are_the_contracts_difference() -> None:
    seed, live = (
        {
            (op.operation_id, op.method, op.path)
            for op in load_profile_contract(p).operations.values()
        }
        for p in PROFILES
    )
    assert {op_id for op_id, _, _ in seed & live} == KEPT
    assert {op_id for op_id, _, _ in seed - live} == REMOVED_IN_LIVE
    assert {op_id for op_id, _, _ in live - seed} == ADDED_IN_LIVE
    assert operations("live") == (operations("seed") - REMOVED_IN_LIVE) | ADDED_IN_LIVE
    assert not KEPT & REMOVED_IN_LIVE
    assert not KEPT & ADDED_IN_LIVE


def test_client_implements_the_seed_profile_and_nothing_outside_the_profiles() -> None:
    implemented = frozenset(GitBookClient(token="t").operations())
    assert operations("seed") <= implemented
    assert implemented <= operations("seed") | operations("live")


def test_kept_operations_have_the_same_method_and_path_in_both_contracts() -> None:
    seed, live = load_profile_contract("seed"), load_profile_contract("live")
    moved = [
        op_id
        for op_id in KEPT
        if (seed.operations[op_id].method, seed.operations[op_id].path)
        != (live.operations[op_id].method, live.operations[op_id].path)
    ]
    assert moved == []


def test_unknown_profile_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'beta'"):
        operations("beta")  # type: ignore[arg-type]
