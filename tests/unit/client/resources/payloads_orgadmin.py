"""Answers for the organization administration resource tests, and the harness that runs a case.

Every payload is a minimal answer the contract accepts (`run_case` checks that too), so the
models are exercised on the smallest shape the API may send.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx2

from gitbook_mcp.client import GitBookClient, ListPage
from tests.support.contract import load_contract

__all__ = [
    "COLLECTION",
    "FONT",
    "INVITE_LINK",
    "MEMBER",
    "NO_BODY",
    "ORGANIZATION",
    "SAML_PROVIDER",
    "SEARCH_RESULT",
    "SPACE",
    "SPACE_INVITE_LINK",
    "SPEC",
    "TEAM",
    "USER",
    "Case",
    "Recorder",
    "page_of",
    "run_case",
    "sent_body",
]

APP = "https://app.gitbook.test"
NOW = "2026-03-02T10:00:00.000Z"
NO_BODY: Any = object()
"""The expected body of a request that must carry none."""

USER: dict[str, Any] = {
    "object": "user",
    "id": "usr_1",
    "displayName": "Ada",
    "urls": {"location": f"{APP}/u/usr_1"},
}
MEMBER: dict[str, Any] = {
    "object": "member",
    "id": "usr_1",
    "role": None,
    "user": USER,
    "disabled": False,
    "joinedAt": NOW,
    "sso": False,
    "spaces": 1,
    "teams": 0,
}
TEAM: dict[str, Any] = {
    "object": "team",
    "id": "team_1",
    "title": "Writers",
    "members": 2,
    "spaces": 1,
    "createdAt": NOW,
    "permissions": {"admin": True, "view": True},
}
ORG_FLAGS = (
    "view",
    "admin",
    "ownTeam",
    "createContent",
    "createOpenAPISpec",
    "ingestConversations",
    "viewBilling",
    "listMembers",
    "listTeams",
    "listIntegrations",
)
ORGANIZATION: dict[str, Any] = {
    "object": "organization",
    "id": "org_1",
    "title": "Acme",
    "createdAt": NOW,
    "emailDomains": ["acme.test"],
    "type": "business",
    "inviteLinks": True,
    "plan": "free",
    "urls": {"location": f"{APP}/o/org_1", "app": f"{APP}/o/org_1/"},
    "trial": {"status": "none"},
    "permissions": {flag: flag != "viewBilling" for flag in ORG_FLAGS},
    "defaultRole": None,
    "defaultContent": {"type": "site", "site": "site_1"},
}
SPACE: dict[str, Any] = {
    "object": "space",
    "id": "spc_1",
    "type": "document",
    "title": "Docs",
    "emoji": "📘",
    "organization": "org_1",
    "visibility": "private",
    "revision": "rev_1",
    "createdAt": NOW,
    "updatedAt": NOW,
    "comments": 0,
    "changeRequests": 0,
    "changeRequestsOpen": 0,
    "changeRequestsDraft": 0,
    "urls": {"app": f"{APP}/s/spc_1", "location": f"{APP}/s/spc_1"},
    "defaultLevel": "inherit",
    "permissions": dict.fromkeys(
        [
            "view",
            "access",
            "admin",
            "viewInviteLinks",
            "edit",
            "triggerGitSync",
            "comment",
            "merge",
            "review",
        ],
        True,
    ),
}
COLLECTION: dict[str, Any] = {
    "object": "collection",
    "id": "col_1",
    "title": "Guides",
    "organization": "org_1",
    "parent": "col_0",
    "urls": {"location": f"{APP}/c/col_1", "app": f"{APP}/c/col_1/"},
    "defaultLevel": None,
    "permissions": {"view": True, "admin": True, "viewInviteLinks": True, "create": False},
}
INVITE_LINK: dict[str, Any] = {
    "object": "invite",
    "id": "inv_1",
    "role": "read",
    "redundant": False,
}
SPACE_INVITE_LINK: dict[str, Any] = {
    "object": "invite",
    "id": "inv_2",
    "target": "space",
    "level": "comment",
    "redundant": True,
    "space": SPACE,
}
SAML_PROVIDER: dict[str, Any] = {
    "object": "saml-provider",
    "id": "saml_1",
    "label": "Okta",
    "ssoURL": "https://idp.acme.test/sso",
    "entityID": "https://idp.acme.test",
    "certificate": "MIIC",
    "defaultTeam": TEAM,
    "defaultRole": "read",
    "createdAt": NOW,
    "status": "pending",
    "service": {
        "acsURL": f"{APP}/saml/acs",
        "startURL": f"{APP}/saml/start",
        "entityID": f"{APP}/saml",
    },
    "urls": {"location": f"{APP}/o/org_1/saml/saml_1"},
}
FONT: dict[str, Any] = {
    "id": "font_1",
    "custom": True,
    "fontFamily": "Inter",
    "fontFaces": [
        {"weight": 400, "sources": [{"url": "https://files.test/inter.woff2", "format": "woff2"}]}
    ],
    "permissions": {"edit": True},
}
SPEC: dict[str, Any] = {
    "object": "openapi-spec",
    "id": "spec_1",
    "createdAt": NOW,
    "updatedAt": NOW,
    "slug": "petstore",
    "processingState": "pending",
    "permissions": {"view": True, "edit": True, "delete": True},
    "urls": {"location": f"{APP}/o/org_1/openapi/petstore", "app": f"{APP}/openapi/petstore"},
}
SEARCH_RESULT: dict[str, Any] = {
    "id": "spc_1",
    "title": "Docs",
    "pages": [
        {
            "id": "pg_1",
            "title": "Install",
            "path": "install",
            "urls": {"app": f"{APP}/s/spc_1/install"},
            "sections": [
                {
                    "id": "sec_1",
                    "title": "Requirements",
                    "path": "install#requirements",
                    "body": "Python 3.11",
                    "urls": {"app": f"{APP}/s/spc_1/install#requirements"},
                }
            ],
        }
    ],
}


def page_of(*items: dict[str, Any], next_page: str | None = None) -> dict[str, Any]:
    """A page envelope around ``items``."""
    out: dict[str, Any] = {"items": list(items), "count": len(items)}
    if next_page:
        out["next"] = {"page": next_page}
    return out


def sent_body(request: httpx2.Request) -> Any:
    """The JSON body of a recorded request, or `NO_BODY` when it had none."""
    return json.loads(request.content) if request.content else NO_BODY


@dataclass
class Recorder:
    """A transport handler that records every request and answers with ``answer(request)``."""

    answer: Callable[[httpx2.Request], httpx2.Response]
    requests: list[httpx2.Request] = field(default_factory=list)

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        return self.answer(request)

    @classmethod
    def always(cls, status: int, payload: Any = None) -> Recorder:
        def answer(_: httpx2.Request) -> httpx2.Response:
            if payload is None:
                return httpx2.Response(status)
            return httpx2.Response(status, json=payload)

        return cls(answer)

    def client(self) -> GitBookClient:
        """A client of the seed profile (these cases cover the 136 seed operations)."""
        return GitBookClient(
            token="t",
            base_url="http://api.test/v1",
            transport=httpx2.MockTransport(self),
            profile="seed",
        )


@dataclass(frozen=True)
class Case:
    """One call, the request it must send, the answer given, and the type it must return."""

    call: Callable[[GitBookClient], Any]
    method: str
    path: str
    """The raw (percent-encoded) path after ``/v1``."""
    returns: type
    answer: Any = None
    status: int = 200
    query: tuple[tuple[str, str], ...] = ()
    body: Any = NO_BODY


async def run_case(operation_id: str, case: Case) -> Any:
    """Call; check the method, path, query, body; validate the exchange against the contract."""
    recorder = Recorder.always(case.status, case.answer)
    async with recorder.client() as client:
        result = await case.call(client)
    assert len(recorder.requests) == 1, [str(r.url) for r in recorder.requests]
    request = recorder.requests[0]
    assert request.method == case.method
    assert request.url.raw_path.decode().split("?", 1)[0] == "/v1" + case.path
    assert sorted(request.url.params.multi_items()) == sorted(case.query)
    assert sent_body(request) == case.body
    if case.body is not NO_BODY:
        assert request.headers["content-type"] == "application/json"
    contract = load_contract()
    op = contract.check_request(request.method, str(request.url), request.content or None)
    assert op.operation_id == operation_id
    answer = b"" if case.answer is None else json.dumps(case.answer).encode()
    contract.check_response(request.method, str(request.url), case.status, answer)
    parsed = result.items[0] if isinstance(result, ListPage) else result
    assert isinstance(parsed, case.returns), type(parsed)
    return result
