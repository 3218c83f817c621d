"""The link checker against the seeded local workspace, through the API client."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck import UNLINK, LinkScanner, ScanResult
from gitbook_mcp.linkcheck.client_source import ClientContentReader, ClientSiteReader
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL, PAGE_WRITING
from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS, SPACES
from gitbook_mcp.local.seed.sites import SITE_SPACE_HANDBOOK
from tests.conftest import CANARY

pytestmark = pytest.mark.anyio

HANDBOOK = SPACES["handbook"]
SITE = "https://acme.gitbook.io/docs"


@pytest.fixture
async def client(store: Store) -> AsyncIterator[GitBookClient]:
    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=LocalTransport(create_app(store))
    ) as api:
        yield api


def scanner(client: GitBookClient) -> LinkScanner:
    reader = ClientContentReader(client, format="markdown")
    return LinkScanner(reader, sites=ClientSiteReader(client, ORG_ACME), concurrency=4)


def rows(result: ScanResult) -> list[tuple[str, str, str, str, str]]:
    return [(f.page_path, f.text, f.target, f.kind, f.reason) for f in result.findings]


async def test_main_content_findings(client: GitBookClient) -> None:
    result = await scanner(client).scan(HANDBOOK)
    where = f"in the main content of space {HANDBOOK}"
    assert rows(result) == [
        (
            "getting-started/configure",
            "spec sheet",
            "file spec-sheet.pdf",
            "file",
            f"no file spec-sheet.pdf {where}",
        ),
        (
            "getting-started/install",
            "the legacy guide",
            "guides/old-page",
            "page",
            f"no page guides/old-page {where}",
        ),
    ]
    assert result.pages_scanned == 7


async def test_change_request_findings_and_one_page_mode(client: GitBookClient) -> None:
    checker = scanner(client)
    full = await checker.scan(HANDBOOK, CR_INSTALL)
    where = f"in change request {CR_INSTALL}"
    assert [(path, text, reason) for path, text, _, _, reason in rows(full)] == [
        ("getting-started/configure", "spec sheet", f"no file spec-sheet.pdf {where}"),
        ("getting-started/install", "verify the setup", f"no page getting-started/verify {where}"),
        ("getting-started/upgrade", "migration notes", f"no page guides/migration {where}"),
        ("getting-started/upgrade", "upgrade", f"no file upgrade.png {where}"),
    ]
    one = await checker.scan_page(HANDBOOK, CR_INSTALL, PAGE_INSTALL)
    assert [f.text for f in one.findings] == ["verify the setup"]
    assert one.links_checked == len(full.links[PAGE_INSTALL]) == 3


async def test_a_redirect_of_the_old_path_is_the_planned_fix(client: GitBookClient) -> None:
    await client.redirects.create(
        ORG_ACME,
        SITE_DOCS,
        source="/guides/old-page",
        destination={
            "kind": "site-page",
            "siteSpaceId": SITE_SPACE_HANDBOOK,
            "pageId": PAGE_WRITING,
        },
    )
    checker = scanner(client)
    result = await checker.scan(HANDBOOK)
    fixes = await checker.plan(result.findings, HANDBOOK)
    # The missing spec sheet has no close file: removing the link is the last resort.
    assert [(f.finding.text, f.target, f.href, f.confidence) for f in fixes] == [
        ("spec sheet", UNLINK, None, 0.3),
        ("the legacy guide", "guides/writing", "../guides/writing.md", 0.9),
    ]
    assert fixes[1].evidence == "the site redirects /guides/old-page to guides/writing"


async def test_urls_of_the_organizations_own_site(client: GitBookClient, store: Store) -> None:
    cr, revision = store.change_requests.rows.create(
        HANDBOOK, subject="Site links", status="open", created_by="usr_admin"
    )
    store.content.revisions.add_page(
        revision,
        page_id="pg_site_links",
        parent_id=None,
        title="Site links",
        slug="site-links",
        markdown=(
            f"[writing]({SITE}/guides/writing) [setup]({SITE}/setup) "
            f"[errors]({SITE}/api/errors) [gone]({SITE}/guides/gone) "
            f"[bad anchor]({SITE}/faq#nope) [faq anchor]({SITE}/faq#how-do-i-reset-my-token)\n"
        ),
    )
    result = await scanner(client).scan_page(HANDBOOK, cr, "pg_site_links")
    assert [(f.text, f.reason) for f in result.findings] == [
        ("gone", "nothing is published at this URL and no redirect covers it"),
        ("bad anchor", "the page faq has no heading #nope"),
    ]
    assert result.links_checked == 6


async def test_a_token_that_cannot_read_sites_still_checks_content(store: Store) -> None:
    async with GitBookClient(
        token="gb_local_reader",
        base_url="http://local.test/v1",
        transport=LocalTransport(create_app(store)),
    ) as reader:
        sites = await ClientSiteReader(reader, "org_globex").sites()
        result = await scanner(reader).scan(HANDBOOK)
    assert sites == []
    assert [f.text for f in result.findings] == ["spec sheet", "the legacy guide"]
