"""Raw HTTP clients on the local workspace whose answers are checked against the live contract."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx2

from gitbook_mcp.local import LocalTransport
from tests.contract.profiles_support import load_profile_contract
from tests.support.contract import ContractViolation
from tests.support.local import BASE_URL

__all__ = ["REVIEW_OPERATIONS", "live_client"]

REVIEW_OPERATIONS = frozenset(
    {
        "getAuthenticatedUser",
        "listChangeRequestsForOrganization",
        "mergeChangeRequest",
        "updateChangeRequest",
        "getContributorsByChangeRequestId",
        "getReviewsByChangeRequestId",
        "submitChangeRequestReview",
        "getChangeRequestReviewById",
        "getRequestedReviewersByChangeRequestId",
        "requestReviewersForChangeRequest",
        "removeRequestedReviewerFromChangeRequest",
        "listFiles",
        "getFileById",
    }
)
"""Checked against the live contract; other answers (pages, change requests), whose live
shapes the profile work brings, are checked against the seed contract until then."""


async def _check(response: httpx2.Response) -> None:
    await response.aread()
    request = response.request
    live = load_profile_contract("live")
    path = request.url.path.split("/v1", 1)[1]
    try:
        mine = live.match(request.method, path).operation_id in REVIEW_OPERATIONS
    except ContractViolation:  # a seed operation the live service no longer has
        mine = False
    contract = live if mine else load_profile_contract("seed")
    contract.check_response(
        request.method, str(request.url), response.status_code, response.content
    )


@asynccontextmanager
async def live_client(app: object, token: str) -> AsyncIterator[httpx2.AsyncClient]:
    """A client with ``token`` on ``app``; every answer is validated against the live contract."""
    async with httpx2.AsyncClient(
        transport=LocalTransport(app),  # type: ignore[arg-type]
        base_url=BASE_URL,
        headers={"Authorization": f"Bearer {token}"},
        event_hooks={"response": [_check]},
    ) as client:
        yield client
