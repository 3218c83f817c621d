"""Change-request authoring through HTTP (live profile): opening a draft, the subject and the
status matrix, and who may do either; every answer is checked against the live contract."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL, CR_MERGED
from gitbook_mcp.local.store.change_requests.authoring import TRANSITIONS
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


SPACE = "/spaces/spc_handbook"


@pytest.fixture
async def editor(app: object) -> AsyncIterator[httpx2.AsyncClient]:
    async with raw_api(app, "gb_local_editor") as client:
        yield client


async def test_create_opens_a_draft_on_the_current_revision(
    editor: httpx2.AsyncClient, store: Store
) -> None:
    answer = await editor.post(f"{SPACE}/change-requests", json={"subject": "Fix links"})
    assert answer.status_code == 201
    cr = answer.json()
    assert (cr["status"], cr["subject"], cr["createdBy"]["id"]) == (
        "draft",
        "Fix links",
        "usr_editor",
    )
    current = store.db.scalar("SELECT revision_id FROM spaces WHERE id = 'spc_handbook'")
    assert cr["revisionInitial"] == current
    assert cr["revision"] != current
    assert answer.headers["Location"] == cr["urls"]["location"]
    untitled = await editor.post(f"{SPACE}/change-requests", json={})
    assert untitled.status_code == 201
    assert untitled.json()["number"] == cr["number"] + 1


async def test_update_changes_subject_and_follows_the_status_matrix(
    editor: httpx2.AsyncClient,
) -> None:
    cr = (await editor.post(f"{SPACE}/change-requests", json={})).json()
    url = f"{SPACE}/change-requests/{cr['id']}"
    renamed = await editor.patch(url, json={"subject": "Renamed"})
    assert (renamed.json()["subject"], renamed.json()["status"]) == ("Renamed", "draft")
    for status in ("open", "draft", "archived", "open", "archived", "draft"):
        answer = await editor.patch(url, json={"status": status})
        assert answer.status_code == 200, status
        assert answer.json()["status"] == status
    minimal = await editor.patch(
        url, json={"subject": "Quiet"}, headers={"Prefer": "return=minimal"}
    )
    assert minimal.status_code == 204
    assert (await editor.get(url)).json()["subject"] == "Quiet"


async def test_merged_change_requests_never_change_and_unknown_statuses_are_400(
    editor: httpx2.AsyncClient,
) -> None:
    assert TRANSITIONS["merged"] == frozenset()
    for body in ({"status": "open"}, {"subject": "Late"}):
        answer = await editor.patch(f"{SPACE}/change-requests/{CR_MERGED}", json=body)
        assert answer.status_code == 409
        assert "merged" in answer.json()["error"]["message"]
    merged = await editor.patch(f"{SPACE}/change-requests/{CR_INSTALL}", json={"status": "merged"})
    assert merged.status_code == 400
    assert "status" in merged.json()["error"]["message"]


async def test_a_token_without_edit_gets_403_and_changes_nothing(app: object) -> None:
    async with raw_api(app, "gb_local_reader") as reader:
        created = await reader.post(f"{SPACE}/change-requests", json={"subject": "No"})
        assert created.status_code == 403
        updated = await reader.patch(
            f"{SPACE}/change-requests/{CR_INSTALL}", json={"subject": "No"}
        )
        assert updated.status_code == 403
        assert (await reader.get(f"{SPACE}/change-requests/{CR_INSTALL}")).json()[
            "subject"
        ] == "Rewrite install guide"
