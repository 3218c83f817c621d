"""mergeChangeRequest and updateChangeRequest through HTTP (live contract): a clean merge, a
merge with conflicts that loses nothing, a forbidden merge, and rebasing a change request."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    INTRO_POLISHED,
    PAGE_GETTING_STARTED,
    PAGE_INSTALL,
    PAGE_PUBLISHING,
    PAGE_UPGRADE,
)
from gitbook_mcp.local.seed.reviews import CR_MOVE
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"
MAIN_EDIT = "## Install the CLI\n\nMain content says: use the archive.\n"


def _edit_main(store: Store, page_id: str, markdown: str) -> None:
    """Change a page of the main content through another change request, merged at once."""
    crs = store.change_requests.rows
    cr_id, revision = crs.create("spc_handbook", subject="Main edit", created_by="usr_admin")
    store.content.revisions.set_markdown(revision, page_id, markdown)
    crs.merge(cr_id)


async def _page(api: httpx2.AsyncClient, page_id: str, prefix: str = SPACE) -> str:
    page = (await api.get(f"{prefix}/content/page/{page_id}")).json()
    return str(page["markdown"])


async def test_merge_publishes_edits_and_keeps_the_main_contents_own(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        cr_install = await _page(api, PAGE_INSTALL, CR)
        answer = await api.post(f"{CR}/merge")
        assert answer.status_code == 200
        assert answer.json()["result"] == "merge"
        revision = answer.json()["revision"]
        assert (await api.get(f"{SPACE}/content")).json()["id"] == revision
        assert await _page(api, PAGE_INSTALL) == cr_install
        # The introduction was polished on the main content after the change request began.
        assert await _page(api, PAGE_GETTING_STARTED) == INTRO_POLISHED
        upgrade = (await api.get(f"{SPACE}/content/page/{PAGE_UPGRADE}")).json()
        assert upgrade["path"] == "getting-started/upgrade"
        merged = (await api.get(CR)).json()
        assert merged["status"] == "merged"
        assert merged["revisionMerged"] == revision
        again = await api.post(f"{CR}/merge")
        assert again.status_code == 409
        assert (await api.post(f"{CR}/update")).status_code == 409


async def test_merge_with_a_page_changed_on_both_sides_reports_conflicts_and_publishes_nothing(
    app: object, store: Store
) -> None:
    _edit_main(store, PAGE_INSTALL, MAIN_EDIT)
    async with raw_api(app, "gb_local_admin") as api:
        before = (await api.get(f"{SPACE}/content")).json()["id"]
        cr_revision = (await api.get(CR)).json()["revision"]
        answer = (await api.post(f"{CR}/merge")).json()
        assert answer == {"revision": cr_revision, "result": "conflicts"}
        # Nothing published, nothing lost: main as it was, the change request open and intact.
        assert (await api.get(f"{SPACE}/content")).json()["id"] == before
        assert MAIN_EDIT.strip() in await _page(api, PAGE_INSTALL)
        assert "<<<<<<<" not in await _page(api, PAGE_INSTALL)
        assert (await api.get(CR)).json()["status"] == "open"
        # Updating brings the conflict into the change request; once settled it merges.
        assert (await api.post(f"{CR}/update")).json()["result"] == "conflicts"
        assert "\\<\\<\\<\\<\\<\\<\\< change request" in await _page(api, PAGE_INSTALL, CR)


async def test_merge_without_the_merge_flag_is_403_and_changes_nothing(app: object) -> None:
    async with raw_api(app, "gb_local_editor") as api:
        before = (await api.get(f"{SPACE}/content")).json()["id"]
        refused = await api.post(f"{CR}/merge")
        assert refused.status_code == 403
        assert "merge" in refused.json()["error"]["message"]
        assert (await api.get(f"{SPACE}/content")).json()["id"] == before
        assert (await api.get(CR)).json()["status"] == "open"
    async with raw_api(app, "gb_local_reader") as api:
        assert (await api.post(f"{CR}/merge")).status_code == 403


async def test_update_brings_the_main_contents_changes_into_the_change_request(
    app: object,
) -> None:
    async with raw_api(app, "gb_local_editor") as api:
        before = (await api.get(CR)).json()
        assert before["outdated"] is True
        cr_install = await _page(api, PAGE_INSTALL, CR)
        answer = await api.post(f"{CR}/update")
        assert answer.status_code == 200
        assert answer.json()["result"] == "update"
        after = (await api.get(CR)).json()
        assert after["revision"] == answer.json()["revision"] != before["revision"]
        assert after["outdated"] is False
        assert after["revisionInitial"] == (await api.get(f"{SPACE}/content")).json()["id"]
        assert await _page(api, PAGE_GETTING_STARTED, CR) == INTRO_POLISHED
        assert await _page(api, PAGE_INSTALL, CR) == cr_install
        # Up to date: a second update changes nothing.
        again = (await api.post(f"{CR}/update")).json()
        assert again == {"revision": after["revision"], "result": "update"}


async def test_update_with_conflicts_keeps_both_sides_in_the_change_request(
    app: object, store: Store
) -> None:
    _edit_main(store, PAGE_INSTALL, MAIN_EDIT)
    async with raw_api(app, "gb_local_editor") as api:
        cr_install = await _page(api, PAGE_INSTALL, CR)
        answer = (await api.post(f"{CR}/update")).json()
        assert answer["result"] == "conflicts"
        rebased = await _page(api, PAGE_INSTALL, CR)
        assert cr_install.strip() in rebased
        assert MAIN_EDIT.strip() in rebased
        assert await _page(api, PAGE_INSTALL) == MAIN_EDIT
    async with raw_api(app, "gb_local_reader") as api:
        assert (await api.post(f"{CR}/update")).status_code == 403


async def test_update_brings_a_move_and_its_new_path(app: object) -> None:
    async with raw_api(app, "gb_local_admin") as api:
        merged = await api.post(f"{SPACE}/change-requests/{CR_MOVE}/merge")
        assert merged.json()["result"] == "merge"
        assert (await api.get(f"{CR}/content/path/guides/publishing")).status_code == 200
        assert (await api.post(f"{CR}/update")).json()["result"] == "update"
        moved = (await api.get(f"{CR}/content/page/{PAGE_PUBLISHING}")).json()
        assert moved["path"] == "publishing"
        assert (await api.get(f"{CR}/content/path/guides/publishing")).status_code == 404
