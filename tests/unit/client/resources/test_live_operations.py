"""The 21 operations of the live profile: requests, typed answers, refusals and retry rules.

Every request is checked against the live contract; each answer is a valid live answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from pydantic import ValidationError

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.models.authoring import (
    ChangeRequestContentUpdate,
    ChangeRequestReview,
    MergeResult,
)
from gitbook_mcp.client.models.content import ChangeRequest
from gitbook_mcp.client.models.findings import BulkRedirectsResult, SiteFinding
from tests.contract.profiles_support import load_profile_contract
from tests.unit.client.resources.payloads_content_sites import CHANGE_REQUEST

pytestmark = pytest.mark.anyio

USER = {"object": "user", "id": "usr_1", "displayName": "Ada", "urls": {"location": "u"}}
REVIEW = {
    "object": "change-request-review",
    "id": "rev_1",
    "revision": "r1",
    "reviewer": USER,
    "status": "approved",
    "outdated": False,
    "createdAt": "2026-01-02T03:04:05.000Z",
    "updatedAt": "2026-01-02T03:04:05.000Z",
    "urls": {"app": "https://app.test/r"},
}


class Recorder:
    """Answers each request with the next of ``answers``; records and contract-checks it."""

    def __init__(self, *answers: tuple[int, Any]) -> None:
        self.answers = list(answers)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        load_profile_contract("live").check_request(
            request.method, str(request.url), request.content or None
        )
        status, body = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        return httpx2.Response(status, json=body)

    def client(self) -> GitBookClient:
        return GitBookClient(
            token="t",
            base_url="http://api.test/v1",
            transport=httpx2.MockTransport(self),
            profile="live",
            sleep=_no_sleep,
        )


async def _no_sleep(_: float) -> None:
    return None


def _body(request: httpx2.Request) -> Any:
    return json.loads(request.content)


async def test_a_typed_batch_is_sent_and_answered_by_compat() -> None:
    update = {"changeRequest": CHANGE_REQUEST, "changes": [{"operation": "update_page"}]}
    recorder = Recorder((200, CHANGE_REQUEST), (200, update))
    changes: list[Any] = [
        {"operation": "update_page", "page": "pg_1", "document": {"markdown": "# Hi"}},
        {"operation": "delete_page", "page": "pg_2"},
    ]
    async with recorder.client() as client:
        compat = await client.change_requests.update_content("spc_1", "cr_1", changes=changes)
        detailed = await client.change_requests.update_content(
            "spc_1", "cr_1", changes=changes, compat=False
        )
    assert isinstance(compat, ChangeRequest)
    assert isinstance(detailed, ChangeRequestContentUpdate)
    first, second = recorder.requests
    assert first.url.params["compat"] == "true"
    assert second.url.params["compat"] == "false"
    assert _body(first)["changes"][1] == {"operation": "delete_page", "page": "pg_2"}


BAD_BATCHES: list[Any] = [
    pytest.param([], id="empty"),
    pytest.param([{"operation": "delete_page", "page": "p"}] * 51, id="over-50"),
    pytest.param([{"operation": "rename_page", "page": "p"}], id="unknown-kind"),
    pytest.param([{"operation": "update_page"}], id="update-without-page"),
    pytest.param([{"operation": "insert_page", "title": "T"}], id="insert-without-document"),
    pytest.param(
        [{"operation": "insert_files", "files": [{"name": "a", "url": "u", "base64": "b"}]}],
        id="file-with-two-sources",
    ),
    pytest.param([{"operation": "delete_page", "page": "p", "typo": 1}], id="unknown-field"),
]


@pytest.mark.parametrize("changes", BAD_BATCHES)
async def test_an_invalid_batch_is_refused_before_sending(changes: list[Any]) -> None:
    recorder = Recorder((200, CHANGE_REQUEST))
    async with recorder.client() as client:
        with pytest.raises(ValidationError):
            await client.change_requests.update_content("spc_1", "cr_1", changes=changes)
    assert recorder.requests == []


NOT_RETRIED: list[tuple[str, Callable[[GitBookClient], Any]]] = [
    ("content", lambda c: c.change_requests.update_content("s", "c", changes=[_DELETE])),
    ("merge", lambda c: c.change_requests.merge("s", "c")),
    ("update", lambda c: c.change_requests.update_from_main("s", "c")),
    ("reviews", lambda c: c.reviews.submit("s", "c", status="approved")),
    ("requested-reviewers", lambda c: c.reviews.request_reviewers("s", "c", users=["u"])),
]
_DELETE = {"operation": "delete_page", "page": "p"}


@pytest.mark.parametrize(("name", "call"), NOT_RETRIED, ids=[n for n, _ in NOT_RETRIED])
async def test_non_idempotent_writes_are_not_retried_once_sent(
    name: str, call: Callable[[GitBookClient], Any]
) -> None:
    recorder = Recorder((503, {"error": {"code": 503, "message": "busy"}}))
    async with recorder.client() as client:
        with pytest.raises(Exception, match="503"):
            await call(client)
    assert len(recorder.requests) == 1
    assert recorder.requests[0].url.path.endswith(name)


async def test_reads_of_the_live_profile_are_retried() -> None:
    recorder = Recorder((503, {"error": {"code": 503, "message": "busy"}}), (200, REVIEW))
    async with recorder.client() as client:
        review = await client.reviews.get("spc_1", "cr_1", "rev_1")
    assert isinstance(review, ChangeRequestReview)
    assert review.status == "approved"
    assert len(recorder.requests) == 2


async def test_merge_reports_conflicts_as_its_result() -> None:
    recorder = Recorder((200, {"revision": "r2", "result": "conflicts"}))
    async with recorder.client() as client:
        merged = await client.change_requests.merge("spc_1", "cr_1")
    assert isinstance(merged, MergeResult)
    assert merged.result == "conflicts"


async def test_org_change_requests_send_their_filters() -> None:
    recorder = Recorder((200, {"items": [CHANGE_REQUEST], "count": 1}))
    async with recorder.client() as client:
        page = await client.change_requests.list_for_organization(
            "org_1", status=["open", "draft"], requested_reviewer="usr_2", space="spc_1"
        )
    assert isinstance(page.items[0], ChangeRequest)
    query = recorder.requests[0].url.params
    assert query.get_list("status") == ["open", "draft"]
    assert (query["requestedReviewer"], query["space"]) == ("usr_2", "spc_1")


async def test_findings_and_bulk_redirects() -> None:
    finding = {"id": "f1", "status": "done", "type": "broken-link", "pages": 2}
    results = {"results": [{"status": "deleted", "source": "/gone", "draft": False}]}
    recorder = Recorder((200, finding), (200, results))
    async with recorder.client() as client:
        done = await client.findings.update("org_1", "site_1", "f1", status="done")
        bulk = await client.redirects.bulk_upsert(
            "org_1", "site_1", redirects=[{"source": "/gone", "destination": None}]
        )
    assert isinstance(done, SiteFinding)
    assert done.type == "broken-link"
    assert isinstance(bulk, BulkRedirectsResult)
    assert _body(recorder.requests[1]) == {"redirects": [{"source": "/gone", "destination": None}]}


async def test_a_bulk_redirect_without_destination_or_publish_is_refused() -> None:
    recorder = Recorder((200, {"results": []}))
    async with recorder.client() as client:
        with pytest.raises(ValidationError):
            await client.redirects.bulk_upsert("o", "s", redirects=[{"source": "/a"}])
    assert recorder.requests == []


async def test_the_authenticated_user() -> None:
    recorder = Recorder((200, USER))
    async with recorder.client() as client:
        me = await client.users.me()
    assert me.id == "usr_1"
    assert recorder.requests[0].url.path == "/v1/user"
