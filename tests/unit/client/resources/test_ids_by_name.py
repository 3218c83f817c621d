"""Path ids are bound by name: ``{siteId}`` is filled from the argument ``site_id``, wherever it
stands in the method's signature, never from its position."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator

import httpx2
import pytest

from gitbook_mcp.api import PROFILES, Profile
from gitbook_mcp.client import GitBookClient, InvalidRequestError, NotFoundError
from gitbook_mcp.client.models.sites import Site
from gitbook_mcp.client.paths import argument_name, fill_path, placeholders
from gitbook_mcp.client.resources._resource import APIResource, operation

pytestmark = pytest.mark.anyio


class SwappedSites(APIResource):
    @operation("getSiteById", "GET /orgs/{organizationId}/sites/{siteId}")
    async def get(self, site_id: str, organization_id: str) -> Site:
        """The site, its ids declared in the other order than its path's."""
        return await self._call(Site)


@pytest.fixture
async def recorded() -> AsyncIterator[tuple[GitBookClient, list[httpx2.Request]]]:
    requests: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return httpx2.Response(404, json={"error": {"code": 404, "message": "Not found"}})

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(handler)
    ) as client:
        yield client, requests


async def test_a_method_with_swapped_arguments_still_builds_the_right_url(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    sites = SwappedSites(client)
    for call in (
        lambda: sites.get("site_1", "org_1"),
        lambda: sites.get(organization_id="org_1", site_id="site_1"),
    ):
        with pytest.raises(NotFoundError):
            await call()
    assert [r.url.raw_path for r in requests] == [b"/v1/orgs/org_1/sites/site_1"] * 2


def test_a_placeholder_without_an_argument_of_its_name_is_refused_at_definition() -> None:
    with pytest.raises(TypeError, match="site_id"):

        class Misnamed(APIResource):
            @operation("getSiteById", "GET /orgs/{organizationId}/sites/{siteId}")
            async def get(self, organization_id: str, site: str) -> Site:
                """The site, its second id misnamed."""
                return await self._call(Site)


def test_fill_path_binds_each_id_by_its_placeholder_name() -> None:
    template = "/orgs/{organizationId}/sites/{siteId}"
    assert fill_path(template, {"siteId": "s 1", "organizationId": "o"}) == "/orgs/o/sites/s%201"
    with pytest.raises(InvalidRequestError, match="takes the ids"):
        fill_path(template, {"organizationId": "o", "site": "s"})
    with pytest.raises(InvalidRequestError, match="takes 2 ids, got 1"):
        fill_path(template, {"organizationId": "o"})


@pytest.mark.parametrize("profile", PROFILES)
def test_every_placeholder_of_every_operation_has_an_argument_of_its_name(
    profile: Profile,
) -> None:
    client = GitBookClient(token="t", profile=profile)
    missing = []
    for op_id, method in client.operations().items():
        path = (inspect.getdoc(method) or "").splitlines()[0].split(" ", 1)[1]
        params = inspect.signature(method).parameters
        missing += [(op_id, p) for p in placeholders(path) if argument_name(p) not in params]
    assert len(client.operations()) > 100
    assert missing == []
