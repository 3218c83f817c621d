"""A check whose call fails late keeps what it checked: the result is partial and says what did
not run (a page not read, the site's findings), against the local workspace (live profile)."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck.model import ScanResult
from gitbook_mcp.linkcheck.report.formats import ReportScope, render_report
from gitbook_mcp.linkcheck.run import CheckRequest, run_scan
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.ids import SPACES
from tests.conftest import CANARY

pytestmark = pytest.mark.anyio

SPACE = SPACES["handbook"]


class Failing(httpx2.AsyncBaseTransport):
    """The local workspace, answering 500 to every request whose path contains ``fragment``."""

    def __init__(self, inner: httpx2.AsyncBaseTransport, fragment: str) -> None:
        self.inner = inner
        self.fragment = fragment
        self.failed = 0

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        if self.fragment in request.url.path:
            self.failed += 1
            return httpx2.Response(500, json={"error": {"code": 500, "message": "down"}})
        return await self.inner.handle_async_request(request)


async def _check(store: Store, fragment: str) -> tuple[Failing, ScanResult]:
    transport = Failing(LocalTransport(create_app(store, profile="live")), fragment)
    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=transport, max_retries=0
    ) as client:
        run = await run_scan(client, CheckRequest(SPACE, site_findings=True))
    return transport, run.result


async def test_the_site_findings_call_failing_last_leaves_the_content_findings(
    store: Store,
) -> None:
    whole = (await _check(store, "/nothing-fails/"))[1]
    transport, result = await _check(store, "/findings")
    assert transport.failed >= 1
    assert result.partial
    assert not whole.partial
    (why,) = result.missing
    assert why.startswith("the published site's findings: not read")
    assert result.pages_scanned == whole.pages_scanned
    content = {(f.page_id, f.target) for f in whole.broken if f.page_id}
    assert {(f.page_id, f.target) for f in result.broken} == content


async def test_a_page_that_cannot_be_read_is_named_and_the_rest_is_checked(store: Store) -> None:
    page = store.db.scalar(
        "SELECT p.id FROM pages p JOIN spaces s ON s.revision_id = p.revision_id "
        "WHERE s.id = ? AND p.path = 'getting-started/install'",
        (SPACE,),
    )
    transport, result = await _check(store, f"/page/{page}")
    assert transport.failed >= 1
    assert [why.split(":")[0] for why in result.missing] == [
        f"page getting-started/install [{page}]"
    ]
    assert result.pages_scanned > 1
    assert result.links_checked > 0
    for format in ("text", "json", "github", "junit", "sarif"):
        report = render_report(result, ReportScope(SPACE), format)
        assert "getting-started/install" in report, format
        assert "partial" in report.lower(), format
