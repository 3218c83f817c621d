"""The ``redirects`` toolset: a redirect created is in the site's table."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_a_redirect_created_is_in_the_sites_table(mcp: McpFactory, store: Store) -> None:
    async with mcp() as client:
        redirect = await client.call_tool(
            "create_redirect",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "source": "/guides/old-page",
                "section_id": "sec_guides",
            },
        )
    assert not redirect.is_error
    assert (
        store.db.scalar("SELECT COUNT(*) FROM site_redirects WHERE source = '/guides/old-page'")
        == 1
    )
