"""Every request the client builds (method, path, query, body) validates against the contract.

Each method of both profiles (every operation of each vendored contract) is called with sample ids and the required options; the transport
validates the request it receives and stops there (the answers are exercised by the suites
that run the client against the local workspace).
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import PROFILES, Profile, operations
from gitbook_mcp.client import GitBookClient
from tests.contract.profiles_support import load_profile_contract
from tests.support.client_methods import id_parameters, keyword_options

pytestmark = pytest.mark.anyio

# Sample values for required keyword options, by parameter name.
SAMPLES: dict[str, Any] = {
    "body": {"markdown": "Looks good"},
    "destination": {"kind": "site-section", "siteSectionId": "sec_1"},
    "emails": ["new@acme.test"],
    "font_family": "Inter",
    "name": "Acme tools",
    "organization": "org_2",
    "query": "install",
    "role": "read",
    "section_id": "sec_1",
    "slug": "petstore",
    "source": "/old-page",
    "space_id": "spc_1",
    "title": "Docs",
    "url": "https://mcp.acme.test/mcp",
    "visibility": "public",
    "label": "Okta",
    "position": {"before": {"type": "site-space", "siteSpace": "ss_2"}},
    "font_faces": [{"weight": 400, "storageKey": "fonts/inter-400.woff2"}],
    "headers": {"X-Api-Key": "k"},
    "status": "approved",
    "users": ["usr_2"],
    "changes": [
        {"operation": "update_page", "page": "pg_1", "document": {"markdown": "# Install"}},
        {"operation": "insert_page", "ref": "new", "title": "FAQ", "document": {"markdown": "Q"}},
        {"operation": "update_page", "page": "pg_2", "into": None, "at": 0},
        {"operation": "delete_page", "page": "pg_3"},
        {"operation": "revert_page", "page": "pg_4", "revision": "rev_1"},
        {"operation": "insert_files", "files": [{"name": "a.png", "base64": "iVBORw0KGgo="}]},
    ],
    "redirects": [
        {"source": "/old/*", "destination": {"kind": "external", "url": "https://acme.test"}},
        {"source": "/gone", "destination": None},
        {"source": "/draft-one", "intent": "publish"},
    ],
}
# Operations whose required option needs a value other than the generic sample.
PER_OPERATION: dict[str, dict[str, Any]] = {
    "createOpenAPISpec": {"source": {"url": "https://acme.test/openapi.yaml"}},
    "createOrUpdateOpenAPISpecBySlug": {"source": {"url": "https://acme.test/openapi.yaml"}},
    "importContentInChangeRequest": {"url": "file:///tmp/docs", "source": "markdown"},
    "createOrganizationInvite": {"role": "read"},
    "moveSiteSection": {"position": {"after": {"type": "site-section", "siteSection": "s2"}}},
    "moveSiteSectionGroup": {"position": {"after": {"type": "site-section", "id": "s2"}}},
    "transferCollection": {"organization": "org_2"},
    "inviteToSpace": {"role": "edit", "users": ["usr_1"]},
    "inviteToCollection": {"role": "edit", "teams": ["team_1"]},
    "updateOrganizationInviteById": {"role": "edit"},
    "moveSpace": {"parent": None},
    "moveCollection": {"parent": "col_2"},
    "moveSiteSpace": {"before": "ss_2"},
    "postCommentInSpace": {"markdown": "Looks good"},
    "postCommentInChangeRequest": {"markdown": "Looks good"},
    "postCommentReplyInSpace": {"markdown": "Looks good"},
    "postCommentReplyInChangeRequest": {"markdown": "Looks good"},
    "updateSiteFindingById": {"status": "done"},
    "submitChangeRequestReview": {"comment": {"markdown": "Ship it"}},
    "createChangeRequest": {"subject": "Fix the install guide"},
    "updateChangeRequestById": {"status": "open", "subject": "Fix install"},
    "listChangeRequestsForOrganization": {"status": ["open", "draft"], "requested_reviewer": "u"},
    "listSiteFindings": {"status": "open", "type": ["broken-link"]},
    "getChangeRequestChanges": {"limit": 20},
}


class Captured(Exception):
    """Stops a request once it has been checked."""


def _checking_transport(
    seen: list[tuple[str, str]], profile: Profile = "seed"
) -> httpx2.MockTransport:
    def handler(request: httpx2.Request) -> httpx2.Response:
        body = request.content or None
        contract = load_profile_contract(profile)
        op = contract.check_request(request.method, str(request.url), body)
        seen.append((op.operation_id, request.method))
        raise Captured

    return httpx2.MockTransport(handler)


def _arguments(op_id: str, method: Any) -> tuple[list[str], dict[str, Any]]:
    args: list[str] = []
    kwargs: dict[str, Any] = {}
    for name in id_parameters(method):
        args.append("guides/install" if name == "page_path" else f"{name}-1")
    for name, required in keyword_options(method).items():
        if required:
            kwargs[name] = PER_OPERATION.get(op_id, {}).get(name, SAMPLES[name])
    for name, value in PER_OPERATION.get(op_id, {}).items():
        kwargs.setdefault(name, value)
    return args, kwargs


async def _call(method: Any, args: list[str], kwargs: dict[str, Any]) -> None:
    """Await the method's result; a paginator fetches its first page when awaited."""
    await method(*args, **kwargs)


CASES = [
    pytest.param(profile, op_id, id=f"{profile}-{op_id}")
    for profile in PROFILES
    for op_id in sorted(operations(profile))
]


@pytest.mark.parametrize(("profile", "op_id"), CASES)
async def test_request_validates_against_the_contract(profile: Profile, op_id: str) -> None:
    seen: list[tuple[str, str]] = []
    async with GitBookClient(
        token="t",
        base_url="http://api.test/v1",
        transport=_checking_transport(seen, profile),
        profile=profile,
    ) as client:
        method = client.operations()[op_id]
        args, kwargs = _arguments(op_id, method)
        with pytest.raises(Captured):
            await _call(method, args, kwargs)
    assert seen == [(op_id, load_profile_contract(profile).operations[op_id].method)]


def test_both_profiles_are_checked_in_full() -> None:
    for profile in PROFILES:
        expected = len(load_profile_contract(profile).operations)
        assert sum(1 for p in CASES if p.values[0] == profile) == expected


async def test_optional_query_options_are_sent_and_valid() -> None:
    seen: list[tuple[str, str]] = []
    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=_checking_transport(seen)
    ) as client:
        with pytest.raises(Captured):
            await client.comments.list(
                "spc_1", status="open", order="asc", authors=["u1", "u2"], target_page="p1", limit=5
            )
        with pytest.raises(Captured):
            await client.members.list("org_1", role="admin", sort="lastSeenAt", search="ada")
        with pytest.raises(Captured):
            await client.site_spaces.list("org_1", "site_1", default=True, page="cursor")
    assert [op for op, _ in seen] == [
        "listCommentsInSpace",
        "listMembersInOrganizationById",
        "listSiteSpaces",
    ]


async def test_request_models_refuse_invalid_values_before_sending() -> None:
    from pydantic import ValidationError

    seen: list[tuple[str, str]] = []
    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=_checking_transport(seen)
    ) as client:
        with pytest.raises(ValidationError):
            await client.redirects.create(
                "o", "s", source="no-leading-slash", destination=SAMPLES["destination"]
            )
        with pytest.raises(ValidationError):
            await client.site_spaces.update("o", "s", "ss", path="x" * 101)
        with pytest.raises(ValidationError):
            await client.collections.create("o", title="t" * 51)
    assert seen == []


async def test_a_move_that_names_nothing_is_refused_before_sending() -> None:
    from gitbook_mcp.client import InvalidRequestError

    seen: list[tuple[str, str]] = []
    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=_checking_transport(seen)
    ) as client:
        with pytest.raises(InvalidRequestError, match="parent, before or after"):
            await client.spaces.move("spc_1")
    assert seen == []
