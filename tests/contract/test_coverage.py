"""Coverage of the contract: the client and the local workspace implement all 136 operations."""

from __future__ import annotations

import inspect
import re

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.local.routes import ROUTES
from tests.contract.profiles_support import load_profile_contract
from tests.support.contract import load_contract


def test_contract_has_the_136_operations_of_the_checklist() -> None:
    assert len(load_contract().operations) == 136


def test_client_has_one_method_per_operation() -> None:
    client = GitBookClient(token="t")
    implemented = client.operations()
    expected = set(load_contract().operations)
    assert sorted(expected - set(implemented)) == []
    assert sorted(set(implemented) - expected) == []


def test_each_client_method_documents_its_method_and_path_first() -> None:
    client = GitBookClient(token="t")
    contract = load_contract()
    wrong = []
    for op_id, method in client.operations().items():
        op = contract.operations[op_id]
        first_line = (inspect.getdoc(method) or "").splitlines()[0]
        if first_line != f"{op.method} {op.path}":
            wrong.append((op_id, first_line))
    assert wrong == []


def test_client_methods_take_path_ids_positionally_and_options_by_keyword() -> None:
    client = GitBookClient(token="t")
    contract = load_contract()
    wrong = []
    for op_id, method in client.operations().items():
        op = contract.operations[op_id]
        n_ids = len(re.findall(r"\{\w+\}", op.path))
        params = list(inspect.signature(method).parameters.values())
        positional = [p for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        others = [p for p in params if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if len(positional) != n_ids or others:
            wrong.append(op_id)
    assert wrong == []


def test_local_workspace_routes_every_operation_once() -> None:
    contract = load_contract()
    routed = [(spec.operation_id, spec.method, spec.path) for spec in ROUTES]
    assert len(routed) == len({r[0] for r in routed}), "an operation is routed twice"
    expected = {(op.operation_id, op.method, op.path) for op in contract.operations.values()}
    assert sorted(expected - set(routed)) == []
    live = load_profile_contract("live")  # rows of live-only operations are routed too
    known = expected | {(op.operation_id, op.method, op.path) for op in live.operations.values()}
    assert sorted(set(routed) - known) == []
