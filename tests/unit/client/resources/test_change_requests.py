"""Change requests: every method's request and answer, and the refusals made before sending."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.api import ADDED_IN_LIVE
from gitbook_mcp.client import InvalidRequestError
from gitbook_mcp.client.models.content import ChangeRequest
from gitbook_mcp.client.resources import ChangeRequests
from tests.unit.client.resources.payloads_content_sites import (
    CHANGE_REQUEST,
    REVISION,
    Case,
    Recorder,
    page_of,
    resource_operations,
    run_case,
)

pytestmark = pytest.mark.anyio

S, S_ = "spc 1", "/spaces/spc%201"
"""A space id that needs percent-encoding, and the path prefix it must produce."""
CR_ = S_ + "/change-requests/7"


CASES: dict[str, Case] = {
    "listChangeRequestsForSpace": Case(
        lambda c: c.change_requests.list(S, status="merged", contributor="usr_1", limit=10),
        "GET",
        S_ + "/change-requests",
        ChangeRequest,
        page_of(CHANGE_REQUEST),
        query=(("status", "merged"), ("contributor", "usr_1"), ("limit", "10")),
    ),
    "getChangeRequestById": Case(
        lambda c: c.change_requests.get(S, "7"),
        "GET",
        CR_,
        ChangeRequest,
        CHANGE_REQUEST,
    ),
}


def test_every_seed_operation_of_the_module_has_a_case() -> None:
    """The live-only ones are exercised in test_live_operations."""
    assert resource_operations(ChangeRequests) - ADDED_IN_LIVE == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


REFUSED: list[Any] = [
    pytest.param(
        lambda c: c.change_requests.list(S, limit=1001), InvalidRequestError, id="limit-over-1000"
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, REVISION)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
