"""Read-only operations of the client against a real service, each answer checked against the
contract (see conftest.py for how to enable this suite)."""

from __future__ import annotations

import os
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import PROFILES, Profile
from gitbook_mcp.client import GitBookClient
from tests.contract.profiles_support import load_profile_contract

PROFILE: Profile = "live" if os.environ.get("GITBOOK_LIVE_PROFILE", "live") == "live" else "seed"
"""The profile the service speaks: ``live`` unless GITBOOK_LIVE_PROFILE says ``seed``."""
assert os.environ.get("GITBOOK_LIVE_PROFILE", "live") in PROFILES, "GITBOOK_LIVE_PROFILE: seed|live"

pytestmark = pytest.mark.anyio


class CheckingTransport(httpx2.AsyncHTTPTransport):
    """Sends real requests and validates every answer against the contract."""

    def __init__(self) -> None:
        super().__init__()
        self.checked: list[str] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await super().handle_async_request(request)
        body = await response.aread()
        await response.aclose()
        op = load_profile_contract(PROFILE).check_response(
            request.method, str(request.url), response.status_code, body
        )
        self.checked.append(op.operation_id)
        return httpx2.Response(
            response.status_code, headers=response.headers, content=body, request=request
        )


async def test_read_only_operations_match_the_contract() -> None:
    transport = CheckingTransport()
    async with GitBookClient(
        token=os.environ["GITBOOK_LIVE_TOKEN"],
        base_url=os.environ["GITBOOK_LIVE_BASE_URL"],
        transport=transport,
        profile=PROFILE,
    ) as client:
        if client.has("getAuthenticatedUser"):
            await client.users.me()
        orgs = await client.orgs.list(limit=5)
        assert orgs.items, "the token belongs to no organization"
        org = orgs.items[0].id
        await client.orgs.get(org)
        spaces = await client.spaces.list(org, limit=5)
        await client.collections.list(org, limit=5)
        await client.members.list(org, limit=5)
        await client.teams.list(org, limit=5)
        sites = await client.sites.list(org, limit=5)
        if spaces.items:
            space = spaces.items[0].id
            await client.spaces.get(space)
            await client.space_content.list_pages(space)
            await client.change_requests.list(space, limit=5)
            await client.comments.list(space, limit=5)
            if client.has("listFiles"):
                await client.space_content.list_files(space, limit=5)
        if sites.items:
            site = sites.items[0].id
            await client.site_spaces.list(org, site, limit=5)
            await client.redirects.list(org, site, limit=5)
            if client.has("listSiteFindings"):
                await client.findings.list(org, site, limit=5)
        if client.has("listChangeRequestsForOrganization"):
            await client.change_requests.list_for_organization(org, limit=5)
    checked: Any = transport.checked
    assert "listOrganizationsForAuthenticatedUser" in checked
