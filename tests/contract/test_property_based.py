"""Property-based run over the contract against the local workspace (schemathesis).

For every operation, requests are generated from the contract (valid and deliberately invalid
ones) and sent to the in-process app as the admin; the run fails on any 5xx answer and on any
answer whose body breaks the contract. The number of examples per operation is bounded so
that the run stays within the test command's time budget.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from gitbook_mcp.local import Store, create_app, load_demo
from tests.support.contract import CONTRACT_PATH

EXAMPLES_PER_OPERATION = 6

_document: dict[str, Any] = json.loads(CONTRACT_PATH.read_text())
_document["servers"] = [{"url": "/v1"}]
schema = schemathesis.openapi.from_dict(_document)
schema.config.generation.update(max_examples=EXAMPLES_PER_OPERATION)
# The coverage phase enumerates boundary cases of every body schema up front; the contract's
# recursive document schemas make that unbounded, so the run is examples plus fuzzing.
schema.config.phases.update(phases=["examples", "fuzzing"])

_store = Store(":memory:")
load_demo(_store)
_app = create_app(_store)


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_error_and_no_contract_break(case: schemathesis.Case) -> None:
    case.call_and_validate(
        app=_app,
        headers={"Authorization": "Bearer gb_local_admin"},
        checks=[not_a_server_error, response_schema_conformance],
    )
