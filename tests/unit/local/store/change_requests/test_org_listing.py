"""The organization-wide change-request listing with its filters, the authenticated user, and
the main content's files, through HTTP (live contract)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    CR_MERGED,
    CR_REORGANISE,
    CR_TROUBLESHOOT,
    FILE_DIAGRAM,
    FILE_PRICING,
)
from gitbook_mcp.local.seed.reviews import CR_MOVE
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


ORG = "/orgs/org_acme/change-requests"


async def _ids(api: object, **params: str | list[str]) -> list[str]:
    response = await api.get(ORG, params=params)  # type: ignore[attr-defined]
    assert response.status_code == 200, response.text
    return [c["id"] for c in response.json()["items"]]


async def test_listing_defaults_to_open_and_filters_by_status(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        assert await _ids(api) == [CR_REORGANISE, CR_MOVE, CR_INSTALL]
        both = await _ids(api, status=["draft", "merged"])
        assert set(both) == {CR_TROUBLESHOOT, CR_MERGED}
        bad = await api.get(ORG, params={"status": "weird"})
        assert bad.status_code == 400
        assert "status" in bad.json()["error"]["message"]


async def test_listing_filters_by_creator_space_contributor_and_reviewer(
    app: object, store: Store
) -> None:
    every = ["draft", "open", "merged"]
    async with raw_api(app, "gb_local_admin") as api:
        assert await _ids(api, status=every, creator="usr_dana") == [CR_TROUBLESHOOT]
        assert await _ids(api, status=every, space="spc_api") == []
        assert CR_INSTALL in await _ids(api, status=every, space="spc_handbook")
        assert await _ids(api, requestedReviewer="usr_dana") == []
        await api.post(
            f"/spaces/spc_handbook/change-requests/{CR_MOVE}/requested-reviewers",
            json={"users": ["usr_dana"]},
        )
        assert await _ids(api, requestedReviewer="usr_dana") == [CR_MOVE]
        assert await _ids(api, requestedReviewer="usr_sam") == [CR_INSTALL]
        store.change_requests.reviewers.record_edit(CR_INSTALL, "usr_dana")
        assert set(await _ids(api, status=every, contributor="usr_dana")) == {
            CR_INSTALL,
            CR_TROUBLESHOOT,
        }
        assert await _ids(api, site="site_docs") == []


async def test_listing_orders_by_update_and_pages(
    app: object, store: Store, clock: ManualClock
) -> None:
    for index in range(3):
        clock.advance(timedelta(minutes=1))
        store.change_requests.rows.create(
            "spc_api", subject=f"API {index}", status="open", created_by="usr_admin"
        )
    async with raw_api(app, "gb_local_admin") as api:
        seen: list[str] = []
        params: dict[str, str | int] = {"limit": 2}
        while True:
            body = (await api.get(ORG, params=params)).json()
            seen += [c["subject"] for c in body["items"]]
            cursor = (body.get("next") or {}).get("page")
            if not cursor:
                break
            params["page"] = cursor
        assert seen[:3] == ["API 2", "API 1", "API 0"]
        assert set(seen[3:]) == {
            "Rewrite install guide",
            "Move Publishing to the top level",
            "Reorganise the guides",
        }
        by_creation = await _ids(api, orderBy="createdAt")
        assert by_creation[:3] == (await _ids(api))[:3]


async def test_listing_shows_only_spaces_the_caller_may_view(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        assert (await api.get("/orgs/org_globex/change-requests")).status_code == 200
    async with raw_api(app, "gb_local_reader") as api:
        assert (await api.get("/orgs/org_globex/change-requests")).status_code == 404


async def test_the_authenticated_user(app: object) -> None:
    async with raw_api(app, "gb_local_editor") as api:
        me = (await api.get("/user")).json()
    assert me["id"] == "usr_editor"
    assert me["displayName"] == "Eddie Editor"


async def test_files_of_the_main_content(app: object) -> None:
    async with raw_api(app, "gb_local_reader") as api:
        listed = (await api.get("/spaces/spc_handbook/content/files")).json()
        assert {f["id"] for f in listed["items"]} == {FILE_DIAGRAM, FILE_PRICING}
        one = (await api.get(f"/spaces/spc_handbook/content/files/{FILE_DIAGRAM}")).json()
        assert one["name"] == "diagram.png"
        assert one["dimensions"] == {"width": 1200, "height": 800}
        missing = await api.get("/spaces/spc_handbook/content/files/fl_nope")
        assert missing.status_code == 404
        paged = (await api.get("/spaces/spc_handbook/content/files", params={"limit": 1})).json()
        assert len(paged["items"]) == 1
        assert paged["next"]["page"]
