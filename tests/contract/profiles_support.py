"""The contract of each API profile, loaded once: ``openapi.json`` (seed) and ``openapi-live.json``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import httpx2
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from gitbook_mcp.client.profiles import Profile
from tests.contract.schema_instances import InstanceBuilder, Variant
from tests.support.contract import (
    Contract,
    Operation,
    _rebase,
    _without_discriminators,
    load_contract,
)

__all__ = [
    "CONTRACT_FILES",
    "OAS31Contract",
    "load_profile_contract",
    "serving_transport",
    "success_answer",
]

CONTRACT_FILES: dict[Profile, Path] = {
    "seed": Path(__file__).resolve().parent / "openapi.json",
    "live": Path(__file__).resolve().parent / "openapi-live.json",
}


class OAS31Contract(Contract):
    """A contract in OpenAPI 3.1 (the live one): JSON Schema 2020-12, ``type: "null"`` unions."""

    def __init__(self, document: dict[str, Any]) -> None:
        super().__init__(document)
        resource = Resource(contents=_without_discriminators(document), specification=DRAFT202012)
        self._registry = Registry().with_resource("urn:contract", resource)

    def _validator(self, schema: dict[str, Any]) -> Any:
        key = json.dumps(schema, sort_keys=True)
        validator = self._validators.get(key)
        if validator is None:
            validator = self._validators[key] = OAS31Validator(
                _rebase(schema), registry=self._registry
            )
        return validator


@cache
def load_profile_contract(profile: Profile) -> Contract:
    """The vendored contract of a profile (the seed one is the suite's shared instance)."""
    if profile == "seed":
        return load_contract()
    document = json.loads(CONTRACT_FILES[profile].read_text())
    if str(document.get("openapi", "")).startswith("3.1"):
        return OAS31Contract(document)
    return Contract(document)


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
