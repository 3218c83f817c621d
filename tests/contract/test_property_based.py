"""Property-based run over each profile's contract against the local workspace (schemathesis).

For every operation of a profile, requests are generated from that profile's contract (valid and
deliberately invalid ones) and sent to an in-process app serving that profile, as the admin; the
run fails on any 5xx answer, on any answer whose body breaks the contract, and on a success
answered to a request the contract does not allow (``language: "AAA"`` was accepted and echoed
before request bodies were checked against the contract). The examples per
operation are bounded so that both profiles together take about what one run took before.

Rich documents (``JSONDocument``, about a hundred schemas that refer back to each other) are drawn
whole for the operations of `WHOLE_DOCUMENTS`, where a document enters the workspace (a comment,
a change request's pages). The other operations that take one (replies, edits of comments,
reviews, a change request's description) have it checked by the same contract validator, and
draw theirs from a document of paragraphs of text (`bounded_documents`): schemathesis builds the
recursive schema's strategies again for each operation, about 1 s of CPU each.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import negative_data_rejection, not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store, create_app, load_demo
from tests.support.contract import CONTRACT_FILES

EXAMPLES_PER_OPERATION = 3
"""Per operation and profile: 136 seed + 149 live operations, about 6 per seed operation before."""
WHOLE_DOCUMENTS = (
    "POST /spaces/{spaceId}/comments",
    "POST /spaces/{spaceId}/change-requests/{changeRequestId}/content",
)
"""The operations whose request bodies draw documents from the whole document schema (the
second is the live profile's only)."""
DOCUMENT = "#/components/schemas/JSONDocument"
BOUNDED = "Bounded"
"""The prefix of the copies `bounded_documents` makes of the schemas that lead to a document."""


def _refs(node: Any) -> set[str]:
    """Every ``$ref`` under ``node``."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("$ref"), str):
                found.add(item["$ref"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def bounded_documents(document: dict[str, Any], whole: tuple[str, ...]) -> dict[str, Any]:
    """``document`` (a contract) whose request bodies, outside the operations of ``whole``, take
    a document of paragraphs of text where the contract takes any ``JSONDocument``: the schemas on
    the way to one are copied (under `BOUNDED`) with it replaced; responses keep the contract's."""
    out = copy.deepcopy(document)
    schemas: dict[str, Any] = out["components"]["schemas"]
    prefix = "#/components/schemas/"
    leads = {DOCUMENT}
    while grown := {
        prefix + name
        for name, schema in schemas.items()
        if prefix + name not in leads and _refs(schema) & leads
    }:
        leads |= grown
    paragraph = copy.deepcopy(schemas["DocumentBlockParagraph"])
    paragraph["properties"]["nodes"]["items"] = {"$ref": prefix + "DocumentText"}
    bounded = copy.deepcopy(schemas["JSONDocument"])
    bounded["properties"]["nodes"]["items"] = paragraph
    assert not _refs(bounded) & leads, "the bounded document still leads to a whole one"

    def rewrite(node: Any) -> Any:
        if isinstance(node, list):
            return [rewrite(item) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if ref in leads:
            name = BOUNDED + ref.removeprefix(prefix)
            if name not in schemas:
                schemas[name] = bounded if ref == DOCUMENT else {}
                if ref != DOCUMENT:
                    schemas[name] = rewrite(schemas[ref.removeprefix(prefix)])
            return {**node, "$ref": prefix + name}
        return {key: rewrite(value) for key, value in node.items()}

    for path, methods in out["paths"].items():
        for method, operation in methods.items():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body is not None and f"{method.upper()} {path}" not in whole:
                operation["requestBody"] = rewrite(body)
    return out


def _schema(profile: Profile, *, whole: bool) -> Any:
    """The profile's contract for schemathesis: with ``whole``, the operations of
    `WHOLE_DOCUMENTS` alone; without it, every other operation, documents bounded."""
    document: dict[str, Any] = json.loads(CONTRACT_FILES[profile].read_text())
    document["servers"] = [{"url": "/v1"}]
    if not whole:
        document = bounded_documents(document, WHOLE_DOCUMENTS)
    schema = schemathesis.openapi.from_dict(document)
    schema.config.generation.update(max_examples=EXAMPLES_PER_OPERATION)
    # The coverage phase enumerates boundary cases of every body schema up front; the contract's
    # recursive document schemas make that unbounded, so the run is examples plus fuzzing.
    schema.config.phases.update(phases=["examples", "fuzzing"])
    if whole:
        return schema.include(name=list(WHOLE_DOCUMENTS))
    return schema.exclude(name=list(WHOLE_DOCUMENTS))


def _app(profile: Profile) -> object:
    store = Store(":memory:")
    load_demo(store)
    return create_app(store, profile=profile)


_APPS: dict[Profile, object] = {"seed": _app("seed"), "live": _app("live")}
_SETTINGS = settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


def _run(case: schemathesis.Case, profile: Profile) -> None:
    case.call_and_validate(
        app=_APPS[profile],
        headers={"Authorization": "Bearer gb_local_admin"},
        checks=[not_a_server_error, response_schema_conformance, negative_data_rejection],
    )


@pytest.mark.slow
@_schema("seed", whole=False).parametrize()
@_SETTINGS
def test_seed_no_server_error_and_no_contract_break(case: schemathesis.Case) -> None:
    _run(case, "seed")


@pytest.mark.slow
@_schema("seed", whole=True).parametrize()
@_SETTINGS
def test_seed_whole_documents(case: schemathesis.Case) -> None:
    _run(case, "seed")


@pytest.mark.slow
@_schema("live", whole=False).parametrize()
@_SETTINGS
def test_live_no_server_error_and_no_contract_break(case: schemathesis.Case) -> None:
    _run(case, "live")


@pytest.mark.slow
@_schema("live", whole=True).parametrize()
@_SETTINGS
def test_live_whole_documents(case: schemathesis.Case) -> None:
    _run(case, "live")


@pytest.mark.parametrize("profile", ["seed", "live"])
def test_bounded_request_documents_leave_whole_ones_and_responses_as_they_were(
    profile: Profile,
) -> None:
    contract: dict[str, Any] = json.loads(CONTRACT_FILES[profile].read_text())
    bounded = bounded_documents(contract, WHOLE_DOCUMENTS)
    schemas = bounded["components"]["schemas"]
    prefix = "#/components/schemas/"

    def reached(node: Any) -> set[str]:
        seen: set[str] = set()
        todo = _refs(node)
        while todo:
            ref = todo.pop()
            if ref not in seen:
                seen.add(ref)
                todo |= _refs(schemas[ref.removeprefix(prefix)])
        return seen

    whole = bounded_ops = 0
    for path, methods in bounded["paths"].items():
        for method, operation in methods.items():
            if not isinstance(operation, dict):
                continue
            original = contract["paths"][path][method]
            assert operation.get("responses") == original.get("responses")
            if "requestBody" not in operation:
                continue
            if f"{method.upper()} {path}" in WHOLE_DOCUMENTS:
                assert operation["requestBody"] == original["requestBody"]
                whole += DOCUMENT in reached(original["requestBody"])
            else:
                assert DOCUMENT not in reached(operation["requestBody"]), (method, path)
                bounded_ops += prefix + BOUNDED + "JSONDocument" in reached(
                    operation["requestBody"]
                )
    assert whole == (1 if profile == "seed" else 2)
    assert bounded_ops >= 6
