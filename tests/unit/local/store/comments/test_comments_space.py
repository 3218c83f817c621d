"""Space comments through HTTP: list with filters, order and stable pages, get, post on pages,
nodes and table cells, body formats, delete, and the errors each operation lists."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.seed.comments import (
    COMMENT_DIAGRAM,
    COMMENT_FAQ_FIXED,
    COMMENT_INSTALL_TYPO,
    COMMENT_SCREENSHOT,
    COMMENT_STYLE,
    COMMENT_TROUBLESHOOTING,
    CR_COMMENT_VERIFY,
    REPLY_INSTALL_TYPO,
)
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL, PAGE_UPGRADE, PAGE_WRITING

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook/comments"
SEEDED = [
    COMMENT_INSTALL_TYPO,
    COMMENT_STYLE,
    COMMENT_FAQ_FIXED,
    COMMENT_SCREENSHOT,
    COMMENT_TROUBLESHOOTING,
    COMMENT_DIAGRAM,
]
"""The handbook's space comments in the order they were posted (all at the seed time)."""


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


# -- listCommentsInSpace ------------------------------------------------------------------


async def test_list_is_newest_first_by_default_and_oldest_first_with_asc(
    api: httpx2.AsyncClient,
) -> None:
    newest_first = await _all(api, SPACE)
    assert [c["id"] for c in newest_first] == SEEDED[::-1]
    oldest_first = await _all(api, SPACE, order="asc", limit=4)
    assert [c["id"] for c in oldest_first] == SEEDED
    assert (await api.get(SPACE, params={"limit": 2})).json()["count"] == 6
    _invalid(await api.get(SPACE, params={"order": "newest"}), "order")


async def test_list_orders_by_posted_at(api: httpx2.AsyncClient, clock: ManualClock) -> None:
    clock.advance(timedelta(hours=1))
    later = (await api.post(SPACE, json={"body": {"markdown": "Later"}})).json()
    clock.advance(timedelta(hours=1))
    latest = (await api.post(SPACE, json={"body": {"markdown": "Latest"}})).json()
    listed = await _all(api, SPACE, limit=3)
    assert [c["id"] for c in listed[:2]] == [latest["id"], later["id"]]
    stamps = [c["postedAt"] for c in listed]
    assert stamps == sorted(stamps, reverse=True)
    assert [c["id"] for c in await _all(api, SPACE, order="asc")][-2:] == [
        later["id"],
        latest["id"],
    ]


async def test_status_filter(api: httpx2.AsyncClient) -> None:
    opened = await _all(api, SPACE, status="open")
    assert {c["id"] for c in opened} == {
        COMMENT_INSTALL_TYPO,
        COMMENT_STYLE,
        COMMENT_TROUBLESHOOTING,
        COMMENT_DIAGRAM,
    }
    assert all(c["status"] == "open" and "resolvedAt" not in c for c in opened)
    resolved = await _all(api, SPACE, status="resolved")
    assert {c["id"] for c in resolved} == {COMMENT_FAQ_FIXED, COMMENT_SCREENSHOT}
    assert all(c["resolvedAt"] and c["resolvedBy"]["object"] == "user" for c in resolved)
    assert len(await _all(api, SPACE, status="all")) == 6
    _invalid(await api.get(SPACE, params={"status": "closed"}), "status")


async def test_authors_and_target_page_filters(api: httpx2.AsyncClient) -> None:
    by_sam = await _all(api, SPACE, authors=["usr_sam"])
    assert {c["id"] for c in by_sam} == {COMMENT_STYLE, COMMENT_TROUBLESHOOTING}
    by_two = await _all(api, SPACE, authors=["usr_sam", "usr_editor"])
    assert {c["id"] for c in by_two} == {COMMENT_STYLE, COMMENT_TROUBLESHOOTING, COMMENT_SCREENSHOT}
    assert await _all(api, SPACE, authors=["usr_nobody"]) == []
    on_install = await _all(api, SPACE, targetPage=PAGE_INSTALL)
    assert [c["id"] for c in on_install] == [COMMENT_INSTALL_TYPO]
    assert on_install[0]["target"]["page"]["id"] == PAGE_INSTALL
    assert await _all(api, SPACE, targetPage="pg_nope") == []
    combined = await _all(api, SPACE, authors=["usr_sam"], targetPage=PAGE_WRITING, status="open")
    assert [c["id"] for c in combined] == [COMMENT_STYLE]


async def test_pages_stay_correct_when_comments_come_and_go(api: httpx2.AsyncClient) -> None:
    for order in ("desc", "asc"):
        first = (await api.get(SPACE, params={"limit": 2, "order": order})).json()
        seen = [c["id"] for c in first["items"]]
        added = (await api.post(SPACE, json={"body": {"markdown": f"Added {order}"}})).json()
        cursor = first["next"]["page"]
        while cursor:
            body = (
                await api.get(SPACE, params={"limit": 2, "order": order, "page": cursor})
            ).json()
            assert len(body["items"]) <= 2
            seen += [c["id"] for c in body["items"]]
            cursor = body.get("next", {}).get("page")
        assert len(seen) == len(set(seen)), "an item was served twice"
        assert set(SEEDED) <= set(seen), "an item present all along was skipped"
        assert (added["id"] in seen) == (order == "asc"), "a new comment sorts by its time"


async def test_pages_survive_a_deletion_between_reads(api: httpx2.AsyncClient) -> None:
    first = (await api.get(SPACE, params={"limit": 2, "order": "asc"})).json()
    assert [c["id"] for c in first["items"]] == SEEDED[:2]
    assert (await api.delete(f"{SPACE}/{SEEDED[1]}")).status_code == 205
    rest = await _all(api, SPACE, limit=2, order="asc", page=first["next"]["page"])
    assert [c["id"] for c in rest] == SEEDED[2:]


async def test_a_cursor_of_another_shape_is_refused(api: httpx2.AsyncClient) -> None:
    forged = base64.urlsafe_b64encode(json.dumps(["2026-03-02T10:00:00.000Z", "x"]).encode())
    _invalid(await api.get(SPACE, params={"page": forged.decode().rstrip("=")}), "page")
    _invalid(await api.get(SPACE, params={"page": "%%%"}), "page")
    _invalid(await api.get(SPACE, params={"limit": 0}), "limit")


async def test_list_needs_a_visible_space(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.get("/spaces/spc_nope/comments")).status_code == 404
    assert (await api.get("/spaces/spc_archive/comments")).status_code == 404
    async with api_as("gb_local_reader") as reader:
        assert len(await _all(reader, SPACE)) == 6
        assert (await reader.get("/spaces/spc_globex/comments")).status_code == 404


# -- getCommentInSpace, formats -----------------------------------------------------------


async def test_get_a_comment_with_its_target_and_flags(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    comment = (await api.get(f"{SPACE}/{COMMENT_INSTALL_TYPO}")).json()
    assert comment["object"] == "comment"
    assert comment["postedBy"]["id"] == "usr_commenter"
    assert comment["body"] == {"markdown": "Typo in step 2: 'intall'."}
    assert comment["replies"] == 1
    target = comment["target"]
    assert target["space"] == "spc_handbook"
    assert target["revision"]
    assert "changeRequest" not in target
    assert (target["page"]["id"], target["page"]["path"], target["page"]["outdated"]) == (
        PAGE_INSTALL,
        "getting-started/install",
        False,
    )
    assert comment["urls"]["location"].endswith(f"/s/spc_handbook/~/comments/{comment['id']}")
    assert comment["permissions"] == {
        "view": True,
        "edit": True,
        "reply": True,
        "delete": True,
        "react": True,
    }
    async with api_as("gb_local_commenter") as author:
        mine = (await author.get(f"{SPACE}/{COMMENT_INSTALL_TYPO}")).json()["permissions"]
        theirs = (await author.get(f"{SPACE}/{COMMENT_STYLE}")).json()["permissions"]
    assert mine == {"view": True, "edit": True, "reply": True, "delete": True, "react": True}
    assert theirs == {"view": True, "edit": False, "reply": True, "delete": False, "react": True}
    async with api_as("gb_local_reader") as reader:
        seen = (await reader.get(f"{SPACE}/{COMMENT_INSTALL_TYPO}")).json()["permissions"]
    assert seen == {"view": True, "edit": False, "reply": False, "delete": False, "react": False}


async def test_get_errors(api: httpx2.AsyncClient) -> None:
    assert (await api.get(f"{SPACE}/cm_nope")).status_code == 404
    assert (await api.get(f"{SPACE}/{CR_COMMENT_VERIFY}")).status_code == 404
    assert (await api.get(f"/spaces/spc_api/comments/{COMMENT_STYLE}")).status_code == 404
    assert (await api.get(f"/spaces/spc_nope/comments/{COMMENT_STYLE}")).status_code == 404
    _invalid(await api.get(f"{SPACE}/{COMMENT_STYLE}", params={"format": "html"}), "format")


async def test_document_format(api: httpx2.AsyncClient) -> None:
    url = f"{SPACE}/{COMMENT_STYLE}"
    as_markdown = (await api.get(url, params={"format": "markdown"})).json()["body"]
    assert as_markdown == {"markdown": "Should we use sentence case in headings?"}
    document = (await api.get(url, params={"format": "document"})).json()["body"]["document"]
    assert document["object"] == "document"
    paragraph = document["nodes"][0]
    assert paragraph["type"] == "paragraph"
    assert paragraph["nodes"][0]["leaves"][0]["text"] == as_markdown["markdown"]
    listed = await _all(api, SPACE, format="document")
    assert all("document" in c["body"] and "markdown" not in c["body"] for c in listed)
    reply = await api.get(
        f"{SPACE}/{COMMENT_INSTALL_TYPO}/replies/{REPLY_INSTALL_TYPO}",
        params={"format": "document"},
    )
    assert reply.json()["body"]["document"]["object"] == "document"


# -- postCommentInSpace -------------------------------------------------------------------


async def test_post_on_the_space_and_on_a_page(api: httpx2.AsyncClient) -> None:
    before = (await api.get("/spaces/spc_handbook")).json()["comments"]
    plain = await api.post(SPACE, json={"body": {"markdown": "General remark"}})
    assert plain.status_code == 200
    comment = plain.json()
    assert (comment["status"], comment["replies"], comment["reactions"]) == ("open", 0, [])
    assert comment["postedBy"]["id"] == "usr_admin"
    assert "page" not in comment["target"]
    assert "editedAt" not in comment
    on_page = (
        await api.post(SPACE, json={"body": {"markdown": "On Writing"}, "page": PAGE_WRITING})
    ).json()
    assert on_page["target"]["page"]["title"] == "Writing"
    assert (await api.get("/spaces/spc_handbook")).json()["comments"] == before + 2
    fetched = (await api.get(f"{SPACE}/{comment['id']}")).json()
    assert fetched["body"]["markdown"] == "General remark"


async def test_post_on_a_node_and_a_table_cell(api: httpx2.AsyncClient) -> None:
    posted = await api.post(
        SPACE,
        json={
            "body": {"markdown": "This cell is wrong"},
            "page": PAGE_INSTALL,
            "node": "blk_step_2",
            "tableCell": {"record": "rec_1", "definition": "col_price"},
        },
    )
    assert posted.status_code == 200
    target = posted.json()["target"]
    assert target["node"] == {"id": "blk_step_2"}
    assert target["tableCell"] == {"record": "rec_1", "definition": "col_price"}
    _invalid(
        await api.post(SPACE, json={"body": {"markdown": "x"}, "tableCell": {"record": "r"}}),
        "tableCell.definition",
    )
    _invalid(await api.post(SPACE, json={"body": {"markdown": "x"}, "node": 3}), "node")


async def test_post_a_json_document_body(api: httpx2.AsyncClient) -> None:
    document = {
        "object": "document",
        "data": {},
        "nodes": [
            {
                "object": "block",
                "type": "paragraph",
                "nodes": [
                    {
                        "object": "text",
                        "leaves": [
                            {"object": "leaf", "text": "Fix ", "marks": []},
                            {
                                "object": "leaf",
                                "text": "this",
                                "marks": [{"object": "mark", "type": "bold"}],
                            },
                        ],
                    }
                ],
            }
        ],
    }
    posted = await api.post(SPACE, json={"body": {"document": document}})
    assert posted.status_code == 200
    assert posted.json()["body"] == {"markdown": "Fix **this**"}
    _invalid(
        await api.post(SPACE, json={"body": {"document": {"nodes": []}}}), "body.document.object"
    )
    _invalid(await api.post(SPACE, json={"body": {"document": "text"}}), "body.document")
    document["nodes"][0]["nodes"][0]["leaves"][1]["marks"] = [{"type": "bold"}]
    _invalid(
        await api.post(SPACE, json={"body": {"document": document}}),
        "body.document.nodes[0].nodes[0].leaves[1].marks[0].object",
    )


async def test_post_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    _invalid(await api.post(SPACE, json={}), "body")
    _invalid(await api.post(SPACE, json={"body": {}}), "body.markdown")
    _invalid(await api.post(SPACE, json={"body": {"markdown": "  "}}), "body.markdown")
    _invalid(await api.post(SPACE, json={"body": {"markdown": 5}}), "body.markdown")
    _invalid(await api.post(SPACE, json={"body": "text"}), "body")
    _invalid(await api.post(SPACE, json={"body": {"markdown": "x"}, "page": "pg_nope"}), "page")
    unpublished = {"body": {"markdown": "x"}, "page": PAGE_UPGRADE}
    _invalid(await api.post(SPACE, json=unpublished), "page")
    assert (
        await api.post("/spaces/spc_nope/comments", json={"body": {"markdown": "x"}})
    ).status_code == 404
    async with api_as("gb_local_reader") as reader:
        refused = await reader.post(SPACE, json={"body": {"markdown": "hi"}})
    assert refused.status_code == 403
    assert "comment" in refused.json()["error"]["message"]
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.post(SPACE, json={"body": {"markdown": "ok"}})).status_code == 200
        assert (
            await commenter.post("/spaces/spc_globex/comments", json={"body": {"markdown": "x"}})
        ).status_code == 404
    assert len(await _all(api, SPACE)) == 7


# -- deleteCommentInSpace -----------------------------------------------------------------


async def test_delete_answers_205_then_204(api: httpx2.AsyncClient) -> None:
    before = (await api.get("/spaces/spc_handbook")).json()["comments"]
    url = f"{SPACE}/{COMMENT_STYLE}"
    first = await api.delete(url)
    assert first.status_code == 205
    assert (await api.delete(url)).status_code == 204
    assert (await api.get(url)).status_code == 404
    assert (await api.get(f"{url}/replies/rp_style_agreed")).status_code == 404
    assert (await api.get("/spaces/spc_handbook")).json()["comments"] == before - 1
    assert (await api.delete(f"{SPACE}/cm_never_was")).status_code == 204
    assert (await api.delete(f"/spaces/spc_nope/comments/{COMMENT_DIAGRAM}")).status_code == 404
    assert (await api.delete(f"{SPACE}/{CR_COMMENT_VERIFY}")).status_code == 204
    assert (
        await api.get(
            f"/spaces/spc_handbook/change-requests/{CR_INSTALL}/comments/{CR_COMMENT_VERIFY}"
        )
    ).status_code == 200


async def test_delete_needs_the_delete_flag(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as reader:
        assert (await reader.delete(f"{SPACE}/{COMMENT_DIAGRAM}")).status_code == 403
    async with api_as("gb_local_editor") as editor:
        refused = await editor.delete(f"{SPACE}/{COMMENT_DIAGRAM}")
        assert refused.status_code == 403
        assert "delete" in refused.json()["error"]["message"]
        assert (await editor.delete(f"{SPACE}/{COMMENT_SCREENSHOT}")).status_code == 205
    async with api_as("gb_local_commenter") as author:
        assert (await author.delete(f"{SPACE}/{COMMENT_DIAGRAM}")).status_code == 205
    assert (await api.delete(f"{SPACE}/{COMMENT_TROUBLESHOOTING}")).status_code == 205
    remaining = {c["id"] for c in await _all(api, SPACE)}
    assert remaining == {COMMENT_INSTALL_TYPO, COMMENT_STYLE, COMMENT_FAQ_FIXED}


async def test_document_bodies_are_parsed_off_the_event_loop(
    api: httpx2.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Red-team N4: a hostile comment listed with format=document froze local-api for 18 s.
    import threading

    from gitbook_mcp.local.store.comments import render

    loop = threading.get_ident()
    threads: list[int] = []
    real = render.markdown_document

    def spy(markdown: str) -> dict[str, Any]:
        threads.append(threading.get_ident())
        return real(markdown)

    monkeypatch.setattr(render, "markdown_document", spy)
    reply = f"{SPACE}/{COMMENT_INSTALL_TYPO}/replies/{REPLY_INSTALL_TYPO}"
    for url in (SPACE, f"{SPACE}/{COMMENT_STYLE}", reply):
        answer = await api.get(url, params={"format": "document"})
        assert answer.status_code == 200, answer.text
    assert len(threads) >= 3
    assert loop not in threads
