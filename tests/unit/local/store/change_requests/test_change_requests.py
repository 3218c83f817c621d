"""Change requests through HTTP: listing by status and contributor, paging, lookup by id or
number, and what merging does (revisionMerged, outdated, the published content)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.errors import Conflict
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    CR_MERGED,
    CR_REORGANISE,
    CR_TROUBLESHOOT,
    PAGE_GETTING_STARTED,
    PAGE_INSTALL,
)
from gitbook_mcp.local.seed.reviews import CR_MOVE

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook"


async def test_listing_defaults_to_open_and_filters_by_status(api: httpx2.AsyncClient) -> None:
    open_ones = (await api.get(f"{SPACE}/change-requests")).json()
    assert [c["id"] for c in open_ones["items"]] == [CR_MOVE, CR_REORGANISE, CR_INSTALL]
    assert open_ones["count"] == 3
    for status, expected in (
        ("draft", [CR_TROUBLESHOOT]),
        ("merged", [CR_MERGED]),
        ("archived", []),
    ):
        listed = (await api.get(f"{SPACE}/change-requests", params={"status": status})).json()
        assert [c["id"] for c in listed["items"]] == expected
    bad = await api.get(f"{SPACE}/change-requests", params={"status": "weird"})
    assert bad.status_code == 400
    assert "status" in bad.json()["error"]["message"]


async def test_listing_filters_by_contributor(api: httpx2.AsyncClient) -> None:
    mine = await api.get(
        f"{SPACE}/change-requests", params={"status": "draft", "contributor": "usr_dana"}
    )
    assert [c["number"] for c in mine.json()["items"]] == [2]
    none = await api.get(
        f"{SPACE}/change-requests", params={"status": "draft", "contributor": "usr_editor"}
    )
    assert none.json()["items"] == []


async def test_listing_pages_newest_first(api: httpx2.AsyncClient, store: Store) -> None:
    for index in range(4):
        store.change_requests.rows.create(
            "spc_handbook", subject=f"Extra {index}", status="open", created_by="usr_editor"
        )
    numbers: list[int] = []
    cursor = None
    while True:
        params: dict[str, str | int] = {"limit": 2}
        if cursor:
            params["page"] = cursor
        body = (await api.get(f"{SPACE}/change-requests", params=params)).json()
        numbers += [c["number"] for c in body["items"]]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            break
    assert numbers == [9, 8, 7, 6, 5, 4, 1]
    assert (await api.get(f"{SPACE}/change-requests", params={"limit": 1001})).status_code == 400


async def test_get_by_id_or_by_number(api: httpx2.AsyncClient) -> None:
    by_id = (await api.get(f"{SPACE}/change-requests/{CR_INSTALL}")).json()
    by_number = (await api.get(f"{SPACE}/change-requests/1")).json()
    assert by_id == by_number
    assert by_id["number"] == 1
    assert by_id["subject"] == "Rewrite install guide"
    assert by_id["createdBy"]["id"] == "usr_editor"
    assert by_id["urls"]["location"].endswith("/s/spc_handbook/~/changes/1")
    assert (await api.get(f"{SPACE}/change-requests/99")).status_code == 404
    assert (await api.get(f"{SPACE}/change-requests/cr_nope")).status_code == 404
    elsewhere = await api.get(f"/spaces/spc_api/change-requests/{CR_INSTALL}")
    assert elsewhere.status_code == 404
    assert (await api.get("/spaces/spc_nope/change-requests")).status_code == 404


async def test_reads_need_space_view(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get(f"{SPACE}/change-requests/1")).status_code == 200
        assert (await reader.get("/spaces/spc_globex/change-requests")).status_code == 404


async def test_merged_change_request_published_its_content(api: httpx2.AsyncClient) -> None:
    merged = (await api.get(f"{SPACE}/change-requests/3")).json()
    space = (await api.get(SPACE)).json()
    assert merged["status"] == "merged"
    assert merged["revisionMerged"] == space["revision"]
    assert merged["outdated"] is False
    intro = (await api.get(f"{SPACE}/content/page/{PAGE_GETTING_STARTED}")).json()
    assert intro["markdown"].startswith("## Welcome\n\nNew here?")
    for ref in ("1", "2"):
        started_before = (await api.get(f"{SPACE}/change-requests/{ref}")).json()
        assert started_before["outdated"] is True
        assert started_before["revisionInitial"] != space["revision"]
        assert "revisionMerged" not in started_before


async def test_a_new_change_request_starts_from_the_published_content(
    api: httpx2.AsyncClient, store: Store
) -> None:
    cr_id, revision = store.change_requests.rows.create(
        "spc_handbook", subject="Fresh", status="open", created_by="usr_admin"
    )
    fresh = (await api.get(f"{SPACE}/change-requests/{cr_id}")).json()
    space = (await api.get(SPACE)).json()
    assert fresh["number"] == 6
    assert fresh["revisionInitial"] == space["revision"]
    assert fresh["revision"] == revision
    assert fresh["outdated"] is False
    page = (await api.get(f"{SPACE}/change-requests/5/content/page/{PAGE_INSTALL}")).json()
    assert (
        page["markdown"]
        == (await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}")).json()["markdown"]
    )


async def test_merging_twice_is_a_conflict(store: Store) -> None:
    with pytest.raises(Conflict):
        store.change_requests.rows.merge(CR_MERGED)


async def test_comments_count_only_open_comments(api: httpx2.AsyncClient, store: Store) -> None:
    before = (await api.get(f"{SPACE}/change-requests/1")).json()["comments"]
    open_count = store.db.scalar(
        "SELECT COUNT(*) FROM comments WHERE change_request_id = ? AND status = 'open'",
        (CR_INSTALL,),
    )
    assert before == open_count
    store.db.execute(
        "UPDATE comments SET status = 'resolved' WHERE change_request_id = ?", (CR_INSTALL,)
    )
    assert (await api.get(f"{SPACE}/change-requests/1")).json()["comments"] == 0
