"""Change-request comments through HTTP: threads reached by id or number, replies (list, update,
delete), reactions on replies, commenters, and the errors each operation lists."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.comments import (
    COMMENT_STYLE,
    CR_COMMENT_LOOKS_GOOD,
    CR_COMMENT_PACKAGE,
    CR_COMMENT_VERIFY,
    REPLY_INSTALL_TYPO,
    REPLY_VERIFY,
)
from gitbook_mcp.local.seed.content import CR_INSTALL, CR_TROUBLESHOOT, PAGE_INSTALL, PAGE_UPGRADE

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
BASE = f"/spaces/spc_handbook/change-requests/{CR_INSTALL}"
CR = f"{BASE}/comments"
BY_NUMBER = "/spaces/spc_handbook/change-requests/1/comments"
VERIFY_REPLY = f"{CR}/{CR_COMMENT_VERIFY}/replies/{REPLY_VERIFY}"


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    while True:
        response = await api.get(url, params=params)
        assert response.status_code == 200, response.text
        body = response.json()
        items += body["items"]
        if "next" not in body:
            return items
        params["page"] = body["next"]["page"]


def _invalid(response: httpx2.Response, field: str) -> None:
    assert response.status_code == 400, response.text
    assert response.json()["error"]["message"].startswith(f"{field}:"), response.text


# -- list, get, post ----------------------------------------------------------------------


async def test_threads_by_id_and_by_number(api: httpx2.AsyncClient) -> None:
    threads = await _all(api, CR, order="asc")
    assert [c["id"] for c in threads] == [
        CR_COMMENT_VERIFY,
        CR_COMMENT_PACKAGE,
        CR_COMMENT_LOOKS_GOOD,
    ]
    assert [c["id"] for c in await _all(api, BY_NUMBER, order="asc", limit=1)] == [
        c["id"] for c in threads
    ]
    assert all(c["target"]["changeRequest"] == CR_INSTALL for c in threads)
    assert all(c["replies"] == 1 for c in threads)
    assert [c["id"] for c in await _all(api, CR, status="resolved")] == [CR_COMMENT_PACKAGE]
    assert [c["id"] for c in await _all(api, CR, authors=["usr_sam"])] == [CR_COMMENT_PACKAGE]
    on_upgrade = await _all(api, CR, targetPage=PAGE_UPGRADE)
    assert [c["id"] for c in on_upgrade] == [CR_COMMENT_LOOKS_GOOD]
    assert on_upgrade[0]["target"]["page"]["path"] == "getting-started/upgrade"
    _invalid(await api.get(CR, params={"status": "done"}), "status")
    space_ids = {c["id"] for c in await _all(api, "/spaces/spc_handbook/comments")}
    assert not space_ids & {c["id"] for c in threads}, "space lists leave CR threads out"


async def test_get_a_thread_and_its_location(api: httpx2.AsyncClient) -> None:
    comment = (await api.get(f"{BY_NUMBER}/{CR_COMMENT_PACKAGE}")).json()
    assert comment["status"] == "resolved"
    assert comment["resolvedBy"]["id"] == "usr_admin"
    assert comment["reactions"][0]["emoji"] == "✅"
    assert "/~/changes/1/~/comments/" in comment["urls"]["location"]
    document = (await api.get(f"{CR}/{CR_COMMENT_VERIFY}", params={"format": "document"})).json()
    assert document["body"]["document"]["object"] == "document"
    assert (await api.get(f"{CR}/cm_nope")).status_code == 404
    assert (await api.get(f"{CR}/{COMMENT_STYLE}")).status_code == 404
    other = f"/spaces/spc_handbook/change-requests/{CR_TROUBLESHOOT}/comments"
    assert (await api.get(f"{other}/{CR_COMMENT_VERIFY}")).status_code == 404
    assert (
        await api.get("/spaces/spc_handbook/change-requests/cr_nope/comments")
    ).status_code == 404
    assert (await api.get("/spaces/spc_handbook/change-requests/99/comments")).status_code == 404
    assert (
        await api.get(f"/spaces/spc_api/change-requests/{CR_INSTALL}/comments")
    ).status_code == 404


async def test_post_in_a_change_request(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    before = (await api.get(f"{BASE}")).json()["comments"]
    space_before = (await api.get("/spaces/spc_handbook")).json()["comments"]
    posted = await api.post(
        BY_NUMBER, json={"body": {"markdown": "New page?"}, "page": PAGE_UPGRADE}
    )
    assert posted.status_code == 200
    comment = posted.json()
    assert comment["target"]["changeRequest"] == CR_INSTALL
    assert comment["target"]["page"]["id"] == PAGE_UPGRADE
    cr_revision = (await api.get(BASE)).json()["revision"]
    assert comment["target"]["revision"] == cr_revision
    assert (await api.get(BASE)).json()["comments"] == before + 1
    assert (await api.get("/spaces/spc_handbook")).json()["comments"] == space_before
    assert (await api.get(f"/spaces/spc_handbook/comments/{comment['id']}")).status_code == 404
    _invalid(await api.post(CR, json={"body": {"markdown": "x"}, "page": "pg_nope"}), "page")
    _invalid(await api.post(CR, json={"body": {}}), "body.markdown")
    assert (
        await api.post(
            "/spaces/spc_handbook/change-requests/cr_nope/comments",
            json={"body": {"markdown": "x"}},
        )
    ).status_code == 404
    async with api_as("gb_local_reader") as reader:
        assert (await reader.post(CR, json={"body": {"markdown": "x"}})).status_code == 403


async def test_update_and_delete_a_thread(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{CR}/{CR_COMMENT_VERIFY}"
    assert (await api.get(BASE)).json()["comments"] == 2
    resolved = (await api.put(url, json={"resolved": True, "addedReactions": ["👍"]})).json()
    assert (resolved["status"], resolved["reactions"][0]["count"]) == ("resolved", 1)
    assert (await api.get(BASE)).json()["comments"] == 1
    reopened = (await api.put(url, json={"resolved": False})).json()
    assert "resolvedBy" not in reopened
    async with api_as("gb_local_editor") as editor:
        assert (await editor.put(url, json={"body": {"markdown": "x"}})).status_code == 403
        assert (await editor.delete(url)).status_code == 403
    async with api_as("gb_local_commenter") as author:
        edited = await author.put(url, json={"body": {"markdown": "verify.md is missing."}})
        assert edited.json()["editedAt"]
        assert (await author.delete(url)).status_code == 205
    assert (await api.delete(url)).status_code == 204
    assert (await api.get(f"{url}/replies/{REPLY_VERIFY}")).status_code == 404
    assert (await api.put(url, json={"resolved": True})).status_code == 404
    assert len(await _all(api, CR)) == 2


# -- replies ------------------------------------------------------------------------------


async def test_list_replies_in_pages(api: httpx2.AsyncClient) -> None:
    url = f"{CR}/{CR_COMMENT_LOOKS_GOOD}/replies"
    for text in ("Second", "Third"):
        assert (await api.post(url, json={"body": {"markdown": text}})).status_code == 200
    first = (await api.get(url, params={"limit": 2})).json()
    assert first["count"] == 3
    assert [r["body"]["markdown"] for r in first["items"]] == [
        "Thanks! Merging after review.",
        "Second",
    ]
    rest = await _all(api, url, limit=2, page=first["next"]["page"])
    assert [r["body"]["markdown"] for r in rest] == ["Third"]
    documents = await _all(api, url, format="document")
    assert all(r["body"]["document"]["object"] == "document" for r in documents)
    assert (await api.get(f"{CR}/{CR_COMMENT_LOOKS_GOOD}")).json()["replies"] == 3
    assert (await api.get(f"{CR}/cm_nope/replies")).status_code == 404
    _invalid(await api.get(url, params={"limit": 1001}), "limit")


async def test_post_and_get_replies(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{CR}/{CR_COMMENT_PACKAGE}/replies"
    async with api_as("gb_local_commenter") as commenter:
        posted = await commenter.post(url, json={"body": {"markdown": "Which version?"}})
    assert posted.status_code == 200
    reply = posted.json()
    got = (await api.get(f"{url}/{reply['id']}", params={"format": "markdown"})).json()
    assert got["body"]["markdown"] == "Which version?"
    assert got["urls"]["location"].endswith(f"#{reply['id']}")
    assert (await api.get(f"{CR}/{CR_COMMENT_PACKAGE}")).json()["replies"] == 2
    assert (await api.get(f"{url}/{REPLY_VERIFY}")).status_code == 404
    assert (await api.get(f"{url}/{REPLY_INSTALL_TYPO}")).status_code == 404
    _invalid(await api.post(url, json={"body": {"markdown": ""}}), "body.markdown")
    async with api_as("gb_local_reader") as reader:
        assert (await reader.post(url, json={"body": {"markdown": "x"}})).status_code == 403


async def test_update_a_reply(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as author:
        edited = await author.put(
            VERIFY_REPLY, json={"body": {"markdown": "Adding it now."}, "resolved": True}
        )
    assert edited.status_code == 200
    assert edited.json()["body"]["markdown"] == "Adding it now."
    assert edited.json()["editedAt"]
    assert "status" not in edited.json()
    assert (await api.get(f"{CR}/{CR_COMMENT_VERIFY}")).json()["status"] == "open"
    async with api_as("gb_local_commenter") as commenter:
        refused = await commenter.put(VERIFY_REPLY, json={"body": {"markdown": "mine"}})
        assert refused.status_code == 403
        reacted = await commenter.put(VERIFY_REPLY, json={"addedReactions": ["🙏", "👍"]})
    assert reacted.status_code == 200
    assert [(r["emoji"], r["count"]) for r in reacted.json()["reactions"]] == [("🙏", 1), ("👍", 1)]
    removed = (await api.put(VERIFY_REPLY, json={"addedReactions": ["🙏"]})).json()
    assert removed["reactions"][0]["count"] == 2
    async with api_as("gb_local_commenter") as commenter:
        after = (await commenter.put(VERIFY_REPLY, json={"removedReactions": ["🙏", "👍"]})).json()
    assert [(r["emoji"], r["count"]) for r in after["reactions"]] == [("🙏", 1)]
    async with api_as("gb_local_reader") as reader:
        assert (await reader.put(VERIFY_REPLY, json={"addedReactions": ["👍"]})).status_code == 403
    _invalid(await api.put(VERIFY_REPLY, json={"resolved": "no"}), "resolved")
    _invalid(await api.put(VERIFY_REPLY, json={"addedReactions": [""]}), "addedReactions")
    _invalid(await api.put(VERIFY_REPLY, json={"body": {"markdown": 1}}), "body.markdown")
    assert (await api.put(f"{CR}/{CR_COMMENT_VERIFY}/replies/rp_nope", json={})).status_code == 404
    assert (await api.put(f"{CR}/cm_nope/replies/{REPLY_VERIFY}", json={})).status_code == 404


async def test_delete_a_reply(api: httpx2.AsyncClient, api_as: ApiAs, store: Store) -> None:
    await api.put(VERIFY_REPLY, json={"addedReactions": ["👍"]})
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.delete(VERIFY_REPLY)).status_code == 403
    async with api_as("gb_local_reader") as reader:
        assert (await reader.delete(VERIFY_REPLY)).status_code == 403
    async with api_as("gb_local_editor") as author:
        assert (await author.delete(VERIFY_REPLY)).status_code == 205
    assert (await api.delete(VERIFY_REPLY)).status_code == 204
    assert (await api.get(VERIFY_REPLY)).status_code == 404
    assert (await api.get(f"{CR}/{CR_COMMENT_VERIFY}")).json()["replies"] == 0
    assert not store.db.scalar(
        "SELECT COUNT(*) FROM reactions WHERE subject_id = ?", (REPLY_VERIFY,)
    ), "the reply's reactions went with it"
    assert (await api.delete(f"{CR}/cm_nope/replies/{REPLY_VERIFY}")).status_code == 404
    unknown_cr = "/spaces/spc_handbook/change-requests/cr_nope/comments"
    assert (await api.delete(f"{unknown_cr}/{CR_COMMENT_VERIFY}/replies/x")).status_code == 404
    reply = await api.post(f"{CR}/{CR_COMMENT_PACKAGE}/replies", json={"body": {"markdown": "x"}})
    assert (
        await api.delete(f"{CR}/{CR_COMMENT_PACKAGE}/replies/{reply.json()['id']}")
    ).status_code == 205


# -- commenters ---------------------------------------------------------------------------


async def test_commenters_are_the_members_who_wrote(
    api: httpx2.AsyncClient, api_as: ApiAs, store: Store
) -> None:
    url = f"{BASE}/commenters"
    first = (await api.get(url, params={"limit": 2})).json()
    assert (first["count"], first["total"], len(first["items"])) == (5, 5, 2)
    members = await _all(api, url, limit=2)
    assert {m["id"] for m in members} == {
        "usr_commenter",
        "usr_editor",
        "usr_sam",
        "usr_dana",
        "usr_admin",
    }
    assert all(m["object"] == "member" and m["user"]["id"] == m["id"] for m in members)
    assert {m["id"]: m["role"] for m in members}["usr_sam"] == "review"
    by_number = await _all(api, "/spaces/spc_handbook/change-requests/1/commenters")
    assert [m["id"] for m in by_number] == [m["id"] for m in members]
    # Sam's only thread goes; Dana only replied in it, so both leave the list.
    await api.delete(f"{CR}/{CR_COMMENT_PACKAGE}")
    remaining = {m["id"] for m in await _all(api, url)}
    assert remaining == {"usr_commenter", "usr_editor", "usr_admin"}
    # A reply is enough to count; someone who left the organization is not listed.
    async with api_as("gb_local_commenter") as commenter:
        await commenter.post(
            f"{CR}/{CR_COMMENT_LOOKS_GOOD}/replies", json={"body": {"markdown": "+1"}}
        )
    store.db.execute("DELETE FROM members WHERE org_id = 'org_acme' AND user_id = 'usr_admin'")
    async with api_as("gb_local_editor") as editor:
        listed = await _all(editor, url)
    assert {m["id"] for m in listed} == {"usr_commenter", "usr_editor"}


async def test_commenters_errors_and_empty(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    empty = await api.get(f"/spaces/spc_handbook/change-requests/{CR_TROUBLESHOOT}/commenters")
    assert empty.status_code == 200
    assert (empty.json()["items"], empty.json()["total"]) == ([], 0)
    assert (
        await api.get("/spaces/spc_handbook/change-requests/cr_nope/commenters")
    ).status_code == 404
    assert (
        await api.get(f"/spaces/spc_nope/change-requests/{CR_INSTALL}/commenters")
    ).status_code == 404
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get(f"{BASE}/commenters")).status_code == 200
    _invalid(await api.get(f"{BASE}/commenters", params={"limit": "two"}), "limit")


async def test_threads_on_a_page_of_the_change_request(api: httpx2.AsyncClient) -> None:
    posted = await api.post(CR, json={"body": {"markdown": "On install"}, "page": PAGE_INSTALL})
    assert posted.json()["target"]["page"]["outdated"] is False
