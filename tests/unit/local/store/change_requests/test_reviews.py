"""Reviews, requested reviewers and contributors of a change request through HTTP (live
contract): who may review or request, outdated reviews, and who contributed."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL, CR_TROUBLESHOOT
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"


async def test_a_review_with_a_comment_is_listed_and_read_back(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        body = {"status": "approved", "comment": {"markdown": "Looks **good**."}}
        posted = await api.post(f"{CR}/reviews", json=body)
        assert posted.status_code == 201
        review = posted.json()
        assert review["reviewer"]["id"] == "usr_admin"
        assert review["status"] == "approved"
        assert review["outdated"] is False
        assert review["comment"]["body"] == {"markdown": "Looks **good**."}
        assert review["revision"] == (await api.get(CR)).json()["revision"]
        read = (await api.get(f"{CR}/reviews/{review['id']}")).json()
        assert read == review
        as_document = await api.get(f"{CR}/reviews/{review['id']}", params={"format": "document"})
        assert "document" in as_document.json()["comment"]["body"]
        listed = (await api.get(f"{CR}/reviews")).json()
        assert review["id"] in [r["id"] for r in listed["items"]]
        missing = await api.get(f"{CR}/reviews/rvw_nope")
        assert missing.status_code == 404


async def test_a_review_without_the_review_flag_is_403(app: object) -> None:
    for token in ("gb_local_reader", "gb_local_commenter", "gb_local_editor"):
        async with raw_api(app, token) as api:
            refused = await api.post(f"{CR}/reviews", json={"status": "approved"})
            assert refused.status_code == 403, token
    async with raw_api(app, "gb_local_admin") as api:
        listed = (await api.get(f"{CR}/reviews")).json()
        assert all(r["reviewer"]["id"] == "usr_admin" for r in listed["items"])


async def test_a_requested_reviewer_may_review_without_the_flag(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        asked = await api.post(f"{CR}/requested-reviewers", json={"users": ["usr_editor"]})
        assert asked.status_code == 200
    async with raw_api(app, "gb_local_editor") as api:
        posted = await api.post(f"{CR}/reviews", json={"status": "changes-requested"})
        assert posted.status_code == 201
        assert posted.json()["requestedBy"]["id"] == "usr_admin"


async def test_bad_review_status_is_400_naming_the_field(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        bad = await api.post(f"{CR}/reviews", json={"status": "maybe"})
        assert bad.status_code == 400
        assert "status" in bad.json()["error"]["message"]


async def test_reviews_become_outdated_when_the_change_request_moves_on(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        review = (await api.post(f"{CR}/reviews", json={"status": "approved"})).json()
        await api.post(f"{CR}/update")
        outdated = (await api.get(f"{CR}/reviews", params={"outdated": "true"})).json()
        assert review["id"] in [r["id"] for r in outdated["items"]]
        current = (await api.get(f"{CR}/reviews", params={"outdated": "false"})).json()
        assert review["id"] not in [r["id"] for r in current["items"]]


async def test_requesting_listing_and_removing_reviewers(app: object) -> None:
    async with raw_api(app, "gb_local_editor") as api:
        asked = await api.post(
            f"{CR}/requested-reviewers", json={"users": ["usr_sam"], "subject": "Install v2"}
        )
        assert [u["user"]["id"] for u in asked.json()["users"]] == ["usr_sam"]
        assert (await api.get(CR)).json()["subject"] == "Install v2"
        listed = (await api.get(f"{CR}/requested-reviewers")).json()
        assert "usr_sam" in [r["user"]["id"] for r in listed["items"]]
        assert all(r["requestedBy"]["id"] for r in listed["items"])
        gone = await api.delete(f"{CR}/requested-reviewers/usr_sam")
        assert gone.status_code == 205
        again = await api.delete(f"{CR}/requested-reviewers/usr_sam")
        assert again.status_code == 204
        listed = (await api.get(f"{CR}/requested-reviewers")).json()
        assert "usr_reader" not in [r["user"]["id"] for r in listed["items"]]


async def test_requesting_reviewers_needs_edit_and_known_users(app: object) -> None:
    async with raw_api(app, "gb_local_reader") as api:
        refused = await api.post(f"{CR}/requested-reviewers", json={"users": ["usr_dana"]})
        assert refused.status_code == 403
        assert (await api.delete(f"{CR}/requested-reviewers/usr_sam")).status_code == 403
    async with raw_api(app, "gb_local_editor") as api:
        empty = await api.post(f"{CR}/requested-reviewers", json={"users": []})
        assert empty.status_code == 400
        stranger = await api.post(
            f"{CR}/requested-reviewers", json={"users": ["usr_reader", "usr_nobody"]}
        )
        assert stranger.status_code == 400
        assert "users[1]" in stranger.json()["error"]["message"]
        listed = (await api.get(f"{CR}/requested-reviewers")).json()
        assert "usr_reader" not in [r["user"]["id"] for r in listed["items"]]


async def test_contributors_count_edits_and_comments(app: object, store: Store) -> None:
    store.change_requests.reviewers.record_edit(CR_TROUBLESHOOT, "usr_dana")
    store.change_requests.reviewers.record_edit(CR_TROUBLESHOOT, "usr_dana")  # and one in the demo
    cr = f"{SPACE}/change-requests/{CR_TROUBLESHOOT}"
    async with raw_api(app, "gb_local_admin") as api:
        posted = await api.post(f"{cr}/comments", json={"body": {"markdown": "Nice page."}})
        assert posted.status_code == 200
        body = (await api.get(f"{cr}/contributors")).json()
    found = {(c["user"]["id"], c["actionType"]): c["count"] for c in body["items"]}
    assert found[("usr_dana", "edit")] == 3
    assert found[("usr_admin", "comment")] >= 1
    async with raw_api(app, "gb_local_admin") as api:
        missing = await api.get(f"{SPACE}/change-requests/cr_nope/contributors")
        assert missing.status_code == 404


async def test_a_content_batch_counts_as_an_edit_of_its_author(app: object) -> None:
    cr = f"{SPACE}/change-requests/{CR_TROUBLESHOOT}"
    change = {
        "operation": "insert_page",
        "title": "Another page",
        "document": {"markdown": "Text."},
    }
    async with raw_api(app, "gb_local_editor") as api:
        before = _edits_by((await api.get(f"{cr}/contributors")).json(), "usr_editor")
        edited = await api.post(f"{cr}/content", json={"changes": [change]})
        assert edited.status_code == 200, edited.text
        after = _edits_by((await api.get(f"{cr}/contributors")).json(), "usr_editor")
    assert after == before + 1


def _edits_by(listing: dict[str, Any], user_id: str) -> int:
    return sum(
        int(c["count"])
        for c in listing["items"]
        if c["actionType"] == "edit" and c["user"]["id"] == user_id
    )
