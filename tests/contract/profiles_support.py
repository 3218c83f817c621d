"""Answers built from the contract of each API profile (the contracts live in tests/support)."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.contract.schema_instances import InstanceBuilder, Variant
from tests.support.contract import (
    CONTRACT_FILES,
    Contract,
    OAS31Contract,
    Operation,
    load_profile_contract,
)

__all__ = [
    "CONTRACT_FILES",
    "OAS31Contract",
    "load_profile_contract",
    "serving_transport",
    "success_answer",
]


def success_answer(op: Operation, contract: Contract) -> tuple[int, dict[str, Any] | None]:
    """The first 2xx status of an operation and its JSON schema (None for an empty answer)."""
    for status, spec in sorted(op.spec.get("responses", {}).items()):
        if status.startswith("2"):
            content = contract.resolve(spec).get("content", {}).get("application/json")
            return int(status), None if content is None else content["schema"]
    raise AssertionError(f"{op.operation_id} has no 2xx answer")


def serving_transport(
    contract: Contract, answers: dict[str, tuple[int, Any]], variant: Variant | None = None
) -> httpx2.MockTransport:
    """A transport answering each operation with its instance in ``answers``, else built.

    An operation without an answer gets the ``variant`` instance of its 2xx schema.
    """

    def handler(request: httpx2.Request) -> httpx2.Response:
        path = request.url.path.split("/v1", 1)[1]
        op = contract.match(request.method, path)
        if op.operation_id not in answers:
            status, schema = success_answer(op, contract)
            body = (
                None
                if schema is None
                else InstanceBuilder(contract, variant or Variant()).build(schema)
            )
            answers[op.operation_id] = (status, body)
        status, body = answers[op.operation_id]
        if body is None:
            return httpx2.Response(status)
        return httpx2.Response(status, json=body)

    return httpx2.MockTransport(handler)
