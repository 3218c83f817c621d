"""Plain operations declared in one line: typed by their parent, checked when declared.

``listing``, ``reading``, ``posting`` and ``deleting`` state a route once, under a `Parent`;
read through a resource they behave like methods (name, docstring, signature, operationId),
and a route whose suffix adds the wrong number of ids is refused when the class is defined.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient, OperationNotInProfile
from gitbook_mcp.client.models.common import Team
from gitbook_mcp.client.models.saml import SAMLProvider
from gitbook_mcp.client.resources._plain import deleting, listing, posting, reading
from gitbook_mcp.client.resources._resource import ORG, ROOT, SITE, operation_id_of

pytestmark = pytest.mark.anyio


@pytest.fixture
async def recorded() -> AsyncIterator[tuple[GitBookClient, list[httpx2.Request]]]:
    requests: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        if request.method == "DELETE":
            return httpx2.Response(204)
        team = {"id": "t1", "title": "Docs"}
        if request.url.path.endswith("/teams"):
            return httpx2.Response(200, json={"items": [team]})
        return httpx2.Response(200, json=team)

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(handler)
    ) as client:
        yield client, requests


@pytest.mark.parametrize(
    ("declare", "message"),
    [
        (lambda: listing(ORG, "/saml/{samlProviderId}", SAMLProvider, "x"), "adds 1 path ids"),
        (lambda: reading(ORG, "/saml", SAMLProvider, "x"), "adds 0 path ids"),
        (lambda: posting(SITE, "/a/{b}/c/{d}", SAMLProvider, "x", doc="d"), "adds 2 path ids"),
        (lambda: deleting(ROOT, "/orgs", "x"), "adds 0 path ids"),
        (lambda: deleting(ORG, "/saml/{samlProviderId}", "x"), "no operation 'x'"),
        (
            lambda: reading(ORG, "/saml/{samlProviderId}", SAMLProvider, "deleteCollectionById"),
            "deleteCollectionById is DELETE /collections/{collectionId}, not GET /orgs/",
        ),
    ],
)
def test_a_wrong_suffix_or_route_is_refused_when_declared(declare: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        declare()  # type: ignore[operator]


def test_read_through_a_resource_it_is_named_signed_and_documented_like_a_method() -> None:
    client = GitBookClient(token="t")
    get = client.saml.get
    assert get.__name__ == "get"
    assert operation_id_of(get) == "getOrganizationSAMLProviderById"
    assert list(inspect.signature(get).parameters) == ["organization_id", "saml_provider_id"]
    assert get.__doc__ is not None
    assert get.__doc__.startswith("GET /orgs/{organizationId}/saml/{samlProviderId}\n\n")
    listed = inspect.signature(client.saml.list).parameters
    assert list(listed) == ["organization_id", "page", "limit"]
    assert client.saml.get is get  # bound once per resource


async def test_each_kind_sends_its_route_with_the_ids_encoded(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    page = await client.teams.list("org 1", limit=5)
    team = await client.teams.get("org 1", "t/1")
    deleted = await client.teams.delete("org 1", "t1")
    assert [item.id for item in page.items] == ["t1"]
    assert isinstance(team, Team)
    assert deleted is False  # 204: it did not exist
    sent = [(r.method, r.url.raw_path.decode()) for r in requests]
    assert sent == [
        ("GET", "/v1/orgs/org%201/teams?limit=5"),
        ("GET", "/v1/orgs/org%201/teams/t%2F1"),
        ("DELETE", "/v1/orgs/org%201/teams/t1"),
    ]


async def test_an_operation_the_profile_lacks_is_refused_before_sending() -> None:
    sent: list[httpx2.Request] = []
    transport = httpx2.MockTransport(lambda r: sent.append(r) or httpx2.Response(200))
    async with GitBookClient(token="t", profile="seed", transport=transport) as client:
        with pytest.raises(OperationNotInProfile):
            await client.findings.get("o", "s", "f")
    assert sent == []
