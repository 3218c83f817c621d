"""Coverage: the client implements every operation of both profiles; the local workspace routes
every operation of the seed contract. Counts come from the vendored contracts, never from here."""

from __future__ import annotations

import inspect
import re

import pytest

from gitbook_mcp.api import PROFILES, Profile, operations
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.local.routes import ROUTES
from tests.support.client_methods import id_parameters, unpacked
from tests.support.contract import load_contract, load_profile_contract


def test_the_seed_contract_is_the_seed_profile() -> None:
    contract = load_contract().operations
    assert contract
    assert set(contract) == operations("seed")


def test_client_has_one_method_per_operation_of_both_profiles() -> None:
    implemented = set(GitBookClient(token="t").operations())
    for profile in PROFILES:
        expected = set(load_profile_contract(profile).operations)
        assert expected == operations(profile)
        assert sorted(expected - implemented) == [], profile
    assert implemented == operations("seed") | operations("live")


@pytest.mark.parametrize("profile", PROFILES)
def test_each_client_method_documents_its_method_and_path_first(profile: Profile) -> None:
    client = GitBookClient(token="t", profile=profile)
    contract = load_profile_contract(profile)
    wrong = []
    for op_id, method in client.operations().items():
        if op_id not in contract.operations:
            continue
        op = contract.operations[op_id]
        first_line = (inspect.getdoc(method) or "").splitlines()[0]
        if first_line != f"{op.method} {op.path}":
            wrong.append((op_id, first_line))
    assert wrong == []


@pytest.mark.parametrize("profile", PROFILES)
def test_client_methods_take_path_ids_positionally_and_options_by_keyword(
    profile: Profile,
) -> None:
    client = GitBookClient(token="t", profile=profile)
    contract = load_profile_contract(profile)
    wrong = []
    for op_id, method in client.operations().items():
        if op_id not in contract.operations:
            continue
        op = contract.operations[op_id]
        n_ids = len(re.findall(r"\{\w+\}", op.path))
        params = list(inspect.signature(method).parameters.values())
        positional = id_parameters(method)
        # besides ids, only keyword options: spelled out, or one ``**options: Unpack[TypedDict]``
        others = [
            p
            for p in params
            if p.name not in positional
            and p.kind is not p.KEYWORD_ONLY
            and not (p.kind is p.VAR_KEYWORD and unpacked(method) is not None)
        ]
        if len(positional) != n_ids or others:
            wrong.append(op_id)
    assert wrong == []


def test_local_workspace_routes_every_operation_once() -> None:
    routed = [(spec.operation_id, spec.method, spec.path) for spec in ROUTES]
    assert len(routed) == len({r[0] for r in routed}), "an operation is routed twice"
    seed, live = (
        {
            (op.operation_id, op.method, op.path)
            for op in load_profile_contract(p).operations.values()
        }
        for p in ("seed", "live")
    )
    assert sorted(seed - set(routed)) == []
    assert sorted(set(routed) - seed - live) == []
