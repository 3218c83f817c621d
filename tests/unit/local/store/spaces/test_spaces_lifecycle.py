"""Spaces through HTTP: read, update (edit mode lock/unlock), soft delete and restore within
7 days, the purge after that, and duplicate."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


async def _ids(api: httpx2.AsyncClient, url: str, **params: Any) -> list[str]:
    ids: list[str] = []
    while True:
        response = await api.get(url, params=params)
        assert response.status_code == 200
        body = response.json()
        ids += [item["id"] for item in body["items"]]
        if "next" not in body:
            return ids
        params["page"] = body["next"]["page"]


async def _make_guest(api: httpx2.AsyncClient, user: str = "usr_reader") -> None:
    """Drop the user's organization role: it then sees only what it was granted."""
    response = await api.patch(f"/orgs/org_acme/members/{user}", json={"role": None})
    assert response.status_code == 200


# -- getSpaceById -------------------------------------------------------------------------


async def test_get_space_carries_permissions_for_the_caller(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    admin = await api.get("/spaces/spc_handbook", params={"shareKey": "ignored"})
    assert admin.status_code == 200
    space = admin.json()
    assert (space["id"], space["title"], space["parent"]) == (
        "spc_handbook",
        "User Handbook",
        "col_guides",
    )
    assert space["organization"] == "org_acme"
    assert space["permissions"]["admin"] is True
    async with api_as("gb_local_reader") as reader:
        seen = (await reader.get("/spaces/spc_handbook")).json()
        changelog = (await reader.get("/spaces/spc_changelog")).json()
    assert (seen["permissions"]["view"], seen["permissions"]["edit"]) == (True, False)
    assert changelog["permissions"]["edit"] is True  # the seed grants edit on this one space
    async with api_as("gb_local_commenter") as commenter:
        runbooks = (await commenter.get("/spaces/spc_runbooks")).json()
    assert runbooks["permissions"]["comment"] is True


async def test_get_space_not_found_or_not_visible(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    missing = await api.get("/spaces/spc_missing")
    assert missing.status_code == 404
    assert "spc_missing" in missing.json()["error"]["message"]
    assert (await api.get("/spaces/spc_archive")).status_code == 404  # deleted
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.get("/spaces/spc_globex")).status_code == 404  # not a member
    await _make_guest(api)
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/spaces/spc_api")).status_code == 404
        assert (await reader.get("/spaces/spc_changelog")).status_code == 200  # granted


# -- updateSpaceById ----------------------------------------------------------------------


async def test_update_changes_fields_and_reads_back(
    api: httpx2.AsyncClient, clock: ManualClock
) -> None:
    before = (await api.get("/spaces/spc_api")).json()
    clock.advance(timedelta(minutes=5))
    body = {"title": "API", "defaultLevel": "comment", "language": "fr", "emoji": "🧪"}
    response = await api.patch("/spaces/spc_api", json=body)
    assert response.status_code == 200
    space = (await api.get("/spaces/spc_api")).json()
    assert (space["title"], space["defaultLevel"], space["language"], space["emoji"]) == (
        "API",
        "comment",
        "fr",
        "🧪",
    )
    assert space["updatedAt"] > before["updatedAt"]
    assert (await api.patch("/spaces/spc_api", json={"defaultLevel": None})).json()[
        "defaultLevel"
    ] is None
    assert (await api.patch("/spaces/spc_api", json={"defaultLevel": "inherit"})).json()[
        "defaultLevel"
    ] == "inherit"


async def test_edit_mode_lock_and_unlock(api: httpx2.AsyncClient) -> None:
    locked = await api.patch("/spaces/spc_api", json={"editMode": "locked"})
    assert locked.json()["editMode"] == "locked"
    assert (await api.get("/spaces/spc_api")).json()["editMode"] == "locked"
    # a locked space can still be renamed and unlocked
    assert (await api.patch("/spaces/spc_api", json={"title": "Frozen"})).status_code == 200
    await api.patch("/spaces/spc_api", json={"editMode": "live"})
    assert (await api.get("/spaces/spc_api")).json()["editMode"] == "live"


async def test_icon_replaces_emoji_and_null_removes_both(api: httpx2.AsyncClient) -> None:
    icon = "https://example.test/icon.png"
    space = (await api.patch("/spaces/spc_api", json={"icon": icon})).json()
    assert (space["urls"]["icon"], space["emoji"]) == (icon, "")
    space = (await api.patch("/spaces/spc_api", json={"emoji": "🚀"})).json()
    assert space["emoji"] == "🚀"
    assert "icon" not in space["urls"]
    space = (await api.patch("/spaces/spc_api", json={"emoji": None})).json()
    assert space["emoji"] == ""


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"editMode": "frozen"}, "editMode"),
        ({"title": "x" * 51}, "title"),
        ({"defaultLevel": "owner"}, "defaultLevel"),
        ({"emoji": "🚀", "icon": "https://example.test/i.png"}, "body: matches more than one"),
        ({"icon": "not a url"}, "icon"),
    ],
)
async def test_update_rejects_bad_fields(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.patch("/spaces/spc_api", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(field)
    assert (await api.get("/spaces/spc_api")).json()["title"] == "API Reference"


async def test_update_needs_edit(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_commenter") as commenter:
        refused = await commenter.patch("/spaces/spc_api", json={"title": "No"})
    assert refused.status_code == 403
    assert "edit" in refused.json()["error"]["message"]
    async with api_as("gb_local_reader") as reader:
        assert (await reader.patch("/spaces/spc_api", json={"title": "No"})).status_code == 403
        granted = await reader.patch("/spaces/spc_changelog", json={"title": "News"})
    assert granted.status_code == 200
    assert (await api.get("/spaces/spc_api")).json()["title"] == "API Reference"
    assert (await api.patch("/spaces/spc_nope", json={"title": "x"})).status_code == 404


# -- deleteSpaceById and restoreSpace -----------------------------------------------------


async def test_delete_then_restore_within_seven_days(
    api: httpx2.AsyncClient, clock: ManualClock
) -> None:
    assert (await api.delete("/spaces/spc_api")).status_code == 205
    assert (await api.get("/spaces/spc_api")).status_code == 404
    assert (await api.patch("/spaces/spc_api", json={"title": "x"})).status_code == 404
    assert "spc_api" not in await _ids(api, "/orgs/org_acme/spaces")
    assert "spc_api" not in await _ids(api, "/collections/col_product/spaces")
    assert (await api.delete("/spaces/spc_api")).status_code == 204  # already deleted
    clock.advance(timedelta(days=6, hours=23))
    restored = await api.post("/spaces/spc_api/restore")
    assert restored.status_code == 200
    assert restored.json()["id"] == "spc_api"
    assert "deletedAt" not in restored.json()
    assert (await api.get("/spaces/spc_api")).json()["parent"] == "col_product"
    assert "spc_api" in await _ids(api, "/collections/col_product/spaces")


async def test_delete_of_a_missing_space_is_204(api: httpx2.AsyncClient) -> None:
    assert (await api.delete("/spaces/spc_never")).status_code == 204


async def test_delete_and_restore_need_space_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as editor:
        refused = await editor.delete("/spaces/spc_api")
        assert refused.status_code == 403
        assert "admin" in refused.json()["error"]["message"]
    assert (await api.get("/spaces/spc_api")).status_code == 200
    async with api_as("gb_local_editor") as editor:
        assert (await editor.post("/spaces/spc_archive/restore")).status_code == 403
    assert (await api.get("/spaces/spc_archive")).status_code == 404  # still deleted


async def test_a_space_deleted_over_seven_days_ago_is_gone(
    api: httpx2.AsyncClient, clock: ManualClock, store: Store
) -> None:
    assert (await api.delete("/spaces/spc_api")).status_code == 205
    clock.advance(timedelta(days=8))
    assert (await api.post("/spaces/spc_api/restore")).status_code == 404
    assert (await api.get("/spaces/spc_api")).status_code == 404
    assert (await api.delete("/spaces/spc_api")).status_code == 204
    assert store.db.one("SELECT 1 FROM spaces WHERE id = 'spc_api'") is None


async def test_the_seeded_deleted_space_is_restorable(api: httpx2.AsyncClient) -> None:
    assert "spc_archive" not in await _ids(api, "/orgs/org_acme/spaces")
    restored = await api.post("/spaces/spc_archive/restore")  # deleted 2 days before the seed
    assert restored.status_code == 200
    assert restored.json()["title"] == "Old Docs"
    assert "spc_archive" in await _ids(api, "/orgs/org_acme/spaces")


async def test_the_seeded_deleted_space_expires_seven_days_after_its_deletion(
    api: httpx2.AsyncClient, clock: ManualClock, store: Store
) -> None:
    clock.advance(timedelta(days=4, hours=23))
    assert (await api.get("/orgs/org_acme/spaces")).status_code == 200  # runs the lazy purge
    assert store.db.one("SELECT 1 FROM spaces WHERE id = 'spc_archive'") is not None
    clock.advance(timedelta(hours=1))  # exactly 7 days after the deletion
    assert (await api.post("/spaces/spc_archive/restore")).status_code == 404


async def test_restore_of_a_live_or_unknown_space(api: httpx2.AsyncClient) -> None:
    live = await api.post("/spaces/spc_api/restore")
    assert live.status_code == 412
    assert "not deleted" in live.json()["error"]["message"]
    assert (await api.post("/spaces/spc_nope/restore")).status_code == 404


# -- duplicateSpace -----------------------------------------------------------------------


async def test_duplicate_places_a_copy_after_the_original(
    api: httpx2.AsyncClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    copied: list[tuple[str, str]] = []
    monkeypatch.setattr(
        store.content,
        "duplicate_space_content",
        lambda source, target: copied.append((source, target)),
        raising=False,
    )
    await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    response = await api.post("/spaces/spc_api/duplicate")
    assert response.status_code == 201
    copy = response.json()
    assert (copy["title"], copy["parent"], copy["emoji"]) == (
        "API Reference (copy)",
        "col_product",
        "🧩",
    )
    assert copied == [("spc_api", copy["id"])]
    assert await _ids(api, "/collections/col_product/spaces") == [
        "spc_api",
        copy["id"],
        "spc_changelog",
    ]
    assert (await api.get(f"/spaces/{copy['id']}")).json()["permissions"]["admin"] is True


async def test_duplicate_keeps_the_title_within_fifty_characters(api: httpx2.AsyncClient) -> None:
    await api.patch("/spaces/spc_api", json={"title": "t" * 50})
    copy = (await api.post("/spaces/spc_api/duplicate")).json()
    assert len(copy["title"]) == 50
    assert copy["title"].endswith(" (copy)")


async def test_duplicate_needs_create_content(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    before = await _ids(api, "/orgs/org_acme/spaces")
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post("/spaces/spc_api/duplicate")
    assert refused.status_code == 403
    assert "createContent" in refused.json()["error"]["message"]
    async with api_as("gb_local_reader") as reader:
        assert (await reader.post("/spaces/spc_changelog/duplicate")).status_code == 403
    assert await _ids(api, "/orgs/org_acme/spaces") == before
    assert (await api.post("/spaces/spc_nope/duplicate")).status_code == 404
    assert (await api.post("/spaces/spc_archive/duplicate")).status_code == 404


async def test_duplicate_does_not_copy_git_sync_or_grants(
    api: httpx2.AsyncClient, store: Store
) -> None:
    git_sync = {"repoName": "acme/changelog", "installationProvider": "github"}
    with store.db.transaction():
        store.db.execute(
            "UPDATE spaces SET data = ? WHERE id = 'spc_changelog'",
            (json.dumps({"gitSync": git_sync}),),
        )
    assert (await api.get("/spaces/spc_changelog")).json()["gitSync"] == git_sync
    copy = (await api.post("/spaces/spc_changelog/duplicate")).json()
    assert "gitSync" not in copy
    assert "parent" not in copy
    users = (await api.get(f"/spaces/{copy['id']}/permissions/users")).json()
    assert users["items"] == []  # the reader's grant stays on the original
