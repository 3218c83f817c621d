"""Answers for the content, comment and site resource tests, and a transport that records.

Every payload here is a minimal answer that the contract accepts (the tests check that too), so
the models are exercised on the smallest shape the API may send.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx2

from gitbook_mcp.client import GitBookClient, ListPage
from gitbook_mcp.client.resources import operation_id_of
from tests.support.contract import load_contract

__all__ = [
    "CHANGE_REQUEST",
    "COMMENT",
    "CONTENT_LOCATION",
    "FILE",
    "GROUP",
    "LINK_USAGE",
    "MCP_SERVER",
    "MEMBER",
    "PAGE",
    "REDIRECT",
    "REPLY",
    "REVISION",
    "SECTION",
    "SITE",
    "SITE_SPACE",
    "SPACE",
    "USER",
    "Case",
    "Recorder",
    "check_exchange",
    "page_of",
    "resource_operations",
    "run_case",
    "sent_body",
]

APP = "https://app.gitbook.test"

USER: dict[str, Any] = {
    "object": "user",
    "id": "usr_1",
    "displayName": "Ada",
    "urls": {"location": f"{APP}/u/usr_1"},
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
    "createdAt": "2026-03-02T10:00:00.000Z",
    "updatedAt": "2026-03-02T10:00:00.000Z",
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

LAYOUT: dict[str, Any] = {
    "width": "default",
    "cover": False,
    "coverSize": "hero",
    "title": True,
    "description": True,
    "tableOfContents": True,
    "outline": True,
    "pagination": True,
    "metadata": True,
}


def _document_page(page_id: str, path: str, children: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": page_id,
        "title": path.rsplit("/", 1)[-1].title(),
        "kind": "sheet",
        "type": "document",
        "urls": {"app": f"{APP}/s/spc_1/{path}"},
        "slug": path.rsplit("/", 1)[-1],
        "path": path,
        "pages": children,
        "layout": LAYOUT,
        "markdown": f"# {path}",
    }


PAGE: dict[str, Any] = _document_page(
    "pg_guides", "guides", [_document_page("pg_install", "guides/install", [])]
)

FILE: dict[str, Any] = {
    "id": "file_1",
    "name": "diagram.png",
    "contentType": "image/png",
    "downloadURL": "https://files.gitbook.test/file_1/diagram.png",
    "size": 2048,
    "dimensions": {"width": 640, "height": 480},
}

REVISION: dict[str, Any] = {
    "object": "revision",
    "id": "rev_1",
    "type": "edits",
    "parents": [],
    "pages": [PAGE],
    "files": [FILE],
    "reusableContents": [],
    "createdAt": "2026-03-02T10:00:00.000Z",
    "urls": {"app": f"{APP}/s/spc_1/~/revisions/rev_1"},
}

CHANGE_REQUEST: dict[str, Any] = {
    "object": "change-request",
    "id": "cr_1",
    "number": 7,
    "status": "open",
    "subject": "Install guide",
    "createdBy": USER,
    "createdAt": "2026-03-02T10:00:00.000Z",
    "updatedAt": "2026-03-02T10:00:00.000Z",
    "revision": "rev_2",
    "revisionInitial": "rev_1",
    "comments": 1,
    "outdated": False,
    "urls": {"app": f"{APP}/s/spc_1/~/changes/7", "location": f"{APP}/s/spc_1/~/changes/7"},
}

PERMISSIONS: dict[str, Any] = {"view": True, "edit": True, "react": True, "delete": False}

COMMENT: dict[str, Any] = {
    "object": "comment",
    "id": "cmt_1",
    "postedBy": USER,
    "postedAt": "2026-03-02T10:00:00.000Z",
    "reactions": [
        {
            "emoji": "👍",
            "count": 1,
            "users": [{"user": USER, "reactedAt": "2026-03-02T10:01:00.000Z"}],
        }
    ],
    "replies": 2,
    "body": {"markdown": "Typo in step 2"},
    "target": {
        "space": "spc_1",
        "revision": "rev_1",
        "page": {
            "id": "pg_install",
            "title": "Install",
            "path": "guides/install",
            "outdated": False,
        },
    },
    "urls": {"location": f"{APP}/s/spc_1/~/comments/cmt_1"},
    "permissions": PERMISSIONS,
    "status": "open",
}

REPLY: dict[str, Any] = {
    "object": "comment-reply",
    "id": "rep_1",
    "postedBy": USER,
    "postedAt": "2026-03-02T10:02:00.000Z",
    "reactions": [],
    "body": {"markdown": "Fixed"},
    "urls": {"location": f"{APP}/s/spc_1/~/comments/cmt_1#rep_1"},
    "permissions": PERMISSIONS,
}

MEMBER: dict[str, Any] = {
    "object": "member",
    "id": "usr_1",
    "role": "edit",
    "user": USER,
    "disabled": False,
    "joinedAt": "2026-03-01T10:00:00.000Z",
    "sso": False,
    "spaces": 1,
    "teams": 0,
}

CONTENT_LOCATION: dict[str, Any] = {"kind": "url", "url": "https://example.test/docs"}

LINK_USAGE: dict[str, Any] = {
    "status": "broken",
    "relation": "reference",
    "targetReference": CONTENT_LOCATION,
    "locationReferences": [CONTENT_LOCATION],
}

SITE: dict[str, Any] = {
    "object": "site",
    "id": "site_1",
    "type": "basic",
    "title": "Acme Docs",
    "visibility": "public",
    "published": True,
    "siteSpaces": 1,
    "defaultSpace": "ss_1",
    "createdAt": "2026-03-02T10:00:00.000Z",
    "features": [],
    "agentsContext": "included",
    "urls": {"location": f"{APP}/sites/site_1", "app": f"{APP}/sites/site_1/"},
}

SITE_SPACE: dict[str, Any] = {
    "object": "site-space",
    "id": "ss_1",
    "path": "docs",
    "section": "sec_1",
    "space": SPACE,
    "title": "Docs",
    "default": True,
    "condition": "visitor.claims.plan == 'pro'",
    "urls": {"location": "https://docs.acme.test/docs", "published": "https://docs.acme.test/docs"},
}

SECTION: dict[str, Any] = {
    "object": "site-section",
    "id": "sec_1",
    "title": "Guides",
    "path": "guides",
    "siteSpaces": [SITE_SPACE],
    "urls": {"location": "https://docs.acme.test/guides"},
}

GROUP: dict[str, Any] = {
    "object": "site-section-group",
    "id": "sg_1",
    "title": "Product",
    "sections": [SECTION],
}

REDIRECT: dict[str, Any] = {
    "object": "site-redirect",
    "id": "red_1",
    "source": "/old",
    "destination": {"kind": "site-section", "siteSectionId": "sec_1"},
}

MCP_SERVER: dict[str, Any] = {
    "object": "site-mcp-server",
    "id": "mcp_1",
    "name": "Acme tools",
    "url": "https://mcp.acme.test/mcp",
    "headers": {"X-Api-Key": "k"},
    "urls": {"location": f"{APP}/sites/site_1/mcp/mcp_1"},
}


def page_of(*items: dict[str, Any], next_page: str | None = None, **extra: Any) -> dict[str, Any]:
    """A page envelope around ``items``."""
    out: dict[str, Any] = {"items": list(items), "count": len(items), **extra}
    if next_page:
        out["next"] = {"page": next_page}
    return out


@dataclass
class Recorder:
    """A transport answer: records every request, answers with ``answer(request)``."""

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

    @property
    def only(self) -> httpx2.Request:
        assert len(self.requests) == 1, [str(r.url) for r in self.requests]
        return self.requests[0]


def sent_body(request: httpx2.Request) -> Any:
    """The JSON body of a recorded request, or None when it had none."""
    return json.loads(request.content) if request.content else None


def check_exchange(request: httpx2.Request, status: int, payload: Any) -> None:
    """The request, and the answer given to it, both validate against the contract."""
    contract = load_contract()
    contract.check_request(request.method, str(request.url), request.content or None)
    body = b"" if payload is None else json.dumps(payload).encode()
    contract.check_response(request.method, str(request.url), status, body)


@dataclass(frozen=True)
class Case:
    """One call of one operation, the request it must produce, and the answer it gets."""

    call: Callable[[GitBookClient], Awaitable[Any]]
    method: str
    path: str
    """The raw path after ``/v1``: ids percent-encoded, page paths with their slashes."""
    returns: type
    answer: Any = None
    query: tuple[tuple[str, str], ...] = ()
    body: Any = None
    status: int = 200


async def run_case(operation_id: str, case: Case) -> Any:
    """Call, then check method, path, query, body and the contract; return the result."""
    recorder = Recorder.always(case.status, case.answer)
    async with recorder.client() as client:
        result = await case.call(client)
    request = recorder.only
    assert request.method == case.method
    raw_path = request.url.raw_path.decode().split("?", 1)[0]
    assert raw_path == "/v1" + case.path
    assert sorted(request.url.params.multi_items()) == sorted(case.query)
    assert sent_body(request) == case.body
    op = load_contract().check_request(request.method, str(request.url), request.content or None)
    assert op.operation_id == operation_id
    check_exchange(request, case.status, case.answer)
    parsed = result.items[0] if isinstance(result, ListPage) else result
    assert isinstance(parsed, case.returns)
    return result


def resource_operations(*classes: type) -> set[str]:
    """Every operationId implemented by the methods of the resource ``classes``."""
    return {
        op
        for cls in classes
        for name in dir(cls)
        if (op := operation_id_of(getattr(cls, name))) is not None
    }
