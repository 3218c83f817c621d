"""Property-based run over each profile's contract against the local workspace (schemathesis).

For every operation of a profile, requests are generated from that profile's contract (valid and
deliberately invalid ones) and sent to an in-process app serving that profile, as the admin; the
run fails on any 5xx answer, on any answer whose body breaks the contract, and on a success
answered to a request the contract does not allow (``language: "AAA"`` was accepted and echoed
before request bodies were checked against the contract). The examples per
operation are bounded so that both profiles together take about what one run took before.
"""

from __future__ import annotations

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


def _schema(profile: Profile) -> Any:
    document: dict[str, Any] = json.loads(CONTRACT_FILES[profile].read_text())
    document["servers"] = [{"url": "/v1"}]
    schema = schemathesis.openapi.from_dict(document)
    schema.config.generation.update(max_examples=EXAMPLES_PER_OPERATION)
    # The coverage phase enumerates boundary cases of every body schema up front; the contract's
    # recursive document schemas make that unbounded, so the run is examples plus fuzzing.
    schema.config.phases.update(phases=["examples", "fuzzing"])
    return schema


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
@_schema("seed").parametrize()
@_SETTINGS
def test_seed_no_server_error_and_no_contract_break(case: schemathesis.Case) -> None:
    _run(case, "seed")


@pytest.mark.slow
@_schema("live").parametrize()
@_SETTINGS
def test_live_no_server_error_and_no_contract_break(case: schemathesis.Case) -> None:
    _run(case, "live")
