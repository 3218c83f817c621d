"""Site findings of the live profile through HTTP: the local link check of the published content
yields ``broken-link`` findings with the pages affected and a suggested redirect; a person
resolves, dismisses and reopens them; the listing filters."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.ids import ORG_ACME
from gitbook_mcp.local.seed.sites import SITE_DOCS

pytestmark = pytest.mark.anyio

FINDINGS = f"/orgs/{ORG_ACME}/sites/{SITE_DOCS}/findings"
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


@pytest.fixture
def profile() -> Profile:
    return "live"


async def _findings(api: httpx2.AsyncClient, **params: str) -> list[dict[str, object]]:
    response = await api.get(FINDINGS, params=params)
    assert response.status_code == 200
    items: list[dict[str, object]] = response.json()["items"]
    return items


async def test_broken_links_of_published_content_are_open_findings(
    api: httpx2.AsyncClient,
) -> None:
    findings = await _findings(api)
    assert findings, "the demo's published handbook has broken links"
    assert {f["type"] for f in findings} == {"broken-link"}
    assert {f["status"] for f in findings} == {"open"}
    assert all(isinstance(f["pages"], int) and f["pages"] >= 1 for f in findings)
    suggested = [f for f in findings if "brokenLinkAction" in f]
    assert suggested, "a missing page close to an existing one gets a suggested redirect"
    action = suggested[0]["brokenLinkAction"]
    assert isinstance(action, dict)
    assert action["destination"]["kind"] == "path"
    assert str(action["source"]).startswith("/")
    again = await _findings(api)
    assert [f["id"] for f in again] == [f["id"] for f in findings]  # a rescan keeps the ids


async def test_dismiss_reopen_and_resolve_follow_the_status(api: httpx2.AsyncClient) -> None:
    first = (await _findings(api))[0]
    one = f"{FINDINGS}/{first['id']}"
    dismissed = await api.patch(one, json={"status": "canceled"})
    assert dismissed.json()["status"] == "canceled"
    assert [f["id"] for f in await _findings(api, status="canceled")] == [first["id"]]
    assert (await api.get(one)).json()["status"] == "canceled"  # a scan keeps it dismissed
    assert (await api.patch(one, json={"status": "open"})).json()["status"] == "open"
    assert (await api.patch(one, json={"status": "done"})).json()["status"] == "done"
    assert await _findings(api, status="canceled") == []


async def test_filters_by_type_and_bad_values(api: httpx2.AsyncClient) -> None:
    assert await _findings(api, type="content-gap") == []
    assert await _findings(api, type="broken-link")
    bad = await api.get(FINDINGS, params={"status": "fixed"})
    assert bad.status_code == 400


async def test_a_reader_sees_findings_but_cannot_change_them(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    first = (await _findings(api))[0]
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get(f"{FINDINGS}/{first['id']}")).status_code == 200
        denied = await reader.patch(f"{FINDINGS}/{first['id']}", json={"status": "done"})
    assert denied.status_code == 403


async def test_unknown_finding_is_404(api: httpx2.AsyncClient) -> None:
    assert (await api.get(f"{FINDINGS}/sf_nope")).status_code == 404
