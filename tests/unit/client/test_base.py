"""The request loop: retries, errors, redirects, unreadable answers, limits and secrecy, driven
by a scripted transport.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import anyio
import httpx2
import pytest
from pydantic import ValidationError

from gitbook_mcp.client import (
    APIConnectionError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    GitBookClient,
    InternalServerError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    PreconditionFailedError,
    RateLimitError,
    RedirectError,
)
from gitbook_mcp.client.errors import APIResponseValidationError, APIStatusError

pytestmark = pytest.mark.anyio

TOKEN = "gb_secret_canary_7f3a"
SPACE = {
    "object": "space",
    "id": "s1",
    "title": "Docs",
}


class Script:
    """Answers requests from a list of steps; records what was sent."""

    def __init__(self, *steps: Callable[[httpx2.Request], httpx2.Response] | httpx2.Response):
        self.steps = list(steps)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        step = self.steps.pop(0) if len(self.steps) > 1 else self.steps[0]
        return step(request) if callable(step) else step


def error(
    status: int, message: str = "nope", headers: dict[str, str] | None = None
) -> httpx2.Response:
    return httpx2.Response(
        status, json={"error": {"code": status, "message": message}}, headers=headers
    )


def make_client(script: Script, **options: Any) -> tuple[GitBookClient, list[float]]:
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)

    client = GitBookClient(
        token=TOKEN,
        base_url="http://api.test/v1",
        transport=httpx2.MockTransport(script),
        sleep=fake_sleep,
        **options,
    )
    return client, slept


async def test_get_after_429_with_retry_after_waits_and_succeeds() -> None:
    script = Script(error(429, "slow down", {"Retry-After": "2"}), httpx2.Response(200, json=SPACE))
    client, slept = make_client(script)
    async with client:
        space = await client.spaces.get("s1")
    assert space.id == "s1"
    assert len(script.requests) == 2
    assert slept == [pytest.approx(2.05)]


async def test_post_that_got_503_is_not_sent_twice() -> None:
    script = Script(error(503), httpx2.Response(200, json=SPACE))
    client, slept = make_client(script)
    async with client:
        with pytest.raises(InternalServerError) as caught:
            await client.spaces.duplicate("s1")
    assert len(script.requests) == 1
    assert slept == []
    assert caught.value.status_code == 503
    assert caught.value.method == "POST"
    assert caught.value.path == "/spaces/{spaceId}/duplicate"


async def test_post_after_read_error_is_not_retried() -> None:
    def broken(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadError("peer closed", request=request)

    script = Script(broken, httpx2.Response(200, json=SPACE))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(APIConnectionError) as caught:
            await client.spaces.duplicate("s1")
    assert len(script.requests) == 1
    assert caught.value.sent is True


async def test_post_after_connect_error_is_retried_because_it_never_arrived() -> None:
    def refused(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("refused", request=request)

    script = Script(refused, httpx2.Response(200, json=SPACE))
    client, slept = make_client(script)
    async with client:
        space = await client.spaces.duplicate("s1")
    assert space.id == "s1"
    assert len(script.requests) == 2
    assert len(slept) == 1


async def test_get_retries_timeouts_then_gives_up_with_a_timeout_error() -> None:
    def slow(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("slow", request=request)

    script = Script(slow)
    client, slept = make_client(script, max_retries=2)
    async with client:
        with pytest.raises(APITimeoutError):
            await client.spaces.get("s1")
    assert len(script.requests) == 3
    assert len(slept) == 2
    assert slept[1] > slept[0]


async def test_total_retry_wait_is_capped() -> None:
    script = Script(error(429, headers={"Retry-After": "20"}))
    client, slept = make_client(script, max_retries=5, max_retry_wait=30.0)
    async with client:
        with pytest.raises(RateLimitError) as caught:
            await client.spaces.get("s1")
    assert slept == [pytest.approx(20.05)]
    assert caught.value.retry_after == 20.0


@pytest.mark.parametrize(
    ("status", "cls"),
    [
        (400, BadRequestError),
        (401, AuthenticationError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (412, PreconditionFailedError),
        (429, RateLimitError),
        (500, InternalServerError),
        (503, InternalServerError),
    ],
)
async def test_each_status_maps_to_its_exception(status: int, cls: type[APIStatusError]) -> None:
    script = Script(error(status, f"message for {status}"))
    client, _ = make_client(script, max_retries=0)
    async with client:
        with pytest.raises(cls) as caught:
            await client.spaces.get("s1")
    assert caught.value.status_code == status
    assert caught.value.message == f"message for {status}"
    assert caught.value.path == "/spaces/{spaceId}"
    assert "message for" in str(caught.value)


async def test_delete_reports_205_as_deleted_and_204_as_absent() -> None:
    script = Script(httpx2.Response(205), httpx2.Response(204))
    client, _ = make_client(script)
    async with client:
        assert await client.spaces.delete("s1") is True
        assert await client.spaces.delete("s1") is False


async def test_path_ids_are_percent_encoded() -> None:
    script = Script(httpx2.Response(200, json=SPACE))
    client, _ = make_client(script)
    async with client:
        await client.spaces.get("a/b c")
    assert script.requests[0].url.raw_path == b"/v1/spaces/a%2Fb%20c"


async def test_limit_above_1000_is_refused_before_sending() -> None:
    script = Script(httpx2.Response(200, json={"items": []}))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(InvalidRequestError, match="limit"):
            client.spaces.list("org", limit=1001)
    assert script.requests == []


async def test_unknown_fields_from_the_server_are_kept() -> None:
    script = Script(httpx2.Response(200, json={**SPACE, "brandNewField": {"x": 1}}))
    client, _ = make_client(script)
    async with client:
        space = await client.spaces.get("s1")
    assert space.model_extra == {"brandNewField": {"x": 1}}


async def test_request_bodies_keep_explicit_null_and_drop_absent() -> None:
    script = Script(httpx2.Response(200, json=SPACE))
    client, _ = make_client(script)
    async with client:
        await client.spaces.move("s1", parent=None)
    assert json.loads(script.requests[0].content) == {"parent": None}


async def test_concurrency_cap_is_shared_by_all_callers() -> None:
    in_flight = 0
    peak = 0

    async def handler(request: httpx2.Request) -> httpx2.Response:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await anyio.sleep(0.01)
        in_flight -= 1
        return httpx2.Response(200, json=SPACE)

    client = GitBookClient(
        token=TOKEN,
        base_url="http://api.test/v1",
        transport=httpx2.MockTransport(handler),
        max_concurrency=3,
    )
    async with client, anyio.create_task_group() as tg:
        for _ in range(12):
            tg.start_soon(client.spaces.get, "s1")
    assert peak == 3


async def test_token_is_sent_as_bearer_and_never_shown(caplog: pytest.LogCaptureFixture) -> None:
    script = Script(error(401, "bad token"))
    client, _ = make_client(script, max_retries=0)
    caplog.set_level(logging.INFO, logger="gitbook_mcp.client")
    async with client:
        with pytest.raises(AuthenticationError) as caught:
            await client.spaces.get("s1")
    logs = [vars(record) for record in caplog.records]
    assert script.requests[0].headers["Authorization"] == f"Bearer {TOKEN}"
    assert TOKEN not in repr(client)
    assert TOKEN not in str(caught.value)
    assert TOKEN not in repr(caught.value)
    assert TOKEN not in json.dumps(logs, default=str)
    assert any(entry.get("path") == "/spaces/{spaceId}" for entry in logs)
    assert {entry["name"] for entry in logs} == {"gitbook_mcp.client"}


async def test_empty_token_is_refused() -> None:
    with pytest.raises(InvalidRequestError):
        GitBookClient(token="")


async def test_an_unreadable_answer_is_a_response_validation_error_without_secrets() -> None:
    body = {"object": "space", "id": 7, "title": None, "echo": f"Bearer {TOKEN}"}
    script = Script(httpx2.Response(200, json=body))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(APIResponseValidationError) as caught:
            await client.spaces.get("s1")
    error = caught.value
    assert not isinstance(error, ValidationError)
    assert (error.method, error.path, error.status_code) == ("GET", "/spaces/{spaceId}", 200)
    assert error.operation == "GET /spaces/{spaceId}"
    assert "id: Input should be a valid string" in error.summary
    assert "title" in error.summary
    for text in (str(error), repr(error), error.summary):
        assert TOKEN not in text
        assert "7" not in text.replace("/", "")


async def test_an_answer_that_is_not_json_is_a_response_validation_error() -> None:
    script = Script(httpx2.Response(200, content=b"<html>maintenance</html>"))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(APIResponseValidationError, match="could not be read") as caught:
            await client.spaces.get("s1")
    assert "maintenance" not in str(caught.value)


async def test_a_write_with_an_unreadable_answer_is_sent_once() -> None:
    script = Script(httpx2.Response(200, json={"unexpected": True}))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(APIResponseValidationError) as caught:
            await client.spaces.duplicate("s1")
    assert len(script.requests) == 1
    assert caught.value.method == "POST"


async def test_an_unreadable_page_of_a_list_is_a_response_validation_error() -> None:
    script = Script(httpx2.Response(200, json={"items": [{"id": "a"}], "next": "p2"}))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(APIResponseValidationError, match=r"items\.0\.title"):
            await client.spaces.list("org")


# -- redirects: an error naming the status and a redacted location, never followed -----------

ELSEWHERE = "https://user:pw@evil.test:8443/collect?token=abc&x=1#frag"


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_a_redirect_on_a_read_is_an_error_and_is_not_followed(status: int) -> None:
    script = Script(httpx2.Response(status, headers={"Location": ELSEWHERE}))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(RedirectError) as caught:
            await client.spaces.get("s1")
    assert [r.url.host for r in script.requests] == ["api.test"]
    error = caught.value
    assert error.status_code == status
    assert error.path == "/spaces/{spaceId}"
    assert error.location == "https://evil.test:8443/collect"
    text = str(error)
    assert f"HTTP {status}" in text
    assert "https://evil.test:8443/collect" in text
    for secret in ("token=abc", "frag", "pw", TOKEN):
        assert secret not in text


async def test_a_redirect_on_a_delete_is_not_read_as_deleted() -> None:
    script = Script(httpx2.Response(302, headers={"Location": "/v1/elsewhere"}))
    client, _ = make_client(script)
    async with client:
        with pytest.raises(RedirectError, match="to /v1/elsewhere"):
            await client.spaces.delete("s1")
    assert len(script.requests) == 1


async def test_a_redirect_on_a_write_is_not_retried_nor_read_as_an_empty_success() -> None:
    script = Script(httpx2.Response(307))
    client, slept = make_client(script)
    async with client:
        with pytest.raises(RedirectError, match="to no location"):
            await client.space_permissions.invite("s1", role="read", users=["u1"])
    assert len(script.requests) == 1
    assert slept == []
