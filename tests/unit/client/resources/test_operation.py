"""One way to declare an operation: ``@operation("<operationId>")`` marks a method whose body
names its route and binds each path id by name (``ids={"siteId": site_id}``).

The marker refuses a method whose ids are not its route's, refuses a call its client's profile
lacks before anything is sent, and puts the route first in the docstring; the method's own
signature is what callers and tools read (nothing is synthesized).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import AsyncIterator
from typing import Any, Required, TypedDict

import httpx2
import pytest

from gitbook_mcp.api import OPERATIONS, PROFILES, Profile
from gitbook_mcp.client import (
    NOT_GIVEN,
    GitBookClient,
    InvalidRequestError,
    NotFoundError,
    OperationNotInProfile,
    UnreadableWriteResult,
)
from gitbook_mcp.client.models.sites import Site
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.paths import argument_name, placeholders
from gitbook_mcp.client.resources._resource import (
    APIResource,
    body_of,
    check_options,
    operation,
    operation_id_of,
    query_of,
)

pytestmark = pytest.mark.anyio


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


class SwappedSites(APIResource):
    @operation("getSiteById")
    async def get(self, site_id: str, organization_id: str) -> Site:
        """The site, its ids declared in the other order than its path's."""
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}",
            ids={"organizationId": organization_id, "siteId": site_id},
            cast_to=Site,
        )


async def test_ids_are_bound_by_name_whatever_their_order(
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
            @operation("getSiteById")
            async def get(self, organization_id: str, site: str) -> Site:
                """The site, its second id misnamed."""
                raise AssertionError


def test_an_operation_the_api_lacks_is_refused_at_definition() -> None:
    with pytest.raises(TypeError, match="no operation 'getSiteByID'"):
        operation("getSiteByID")


def test_the_marker_names_the_operation_and_documents_its_route_first() -> None:
    client = GitBookClient(token="t")
    method = client.sites.get
    assert operation_id_of(method) == "getSiteById"
    assert (inspect.getdoc(method) or "").splitlines()[0] == (
        "GET /orgs/{organizationId}/sites/{siteId}"
    )
    assert "__signature__" not in vars(inspect.unwrap(method))
    assert list(inspect.signature(method).parameters) == ["organization_id", "site_id"]


class LiveOnly(APIResource):
    @operation("listSiteFindings")
    def list_findings(self, organization_id: str, site_id: str) -> AsyncPaginator[Site]:
        """A live-only list."""
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/findings",
            ids={"organizationId": organization_id, "siteId": site_id},
            item=Site,
        )

    @operation("getAuthenticatedUser")
    async def me(self) -> Site:
        """A live-only read."""
        return await self._get("/user", ids={}, cast_to=Site)


async def test_an_operation_outside_the_profile_is_refused_before_sending() -> None:
    requests: list[httpx2.Request] = []
    async with GitBookClient(
        token="t",
        base_url="http://api.test/v1",
        profile="seed",
        transport=httpx2.MockTransport(lambda r: requests.append(r) or httpx2.Response(200)),
    ) as seed:
        live_only = LiveOnly(seed)
        with pytest.raises(OperationNotInProfile):
            live_only.list_findings("o1", "s1")  # a list: refused when called, not when read
        with pytest.raises(OperationNotInProfile):
            await live_only.me()
    assert requests == []


class _Changes(TypedDict, total=False):
    title: Required[str]
    default_role: str | None
    target_page: str


def test_check_options_refuses_a_misspelt_or_missing_option() -> None:
    assert check_options(_Changes, {"title": "Docs"}) == {"title": "Docs"}
    with pytest.raises(TypeError, match="unexpected keyword options: titel"):
        check_options(_Changes, {"title": "Docs", "titel": "typo"})
    with pytest.raises(TypeError, match="missing required keyword options: title"):
        check_options(_Changes, {"default_role": None})


def test_body_of_sends_the_options_given_and_null_only_where_allowed() -> None:
    body = body_of(_Changes, {"title": "Docs", "default_role": None, "target_page": NOT_GIVEN})
    assert body.to_body() == {"title": "Docs", "defaultRole": None}
    with pytest.raises(ValueError, match="target_page cannot be null"):
        body_of(_Changes, {"title": "Docs", "target_page": None})


def test_query_of_names_each_option_in_camel_case_and_leaves_out_the_unset() -> None:
    given = {"title": "Docs", "target_page": "p1", "default_role": NOT_GIVEN}
    assert query_of(_Changes, given) == {"title": "Docs", "targetPage": "p1"}


async def test_a_get_sends_its_keyword_options_as_the_camel_case_query() -> None:
    requests: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return httpx2.Response(200, json={"items": [], "next": None})

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(handler)
    ) as client:
        await client.change_request_comments.list(
            "s1", "cr1", target_page="p1", authors=["u1", "u2"], page="c2", limit=5
        )
        await client.change_requests.list_for_organization(
            "o1", status=("open", "draft"), requested_reviewer="u3"
        )
    assert [sorted(r.url.params.multi_items()) for r in requests] == [
        [
            ("authors", "u1"),
            ("authors", "u2"),
            ("limit", "5"),
            ("page", "c2"),
            ("targetPage", "p1"),
        ],
        [("requestedReviewer", "u3"), ("status", "draft"), ("status", "open")],
    ]


async def test_a_write_sends_no_option_as_a_query_parameter() -> None:
    requests: list[httpx2.Request] = []
    async with GitBookClient(
        token="t",
        base_url="http://api.test/v1",
        transport=httpx2.MockTransport(lambda r: requests.append(r) or httpx2.Response(205)),
    ) as client:
        with pytest.raises(UnreadableWriteResult):  # the empty 205 is no Comment
            await client.comments.create("s1", markdown="hi", page="p1")
    assert requests[0].url.query == b""


async def test_a_misspelt_option_or_a_parent_the_api_refuses_fails_before_sending(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    with pytest.raises(TypeError, match="resolve"):
        await client.comments.update("s1", "c1", resolve=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="statuss"):
        client.comments.list("s1", statuss="open")  # type: ignore[call-arg]
    with pytest.raises(InvalidRequestError, match="format is not accepted for a space"):
        await client.comments.create_reply("s1", "c1", markdown="hi", format="markdown")
    assert requests == []


# -- every operation, read from its source ----------------------------------------------------


def _route_and_ids(method: Any) -> tuple[str | None, dict[str, str] | None]:
    """The path literal a method's body sends to, and its ids (placeholder -> the name of the
    argument that fills it: ``ids = {"siteId": site_id}``), read from the method's source."""
    fn = inspect.unwrap(method)
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    path, ids = None, None
    for node in ast.walk(tree):
        for arg in node.args[:2] if isinstance(node, ast.Call) else ():
            if path is None and isinstance(arg, ast.Constant) and str(arg.value)[:1] == "/":
                path = arg.value
        dicts = []
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["ids"]:
            dicts.append(node.value)
        if isinstance(node, ast.Call):
            dicts += [k.value for k in node.keywords if k.arg == "ids"]
        for value in dicts:
            if isinstance(value, ast.Dict):
                ids = {
                    ast.literal_eval(k): ast.unparse(v)
                    for k, v in zip(value.keys, value.values, strict=True)
                    if k is not None
                }
    return path, ids


@pytest.mark.parametrize("profile", PROFILES)
def test_each_method_sends_to_its_route_with_each_id_filled_by_the_argument_of_its_name(
    profile: Profile,
) -> None:
    wrong = []
    operations = GitBookClient(token="t", profile=profile).operations()
    for op_id, method in operations.items():
        route = OPERATIONS[op_id].path
        path, ids = _route_and_ids(method)
        expected = {name: argument_name(name) for name in placeholders(route)}
        if path != route or (ids or {}) != expected:
            wrong.append((op_id, path, ids))
    assert len(operations) > 130
    assert wrong == []
