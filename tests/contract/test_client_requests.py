"""Every request the client builds (method, path, query, body) validates against the contract.

Each of the 136 methods is called with sample ids and the required options; the transport
validates the request it receives and stops there (the answers are exercised by the suites
that run the client against the local workspace).
"""

from __future__ import annotations

import inspect
from typing import Any

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient
from tests.support.contract import load_contract

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
}


class Captured(Exception):
    """Stops a request once it has been checked."""


def _checking_transport(seen: list[tuple[str, str]]) -> httpx2.MockTransport:
    def handler(request: httpx2.Request) -> httpx2.Response:
        body = request.content or None
        op = load_contract().check_request(request.method, str(request.url), body)
        seen.append((op.operation_id, request.method))
        raise Captured

    return httpx2.MockTransport(handler)


def _arguments(op_id: str, method: Any) -> tuple[list[str], dict[str, Any]]:
    args: list[str] = []
    kwargs: dict[str, Any] = {}
    for param in inspect.signature(method).parameters.values():
        if param.kind is param.POSITIONAL_OR_KEYWORD:
            args.append("guides/install" if param.name == "page_path" else f"{param.name}-1")
        elif param.kind is param.KEYWORD_ONLY and param.default is inspect.Parameter.empty:
            kwargs[param.name] = PER_OPERATION.get(op_id, {}).get(param.name, SAMPLES[param.name])
    for name, value in PER_OPERATION.get(op_id, {}).items():
        kwargs.setdefault(name, value)
    return args, kwargs


async def _call(method: Any, args: list[str], kwargs: dict[str, Any]) -> None:
    """Await the method's result; a paginator fetches its first page when awaited."""
    await method(*args, **kwargs)


OPERATIONS = sorted(load_contract().operations)


@pytest.mark.parametrize("op_id", OPERATIONS)
async def test_request_validates_against_the_contract(op_id: str) -> None:
    seen: list[tuple[str, str]] = []
    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=_checking_transport(seen)
    ) as client:
        method = client.operations()[op_id]
        args, kwargs = _arguments(op_id, method)
        with pytest.raises(Captured):
            await _call(method, args, kwargs)
    assert seen == [(op_id, load_contract().operations[op_id].method)]


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
