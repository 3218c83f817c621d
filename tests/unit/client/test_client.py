"""What the client's operations share, over the organization administration resources: the
naming table, pagination, limits, DELETE answers, the refusals made before anything is sent and
the request models' checks.
"""

from __future__ import annotations

import inspect
import json
from typing import Any
from urllib.parse import parse_qsl

import httpx2
import pytest
from pydantic import ValidationError

from gitbook_mcp.client import (
    AsyncPaginator,
    ConflictError,
    GitBookClient,
    InvalidRequestError,
    ListPage,
)
from gitbook_mcp.client.resources._resource import operation_id_of
from tests.support.client_methods import id_parameters
from tests.support.contract import load_contract
from tests.unit.client.resources import (
    test_collections,
    test_fonts,
    test_invites,
    test_members,
    test_openapi_specs,
    test_organizations,
    test_permissions,
    test_saml,
    test_teams,
)
from tests.unit.client.resources.payloads_orgadmin import MEMBER, Case, Recorder, page_of, sent_body

pytestmark = pytest.mark.anyio

NAMES: dict[str, dict[str, str]] = {
    "orgs": {
        "list": "listOrganizationsForAuthenticatedUser",
        "get": "getOrganizationById",
        "update": "updateOrganizationById",
        "search": "searchOrganizationContent",
        "list_for_email_domain": "getOrganizationsForEmailDomain",
    },
    "members": {
        "list": "listMembersInOrganizationById",
        "get": "getMemberInOrganizationById",
        "update": "updateMemberInOrganizationById",
        "remove": "removeMemberFromOrganizationById",
        "ping": "updateOrganizationMemberLastSeenAt",
        "set_sso": "setUserAsSSOMemberForOrganization",
        "list_spaces": "listSpacesForOrganizationMember",
        "list_teams": "listTeamsForOrganizationMember",
    },
    "invites": {
        "invite_users": "inviteUsersToOrganization",
        "join": "joinOrganizationWithInvite",
        "list_links": "listOrganizationInviteLinks",
        "create_link": "createOrganizationInvite",
        "get_link": "getOrganizationInviteLink",
        "update_link": "updateOrganizationInviteById",
        "delete_link": "deleteOrganizationInviteById",
    },
    "teams": {
        "list": "listTeamsInOrganizationById",
        "create": "createOrganizationTeam",
        "get": "getTeamInOrganizationById",
        "update": "updateTeamInOrganizationById",
        "delete": "removeTeamFromOrganizationById",
        "list_members": "listTeamMembersInOrganizationById",
        "update_members": "updateMembersInOrganizationTeam",
        "add_member": "addMemberToOrganizationTeamById",
        "remove_member": "deleteMemberFromOrganizationTeamById",
    },
    "saml": {
        "list": "listSAMLProvidersInOrganizationById",
        "create": "createOrganizationSAMLProvider",
        "get": "getOrganizationSAMLProviderById",
        "update": "updateOrganizationSAMLProvider",
        "delete": "deleteOrganizationSAMLProvider",
        "list_sso_logins": "listSSOProviderLoginsInOrganization",
    },
    "collections": {
        "list": "listCollectionsInOrganizationById",
        "create": "createCollection",
        "get": "getCollectionById",
        "update": "updateCollectionById",
        "delete": "deleteCollectionById",
        "list_spaces": "listSpacesInCollectionById",
        "move": "moveCollection",
        "transfer": "transferCollection",
    },
    "space_permissions": {
        "invite": "inviteToSpace",
        "list_users": "listUserPermissionsInSpace",
        "update_user": "updateUserPermissionInSpace",
        "remove_user": "removeUserFromSpace",
        "list_aggregate": "listPermissionsAggregateInSpace",
    },
    "collection_permissions": {
        "invite": "inviteToCollection",
        "list_users": "listUserPermissionsInCollection",
        "update_user": "updateUserPermissionInCollection",
        "remove_user": "removeUserFromCollection",
        "list_aggregate": "listPermissionsAggregateInCollection",
    },
    "fonts": {
        "list": "listCustomFonts",
        "create": "createCustomFont",
        "get": "getCustomFont",
        "update": "updateCustomFont",
        "delete": "deleteCustomFont",
    },
    "openapi_specs": {
        "list": "listOpenAPISpecs",
        "create": "createOpenAPISpec",
        "get": "getOpenAPISpecBySlug",
        "create_or_update": "createOrUpdateOpenAPISpecBySlug",
        "update": "updateOpenAPISpecBySlug",
        "delete": "deleteOpenAPISpecBySlug",
    },
}
"""The naming table (plan/CLIENT_NAMES.md) for these nine resources."""

CASES: dict[str, Case] = {
    **test_collections.CASES,
    **test_fonts.CASES,
    **test_invites.CASES,
    **test_members.CASES,
    **test_openapi_specs.CASES,
    **test_organizations.CASES,
    **test_permissions.CASES,
    **test_saml.CASES,
    **test_teams.CASES,
}
PAGINATED = sorted(
    op
    for op, case in CASES.items()
    if isinstance(case.answer, dict)
    and "items" in case.answer
    and op != "listSSOProviderLoginsInOrganization"
)
DELETES = sorted(op for op, case in CASES.items() if case.method == "DELETE")


# -- naming and coverage -------------------------------------------------------------------


def test_each_method_implements_the_operation_the_naming_table_gives() -> None:
    client = GitBookClient(token="t")
    wrong = []
    for attr, methods in NAMES.items():
        resource = getattr(client, attr)
        public = {n for n in dir(type(resource)) if operation_id_of(getattr(resource, n))}
        if public != set(methods):
            wrong.append((attr, sorted(public ^ set(methods))))
        for name, op in methods.items():
            if operation_id_of(getattr(resource, name, None)) != op:
                wrong.append((attr, name))
    assert wrong == []
    assert sum(len(m) for m in NAMES.values()) == 64


def test_every_operation_of_these_resources_has_a_request_case() -> None:
    expected = {op for methods in NAMES.values() for op in methods.values()}
    assert set(CASES) == expected


async def test_list_operations_return_a_paginator_without_sending() -> None:
    recorder = Recorder.always(200, page_of())
    async with recorder.client() as client:
        for op in PAGINATED:
            assert isinstance(CASES[op].call(client), AsyncPaginator), op
            assert not inspect.iscoroutinefunction(client.operations()[op]), op
    assert recorder.requests == []
    assert len(PAGINATED) == 17


# -- pagination ----------------------------------------------------------------------------


def _three_pages(item: dict[str, Any]) -> Recorder:
    """Page 1 (any cursor but c2/c3) -> c2 -> c3 (last)."""

    def answer(request: httpx2.Request) -> httpx2.Response:
        cursor = request.url.params.get("page")
        nxt = {"c2": "c3", "c3": None}.get(cursor or "", "c2")
        return httpx2.Response(200, json=page_of({**item, "id": cursor or "first"}, next_page=nxt))

    return Recorder(answer)


async def test_async_for_follows_next_page_and_keeps_the_filters() -> None:
    recorder = _three_pages(MEMBER)
    async with recorder.client() as client:
        found = [m.id async for m in client.members.list("org_1", search="ada", limit=1)]
    assert found == ["first", "c2", "c3"]
    queries = [dict(r.url.params.multi_items()) for r in recorder.requests]
    assert queries == [
        {"search": "ada", "limit": "1"},
        {"search": "ada", "limit": "1", "page": "c2"},
        {"search": "ada", "limit": "1", "page": "c3"},
    ]
    for request in recorder.requests:
        load_contract().check_request(request.method, str(request.url), None)


async def test_await_gives_the_first_page_only() -> None:
    recorder = _three_pages(MEMBER)
    async with recorder.client() as client:
        page = await client.members.list("org_1")
    assert isinstance(page, ListPage)
    assert [m.id for m in page.items] == ["first"]
    assert page.next_cursor == "c2"
    assert len(recorder.requests) == 1


@pytest.mark.parametrize("operation_id", PAGINATED)
async def test_every_list_walks_three_pages(operation_id: str) -> None:
    case = CASES[operation_id]
    recorder = _three_pages(case.answer["items"][0])
    async with recorder.client() as client:
        items = [item async for item in case.call(client)]
    assert len(items) == 3
    assert all(isinstance(item, case.returns) for item in items)
    cursors = [r.url.params.get("page") for r in recorder.requests]
    assert cursors[1:] == ["c2", "c3"]
    filters = {
        tuple(sorted((k, v) for k, v in r.url.params.multi_items() if k != "page"))
        for r in recorder.requests
    }
    assert filters == {tuple(sorted((k, v) for k, v in case.query if k != "page"))}
    # listCustomFonts answers a page envelope but the contract lists no ``page`` parameter for
    # it: the client still follows ``next.page``, so only its first request is checked.
    checked = recorder.requests[:1] if operation_id == "listCustomFonts" else recorder.requests
    for request in checked:
        load_contract().check_request(request.method, str(request.url), None)


@pytest.mark.parametrize("operation_id", [op for op in PAGINATED if op != "listCustomFonts"])
@pytest.mark.parametrize("limit", [0, 1001])
async def test_a_limit_outside_1_to_1000_is_refused_before_sending(
    operation_id: str, limit: int
) -> None:
    recorder = Recorder.always(200, page_of())
    async with recorder.client() as client:
        method = client.operations()[operation_id]
        ids = [f"{name}-1" for name in id_parameters(method)]
        extra = {"query": "install"} if operation_id == "searchOrganizationContent" else {}
        with pytest.raises(InvalidRequestError, match="limit"):
            method(*ids, limit=limit, **extra)
    assert recorder.requests == []


# -- DELETE and 204 writes -----------------------------------------------------------------


@pytest.mark.parametrize("operation_id", DELETES)
@pytest.mark.parametrize(("status", "expected"), [(205, True), (204, False)])
async def test_delete_answers_true_when_deleted_and_false_when_absent(
    operation_id: str, status: int, expected: bool
) -> None:
    recorder = Recorder.always(status)
    async with recorder.client() as client:
        assert await CASES[operation_id].call(client) is expected
    (request,) = recorder.requests
    assert request.method == "DELETE"
    assert request.content == b""
    load_contract().check_response("DELETE", str(request.url), status, b"")


async def test_a_conflicting_move_raises_conflict_error() -> None:
    recorder = Recorder.always(409, {"error": {"code": 409, "message": "nothing would change"}})
    async with recorder.client() as client:
        with pytest.raises(ConflictError, match="nothing would change"):
            await client.collections.move("col_1", parent="col_0")


async def test_options_left_out_are_not_sent_and_none_is_sent_as_null() -> None:
    recorder = Recorder.always(200, MEMBER)
    async with recorder.client() as client:
        await client.members.update("org_1", "usr_1")
        await client.members.update("org_1", "usr_1", role=None)
    assert [sent_body(r) for r in recorder.requests] == [{}, {"role": None}]
    for request in recorder.requests:
        load_contract().check_request(request.method, str(request.url), request.content)


async def test_a_team_member_added_without_a_role_sends_an_empty_object() -> None:
    recorder = Recorder.always(204)
    async with recorder.client() as client:
        assert await client.teams.add_member("org_1", "team_1", "usr_1") is None
    (request,) = recorder.requests
    assert json.loads(request.content) == {}
    assert parse_qsl(request.url.query.decode()) == []


# -- refusals before sending ---------------------------------------------------------------

LONG = "x" * 51
INVALID_CALLS: dict[str, Any] = {
    "collection title over 50": lambda c: c.collections.create("o", title=LONG),
    "collection description over 100": lambda c: c.collections.update("c", description="d" * 101),
    "collection default level unknown": lambda c: c.collections.update("c", default_level="boss"),
    "transfer to no organization": lambda c: c.collections.transfer("c", organization=""),
    "organization title under 2": lambda c: c.orgs.update("o", title="A"),
    "organization title null": lambda c: c.orgs.update("o", title=None),
    "organization hostname under 3": lambda c: c.orgs.update("o", hostname="ab"),
    "organization logo not a URL": lambda c: c.orgs.update("o", logo="logo.png"),
    "default content not a site": lambda c: c.orgs.update("o", default_content={"space": "s"}),
    "search query over 512": lambda c: c.orgs.search("o", query="q" * 513),
    "member role unknown": lambda c: c.members.update("o", "u", role="owner"),
    "invite without emails": lambda c: c.invites.invite_users("o", emails="a@b.test"),
    "invite entry without role": lambda c: c.invites.invite_users("o", emails=[{"email": "a"}]),
    "link with role and space": lambda c: c.invites.create_link("o", role="read", space="s"),
    "link with level only": lambda c: c.invites.create_link("o", level="read"),
    "link with nothing": lambda c: c.invites.create_link("o"),
    "link update with both": lambda c: c.invites.update_link("o", "i", role="read", level="edit"),
    "link update with nothing": lambda c: c.invites.update_link("o", "i"),
    "team title empty": lambda c: c.teams.create("o", title=""),
    "team title over 64": lambda c: c.teams.update("o", "t", title="t" * 65),
    "team membership role unknown": lambda c: c.teams.update_members(
        "o", "t", memberships={"u": {"role": "boss"}}
    ),
    "team member role unknown": lambda c: c.teams.add_member("o", "t", "u", role="admin"),
    "SAML label over 30": lambda c: c.saml.create("o", label="l" * 31),
    "SAML SSO URL not a URL": lambda c: c.saml.update("o", "s", sso_url="idp"),
    "SAML certificate over 10000": lambda c: c.saml.update("o", "s", certificate="c" * 10001),
    "permission invite naming no one": lambda c: c.space_permissions.invite("s", role="read"),
    "permission invite with empty users": lambda c: c.collection_permissions.invite(
        "c", role="read", users=[]
    ),
    "permission role unknown": lambda c: c.space_permissions.update_user("s", "u", role="x"),
    "font without faces": lambda c: c.fonts.create("o", font_family="Inter", font_faces=[]),
    "font weight 0": lambda c: c.fonts.create(
        "o", font_family="Inter", font_faces=[{"weight": 0, "storageKey": "k"}]
    ),
    "font weight over 1000": lambda c: c.fonts.update(
        "o", "f", font_faces=[{"weight": 1001, "storageKey": "k"}]
    ),
    "font family over 50": lambda c: c.fonts.update("o", "f", font_family=LONG),
    "font face with an unknown field": lambda c: c.fonts.create(
        "o", font_family="Inter", font_faces=[{"weight": 400, "storageKey": "k", "style": "i"}]
    ),
    "spec slug with capitals": lambda c: c.openapi_specs.create(
        "o", slug="Pet-Store", source={"url": "https://a.test/o.yaml"}
    ),
    "spec slug with double hyphen": lambda c: c.openapi_specs.create(
        "o", slug="pet--store", source={"url": "https://a.test/o.yaml"}
    ),
    "spec source with url and text": lambda c: c.openapi_specs.create_or_update(
        "o", "s", source={"url": "https://a.test/o.yaml", "text": "openapi: 3.0.0"}
    ),
    "spec source empty text": lambda c: c.openapi_specs.create_or_update(
        "o", "s", source={"text": ""}
    ),
    "spec visibility unknown": lambda c: c.openapi_specs.update("o", "s", visibility="secret"),
}


@pytest.mark.parametrize("name", sorted(INVALID_CALLS))
async def test_invalid_values_are_refused_before_sending(name: str) -> None:
    recorder = Recorder.always(200, {})
    async with recorder.client() as client:
        with pytest.raises(ValidationError):
            await INVALID_CALLS[name](client)
    assert recorder.requests == []


async def test_a_move_that_names_nothing_is_refused_before_sending() -> None:
    recorder = Recorder.always(200, {})
    async with recorder.client() as client:
        with pytest.raises(InvalidRequestError, match="parent, before or after"):
            await client.collections.move("col_1")
    assert recorder.requests == []
