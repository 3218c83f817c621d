"""Comment updates through HTTP: resolve and reopen, reactions per user, text edits and who may
make them, and replies on space comments (post, get, the reply count)."""

from __future__ import annotations

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
    COMMENT_STYLE,
    CR_COMMENT_VERIFY,
    REPLY_INSTALL_TYPO,
    REPLY_VERIFY,
)

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook/comments"


def _invalid(response: httpx2.Response, field: str) -> None:
    assert response.status_code == 400, response.text
    assert response.json()["error"]["message"].startswith(f"{field}:"), response.text


def _reactions(comment: dict[str, Any]) -> dict[str, set[str]]:
    """emoji -> ids of the users who gave it (checking each count against its users)."""
    out: dict[str, set[str]] = {}
    for reaction in comment["reactions"]:
        assert reaction["count"] == len(reaction["users"])
        out[reaction["emoji"]] = {u["user"]["id"] for u in reaction["users"]}
    return out


async def _open_count(api: httpx2.AsyncClient) -> int:
    count: int = (await api.get("/spaces/spc_handbook")).json()["comments"]
    return count


# -- resolve and reopen -------------------------------------------------------------------


async def test_resolve_sets_and_reopen_clears(
    api: httpx2.AsyncClient, api_as: ApiAs, clock: ManualClock
) -> None:
    url = f"{SPACE}/{COMMENT_INSTALL_TYPO}"
    assert await _open_count(api) == 4
    clock.advance(timedelta(minutes=5))
    async with api_as("gb_local_commenter") as commenter:
        resolved = (await commenter.put(url, json={"resolved": True})).json()
    assert resolved["status"] == "resolved"
    assert resolved["resolvedBy"]["id"] == "usr_commenter"
    assert resolved["resolvedAt"] == "2026-03-02T10:05:00.000Z"
    assert await _open_count(api) == 3
    clock.advance(timedelta(minutes=5))
    again = (await api.put(url, json={"resolved": True})).json()
    assert (again["resolvedBy"]["id"], again["resolvedAt"]) == (
        "usr_commenter",
        "2026-03-02T10:05:00.000Z",
    ), "resolving a resolved comment changes nothing"
    reopened = (await api.put(url, json={"resolved": False})).json()
    assert reopened["status"] == "open"
    assert "resolvedAt" not in reopened
    assert "resolvedBy" not in reopened
    assert (await api.get(url)).json()["status"] == "open"
    assert await _open_count(api) == 4
    assert "editedAt" not in reopened, "resolving is not an edit"
    listed = (await api.get(SPACE, params={"status": "resolved"})).json()["items"]
    assert COMMENT_INSTALL_TYPO not in {c["id"] for c in listed}


async def test_reopen_a_seeded_resolved_comment(api: httpx2.AsyncClient) -> None:
    url = f"{SPACE}/{COMMENT_FAQ_FIXED}"
    seeded = (await api.get(url)).json()
    assert (seeded["status"], seeded["resolvedBy"]["id"]) == ("resolved", "usr_admin")
    assert (await api.put(url, json={"resolved": False})).json()["status"] == "open"
    assert await _open_count(api) == 5


async def test_resolve_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{SPACE}/{COMMENT_STYLE}"
    _invalid(await api.put(url, json={"resolved": "yes"}), "resolved")
    assert (await api.put(f"{SPACE}/cm_nope", json={"resolved": True})).status_code == 404
    assert (
        await api.put(f"/spaces/spc_nope/comments/{COMMENT_STYLE}", json={"resolved": True})
    ).status_code == 404
    assert (
        await api.put(f"{SPACE}/{CR_COMMENT_VERIFY}", json={"resolved": True})
    ).status_code == 404
    async with api_as("gb_local_reader") as reader:
        refused = await reader.put(url, json={"resolved": True})
        assert refused.status_code == 403
        assert (await reader.put(url, json={})).status_code == 403
    assert (await api.get(url)).json()["status"] == "open"


# -- reactions ----------------------------------------------------------------------------


async def test_reactions_add_and_remove_per_user(
    api: httpx2.AsyncClient, api_as: ApiAs, clock: ManualClock
) -> None:
    url = f"{SPACE}/{COMMENT_STYLE}"
    assert _reactions((await api.get(url)).json()) == {
        "👍": {"usr_editor", "usr_dana"},
        "🎉": {"usr_dana"},
    }
    added = (await api.put(url, json={"addedReactions": ["👍", "👍", "🚀"]})).json()
    assert _reactions(added) == {
        "👍": {"usr_editor", "usr_dana", "usr_admin"},
        "🎉": {"usr_dana"},
        "🚀": {"usr_admin"},
    }
    first_at = next(r for r in added["reactions"] if r["emoji"] == "🚀")["users"][0]["reactedAt"]
    clock.advance(timedelta(hours=1))
    again = (await api.put(url, json={"addedReactions": ["🚀"]})).json()
    rocket = next(r for r in again["reactions"] if r["emoji"] == "🚀")
    assert (rocket["count"], rocket["users"][0]["reactedAt"]) == (1, first_at)
    async with api_as("gb_local_editor") as editor:
        removed = (await editor.put(url, json={"removedReactions": ["👍", "❤️"]})).json()
    assert _reactions(removed)["👍"] == {"usr_dana", "usr_admin"}
    async with api_as("gb_local_commenter") as commenter:
        mixed = await commenter.put(
            url, json={"addedReactions": ["🎉"], "removedReactions": ["🚀"]}
        )
    assert mixed.status_code == 200
    assert _reactions(mixed.json())["🎉"] == {"usr_dana", "usr_commenter"}
    assert _reactions(mixed.json())["🚀"] == {"usr_admin"}, "one user removes only their own"
    gone = (await api.put(url, json={"removedReactions": ["🚀"]})).json()
    assert "🚀" not in _reactions(gone)
    assert "editedAt" not in gone


async def test_reaction_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{SPACE}/{COMMENT_DIAGRAM}"
    _invalid(await api.put(url, json={"addedReactions": "👍"}), "addedReactions")
    _invalid(await api.put(url, json={"addedReactions": [""]}), "addedReactions")
    _invalid(await api.put(url, json={"removedReactions": ["x" * 51]}), "removedReactions")
    _invalid(await api.put(url, json={"removedReactions": [1]}), "removedReactions[0]")
    async with api_as("gb_local_reader") as reader:
        refused = await reader.put(url, json={"addedReactions": ["👍"]})
    assert refused.status_code == 403
    assert (await api.get(url)).json()["reactions"] == []


# -- text edits ---------------------------------------------------------------------------


async def test_the_author_edits_the_text(
    api_as: ApiAs, api: httpx2.AsyncClient, clock: ManualClock
) -> None:
    url = f"{SPACE}/{COMMENT_INSTALL_TYPO}"
    clock.advance(timedelta(minutes=1))
    async with api_as("gb_local_commenter") as author:
        edited = await author.put(url, json={"body": {"markdown": "Typo in step 2: 'intall'!"}})
    assert edited.status_code == 200
    assert edited.json()["body"]["markdown"] == "Typo in step 2: 'intall'!"
    assert edited.json()["editedAt"] == "2026-03-02T10:01:00.000Z"
    assert (await api.get(url)).json()["editedAt"] == "2026-03-02T10:01:00.000Z"
    _invalid(await api.put(url, json={"body": {"markdown": ""}}), "body.markdown")
    unchanged = (await api.put(url, json={"body": {}})).json()
    assert unchanged["body"]["markdown"] == "Typo in step 2: 'intall'!"


async def test_only_the_author_or_a_space_admin_edits(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    url = f"{SPACE}/{COMMENT_STYLE}"  # by Sam
    async with api_as("gb_local_editor") as editor:
        refused = await editor.put(url, json={"body": {"markdown": "rewritten"}})
        assert refused.status_code == 403
        assert "'edit'" in refused.json()["error"]["message"]
        same_text = await editor.put(
            url, json={"body": {"markdown": "Should we use sentence case in headings?"}}
        )
        assert same_text.status_code == 200, "sending the same text changes nothing"
        assert "editedAt" not in same_text.json()
        both = await editor.put(url, json={"resolved": True, "body": {"markdown": "new"}})
        assert both.status_code == 403
    async with api_as("gb_local_commenter") as commenter:
        assert (
            await commenter.put(url, json={"body": {"markdown": "mine now"}})
        ).status_code == 403
    after = (await api.get(url)).json()
    assert (after["status"], after["body"]["markdown"]) == (
        "open",
        "Should we use sentence case in headings?",
    ), "a refused update changes nothing"
    admin = await api.put(url, json={"body": {"markdown": "Sentence case in headings?"}})
    assert admin.status_code == 200
    assert admin.json()["editedAt"]
    assert admin.json()["postedBy"]["id"] == "usr_sam"


# -- replies on space comments ------------------------------------------------------------


async def test_post_and_get_a_reply(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{SPACE}/{COMMENT_DIAGRAM}"
    assert (await api.get(url)).json()["replies"] == 0
    async with api_as("gb_local_commenter") as commenter:
        posted = await commenter.post(f"{url}/replies", json={"body": {"markdown": "A flowchart?"}})
    assert posted.status_code == 200
    reply = posted.json()
    assert reply["object"] == "comment-reply"
    assert reply["postedBy"]["id"] == "usr_commenter"
    assert reply["reactions"] == []
    assert reply["urls"]["location"].endswith(f"/~/comments/{COMMENT_DIAGRAM}#{reply['id']}")
    assert reply["permissions"]["edit"] is True
    assert "status" not in reply
    assert "target" not in reply
    assert (await api.get(url)).json()["replies"] == 1
    fetched = (await api.get(f"{url}/replies/{reply['id']}")).json()
    assert fetched["body"] == {"markdown": "A flowchart?"}
    assert fetched["permissions"]["edit"] is True, "an admin may edit any reply"
    async with api_as("gb_local_editor") as editor:
        seen = (await editor.get(f"{url}/replies/{reply['id']}")).json()["permissions"]
    assert seen == {"view": True, "edit": False, "reply": True, "delete": False, "react": True}


async def test_reply_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    url = f"{SPACE}/{COMMENT_INSTALL_TYPO}/replies"
    _invalid(await api.post(url, json={}), "body")
    _invalid(await api.post(url, json={"body": {"markdown": " "}}), "body.markdown")
    assert (
        await api.post(f"{SPACE}/cm_nope/replies", json={"body": {"markdown": "x"}})
    ).status_code == 404
    assert (
        await api.post(f"{SPACE}/{CR_COMMENT_VERIFY}/replies", json={"body": {"markdown": "x"}})
    ).status_code == 404
    async with api_as("gb_local_reader") as reader:
        assert (await reader.post(url, json={"body": {"markdown": "hi"}})).status_code == 403
        assert (await reader.get(f"{url}/{REPLY_INSTALL_TYPO}")).status_code == 200
    assert (await api.get(f"{url}/rp_nope")).status_code == 404
    assert (await api.get(f"{url}/{REPLY_VERIFY}")).status_code == 404, "reply of another thread"
    assert (await api.get(f"{SPACE}/cm_nope/replies/{REPLY_INSTALL_TYPO}")).status_code == 404
    assert (await api.get(f"{SPACE}/{COMMENT_INSTALL_TYPO}")).json()["replies"] == 1
