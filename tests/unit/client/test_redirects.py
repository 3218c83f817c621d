"""A 3xx answer is an error naming the status and a redacted location; it is never followed."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.client import APIStatusError, GitBookClient, RedirectError
from gitbook_mcp.client.errors import make_status_error, redact_location

pytestmark = pytest.mark.anyio

TOKEN = "gb_secret_canary_redirect"
ELSEWHERE = "https://user:pw@evil.test:8443/collect?token=abc&x=1#frag"


def _client(requests: list[httpx2.Request], response: httpx2.Response) -> GitBookClient:
    def handler(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return response

    return GitBookClient(
        token=TOKEN, base_url="http://api.test/v1", transport=httpx2.MockTransport(handler)
    )


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_a_redirect_on_a_read_is_an_error_and_is_not_followed(status: int) -> None:
    requests: list[httpx2.Request] = []
    answer = httpx2.Response(status, headers={"Location": ELSEWHERE})
    async with _client(requests, answer) as client:
        with pytest.raises(RedirectError) as caught:
            await client.spaces.get("s1")
    assert [r.url.host for r in requests] == ["api.test"]
    error = caught.value
    assert isinstance(error, APIStatusError)
    assert error.status_code == status
    assert error.path == "/spaces/{spaceId}"
    assert error.location == "https://evil.test:8443/collect"
    text = str(error)
    assert f"HTTP {status}" in text
    assert "https://evil.test:8443/collect" in text
    for secret in ("token=abc", "frag", "pw", TOKEN):
        assert secret not in text


async def test_a_redirect_on_a_delete_is_not_read_as_deleted() -> None:
    requests: list[httpx2.Request] = []
    answer = httpx2.Response(302, headers={"Location": "/v1/elsewhere"})
    async with _client(requests, answer) as client:
        with pytest.raises(RedirectError, match="to /v1/elsewhere"):
            await client.spaces.delete("s1")
    assert len(requests) == 1


async def test_a_redirect_on_a_write_is_not_retried_nor_read_as_an_empty_success() -> None:
    requests: list[httpx2.Request] = []
    async with _client(requests, httpx2.Response(307)) as client:
        with pytest.raises(RedirectError, match="to no location"):
            await client.space_permissions.invite("s1", role="read", users=["u1"])
    assert len(requests) == 1


def test_make_status_error_maps_every_3xx_to_the_redirect_error() -> None:
    error = make_status_error(
        399, method="GET", path="/x", body="<html>moved</html>", headers={"location": "/y?a=1"}
    )
    assert type(error) is RedirectError
    assert error.message == "unexpected redirect (HTTP 399) to /y; not followed"


@pytest.mark.parametrize(
    ("location", "shown"),
    [
        ("https://a.test/p?q=1", "https://a.test/p"),
        ("http://[::1]:9/p#f", "http://[::1]:9/p"),
        ("http://a.test:notaport/p", "[unreadable location]"),
        ("", None),
    ],
)
def test_redact_location(location: str, shown: str | None) -> None:
    assert redact_location({"Location": location}) == shown
