"""The client adapter reads documents as the API sent them, and pages by id in either revision."""

from __future__ import annotations

import json

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from tests.unit.linkcheck.fakes import doc, link, para

pytestmark = pytest.mark.anyio

DOCUMENT = {**doc(para(link({"kind": "page", "page": "p2"}, "next"))), "key": "k1"}
PAGE = {"id": "p1", "title": "One", "type": "document", "path": "one", "document": DOCUMENT}


async def test_documents_come_back_unchanged_and_missing_pages_are_none() -> None:
    seen: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(f"{request.url.path}?{request.url.query.decode()}")
        if request.url.path.endswith("/p1"):
            return httpx2.Response(200, json=PAGE)
        return httpx2.Response(404, json={"error": {"code": 404, "message": "no page"}})

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    ) as client:
        reader = ClientContentReader(client)
        body = await reader.page("s1", "cr1", "p1")
        missing = await reader.page("s1", None, "p9")
    assert body is not None
    assert json.dumps(body.document) == json.dumps(DOCUMENT)
    assert missing is None
    assert seen == [
        "/v1/spaces/s1/change-requests/cr1/content/page/p1?format=document",
        "/v1/spaces/s1/content/page/p9?format=document",
    ]
