"""Comments through HTTP: threads on spaces and change requests, resolve and reopen, reactions
per user, replies, filters, permissions and commenters."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.comments import COMMENT_INSTALL_TYPO, COMMENT_STYLE, CR_COMMENT_VERIFY
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook/comments"
CR = f"/spaces/spc_handbook/change-requests/{CR_INSTALL}/comments"


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        body = (
            await api.get(url, params={**params, **({"page": cursor} if cursor else {})})
        ).json()
        items += body["items"]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            return items


async def test_list_filters_and_order(api: httpx2.AsyncClient) -> None:
    every = await _all(api, SPACE, limit=2)
    assert len(every) == 6
    open_ones = await _all(api, SPACE, status="open")
    assert len(open_ones) == 4
    assert all(c["status"] == "open" for c in open_ones)
    on_install = await _all(api, SPACE, targetPage=PAGE_INSTALL)
    assert [c["id"] for c in on_install] == [COMMENT_INSTALL_TYPO]
    by_sam = await _all(api, SPACE, authors=["usr_sam"])
    assert {c["postedBy"]["id"] for c in by_sam} == {"usr_sam"}
    ascending = [c["postedAt"] for c in await _all(api, SPACE, order="asc")]
    assert ascending == sorted(ascending)
    assert (await api.get(SPACE, params={"status": "closed"})).status_code == 400


async def test_pages_stay_correct_when_a_comment_is_added(api: httpx2.AsyncClient) -> None:
    existing = {c["id"] for c in await _all(api, SPACE)}
    first = (await api.get(SPACE, params={"limit": 2, "order": "asc"})).json()
    await api.post(SPACE, json={"body": {"markdown": "New one"}})
    rest = await _all(api, SPACE, limit=2, order="asc", page=first["next"]["page"])
    ids = [c["id"] for c in first["items"]] + [c["id"] for c in rest]
    assert len(ids) == len(set(ids)), "an item was served twice"
    assert existing <= set(ids), "an item present all along was skipped"


async def test_resolve_and_reopen(api: httpx2.AsyncClient) -> None:
    url = f"{SPACE}/{COMMENT_INSTALL_TYPO}"
    resolved = (await api.put(url, json={"resolved": True})).json()
    assert resolved["status"] == "resolved"
    assert resolved["resolvedBy"]["id"] == "usr_admin"
    assert resolved["resolvedAt"]
    reopened = (await api.put(url, json={"resolved": False})).json()
    assert reopened["status"] == "open"
    assert "resolvedAt" not in reopened
    assert "resolvedBy" not in reopened


async def test_reactions_are_per_user(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{SPACE}/{COMMENT_STYLE}"
    before = {r["emoji"]: r["count"] for r in (await api.get(url)).json()["reactions"]}
    assert before["👍"] == 2
    await api.put(url, json={"addedReactions": ["👍", "👍"]})
    after = {r["emoji"]: r["count"] for r in (await api.get(url)).json()["reactions"]}
    assert after["👍"] == 3
    async with api_as("gb_local_editor") as editor:
        await editor.put(url, json={"removedReactions": ["👍"]})
    final = (await api.get(url)).json()["reactions"]
    thumbs = next(r for r in final if r["emoji"] == "👍")
    assert thumbs["count"] == 2
    assert "usr_editor" not in {u["user"]["id"] for u in thumbs["users"]}


async def test_post_and_reply_update_counts(api: httpx2.AsyncClient) -> None:
    before = (await api.get("/spaces/spc_handbook")).json()["comments"]
    posted = await api.post(
        SPACE, json={"body": {"markdown": "Add an example"}, "page": PAGE_INSTALL}
    )
    assert posted.status_code == 200
    comment = posted.json()
    assert comment["target"]["page"]["id"] == PAGE_INSTALL
    assert (await api.get("/spaces/spc_handbook")).json()["comments"] == before + 1
    reply = await api.post(f"{SPACE}/{comment['id']}/replies", json={"body": {"markdown": "Done"}})
    assert reply.status_code == 200
    assert (await api.get(f"{SPACE}/{comment['id']}")).json()["replies"] == 1
    got = await api.get(f"{SPACE}/{comment['id']}/replies/{reply.json()['id']}")
    assert got.json()["body"]["markdown"] == "Done"
    assert (
        await api.post(SPACE, json={"body": {"markdown": "x"}, "page": "pg_nope"})
    ).status_code == 400
    assert (await api.post(SPACE, json={})).status_code == 400
    assert (await api.get(f"{SPACE}/cm_nope")).status_code == 404
    assert (await api.get(f"{SPACE}/{comment['id']}/replies/rp_nope")).status_code == 404


async def test_permissions_of_comment_writes(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as reader:
        assert (await reader.post(SPACE, json={"body": {"markdown": "hi"}})).status_code == 403
        assert (
            await reader.put(f"{SPACE}/{COMMENT_STYLE}", json={"resolved": True})
        ).status_code == 403
        assert (await reader.get(SPACE)).status_code == 200
    async with api_as("gb_local_commenter") as commenter:
        assert (
            await commenter.put(f"{SPACE}/{COMMENT_STYLE}", json={"resolved": True})
        ).status_code == 200
        edit = await commenter.put(
            f"{SPACE}/{COMMENT_STYLE}", json={"body": {"markdown": "rewritten"}}
        )
        assert edit.status_code == 403
        own = await commenter.put(
            f"{SPACE}/{COMMENT_INSTALL_TYPO}", json={"body": {"markdown": "Typo: 'intall'"}}
        )
        assert own.status_code == 200
        assert own.json()["editedAt"]
        assert (await commenter.delete(f"{SPACE}/{COMMENT_STYLE}")).status_code == 403
    assert (await api.delete(f"{SPACE}/{COMMENT_STYLE}")).status_code == 205
    assert (await api.delete(f"{SPACE}/{COMMENT_STYLE}")).status_code == 204


async def test_change_request_threads(api: httpx2.AsyncClient) -> None:
    threads = await _all(api, CR)
    assert len(threads) == 3
    by_number = await _all(api, "/spaces/spc_handbook/change-requests/1/comments")
    assert {c["id"] for c in by_number} == {c["id"] for c in threads}
    replies = (await api.get(f"{CR}/{CR_COMMENT_VERIFY}/replies")).json()["items"]
    assert len(replies) == 1
    reply_url = f"{CR}/{CR_COMMENT_VERIFY}/replies/{replies[0]['id']}"
    assert (await api.put(reply_url, json={"addedReactions": ["🙏"]})).json()["reactions"][0][
        "emoji"
    ] == "🙏"
    assert (await api.delete(reply_url)).status_code == 205
    assert (await api.delete(reply_url)).status_code == 204
    assert (await api.get(f"{CR}/{CR_COMMENT_VERIFY}")).json()["replies"] == 0
    posted = await api.post(CR, json={"body": {"markdown": "One more thing"}})
    assert posted.json()["target"]["changeRequest"] == CR_INSTALL
    assert (await api.get(f"{SPACE}/{posted.json()['id']}")).status_code == 404
    assert (
        await api.get("/spaces/spc_handbook/change-requests/cr_nope/comments")
    ).status_code == 404


async def test_commenters_of_a_change_request(api: httpx2.AsyncClient) -> None:
    members = await _all(
        api, f"/spaces/spc_handbook/change-requests/{CR_INSTALL}/commenters", limit=2
    )
    assert {m["id"] for m in members} == {
        "usr_commenter",
        "usr_editor",
        "usr_sam",
        "usr_dana",
        "usr_admin",
    }
    assert all(m["object"] == "member" for m in members)
