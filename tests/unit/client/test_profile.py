"""The API profile: a method the profile lacks is refused, naming both, before anything is sent."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.api import ADDED_IN_LIVE, REMOVED_IN_LIVE
from gitbook_mcp.client import GitBookClient, InvalidRequestError, OperationNotInProfile

pytestmark = pytest.mark.anyio


def _recording_client(sent: list[httpx2.Request], profile: str) -> GitBookClient:
    def answer(request: httpx2.Request) -> httpx2.Response:
        sent.append(request)
        return httpx2.Response(200, json={"items": [], "count": 0})

    return GitBookClient(
        token="t",
        base_url="http://api.test/v1",
        transport=httpx2.MockTransport(answer),
        profile=profile,  # type: ignore[arg-type]
    )


async def test_a_seed_only_operation_is_refused_in_live_without_a_request() -> None:
    sent: list[httpx2.Request] = []
    async with _recording_client(sent, "live") as client:
        with pytest.raises(OperationNotInProfile) as caught:
            await client.spaces.list_links("spc_1")  # listSpaceLinks
        with pytest.raises(OperationNotInProfile):
            await client.change_request_content.list_page_links("spc_1", "cr_1", "pg_1")
    assert sent == []
    assert caught.value.operation == "listSpaceLinks"
    assert caught.value.profile == "live"
    assert "listSpaceLinks" in str(caught.value)
    assert "live" in str(caught.value)
    assert isinstance(caught.value, InvalidRequestError)


async def test_a_live_operation_is_refused_in_seed_without_a_request() -> None:
    sent: list[httpx2.Request] = []
    async with _recording_client(sent, "seed") as client:
        with pytest.raises(OperationNotInProfile, match=r"mergeChangeRequest.*'seed'"):
            await client.change_requests.merge("spc_1", "cr_1")
        with pytest.raises(OperationNotInProfile, match="listFiles"):
            await client.space_content.list_files("spc_1")
        with pytest.raises(OperationNotInProfile, match="getAuthenticatedUser"):
            await client.users.me()
    assert sent == []


async def test_an_operation_of_the_profile_is_sent() -> None:
    sent: list[httpx2.Request] = []
    async with _recording_client(sent, "live") as client:
        await client.space_content.list_files("spc_1")
    assert [r.url.path for r in sent] == ["/v1/spaces/spc_1/content/files"]


def test_profile_and_has_tell_what_the_client_can_call() -> None:
    live = GitBookClient(token="t", profile="live")
    seed = GitBookClient(token="t", profile="seed")
    assert (live.profile, seed.profile) == ("live", "seed")
    assert all(live.has(op) and not seed.has(op) for op in ADDED_IN_LIVE)
    assert all(seed.has(op) and not live.has(op) for op in REMOVED_IN_LIVE)
    assert live.has("getPageById")
    assert seed.has("getPageById")


def test_an_unknown_profile_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown API profile"):
        GitBookClient(token="t", profile="beta")  # type: ignore[arg-type]
