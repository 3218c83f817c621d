"""The demo's review work: a requested reviewer and a review on #1, and #4, whose move of a
page breaks links once merged."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store, create_app
from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.reviews import CR_MOVE, REVIEW_COMMENT
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


SPACE = "/spaces/spc_handbook"


async def test_the_open_change_request_has_a_requested_reviewer_and_a_review(
    app: object,
) -> None:
    cr = f"{SPACE}/change-requests/{CR_INSTALL}"
    async with raw_api(app, "gb_local_reader") as api:
        asked = (await api.get(f"{cr}/requested-reviewers")).json()["items"]
        reviews = (await api.get(f"{cr}/reviews")).json()["items"]
        contributors = (await api.get(f"{cr}/contributors")).json()["items"]
    assert [(r["user"]["id"], r["requestedBy"]["id"]) for r in asked] == [("usr_sam", "usr_editor")]
    assert [(r["reviewer"]["id"], r["status"]) for r in reviews] == [
        ("usr_admin", "changes-requested")
    ]
    assert reviews[0]["comment"]["body"] == {"markdown": REVIEW_COMMENT}
    assert ("usr_editor", "edit") in {(c["user"]["id"], c["actionType"]) for c in contributors}


async def test_merging_the_move_keeps_links_to_the_moved_page(app: object, store: Store) -> None:
    # The link listing is a seed operation: read it through a seed app over the same store.
    seed_app = create_app(store, profile="seed")
    async with (
        raw_api(app, "gb_local_admin") as api,
        raw_api(seed_app, "gb_local_admin", profile="seed") as seed,
    ):
        moved = (await api.get(f"{SPACE}/change-requests/{CR_MOVE}/content/path/publishing")).json()
        assert moved["path"] == "publishing"
        before = (await seed.get(f"{SPACE}/links", params={"status": "broken"})).json()
        answer = (await api.post(f"{SPACE}/change-requests/{CR_MOVE}/merge")).json()
        assert answer["result"] == "merge"
        after = (await seed.get(f"{SPACE}/links", params={"status": "broken"})).json()
    assert _broken_to(before, "publishing.md") == set()
    assert _broken_to(after, "publishing.md") == set()
    assert len(after["items"]) == len(before["items"])


def _broken_to(listing: dict[str, Any], url: str) -> set[str]:
    """The pages holding a broken link to ``url``."""
    return {
        location["page"]["id"]
        for link in listing["items"]
        if link["targetReference"].get("url") == url
        for location in link["locationReferences"]
    }
