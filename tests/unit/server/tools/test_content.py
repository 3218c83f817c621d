"""The ``content`` toolset: pages in windows, page paths refused, files with their URL."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from tests.unit.server.conftest import McpFactory, unfenced

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "path",
    [
        "../../orgs/org_acme",
        "getting-started/../..",
        "/getting-started/install",
        "a//b",
        "%2e%2e/x",
    ],
)
async def test_page_paths_with_dot_or_empty_segments_are_refused(
    mcp: McpFactory, path: str
) -> None:
    async with mcp() as client:
        result = await client.call_tool("get_page", {"space_id": "spc_handbook", "path": path})
    assert result.is_error
    assert "path" in result.content[0].text
    assert "no leading, trailing or double slash, no . or .." in result.content[0].text


async def test_long_pages_come_in_windows(mcp: McpFactory, store: Store) -> None:
    revision = store.db.scalar("SELECT revision_id FROM spaces WHERE id = 'spc_handbook'")
    store.content.revisions.set_markdown(str(revision), "pg_faq", "word " * 3000)
    async with mcp() as client:
        first = await client.call_tool(
            "get_page", {"space_id": "spc_handbook", "page_id": "pg_faq", "max_chars": 1000}
        )
        data = first.structured_content
        second = await client.call_tool(
            "get_page",
            {
                "space_id": "spc_handbook",
                "page_id": "pg_faq",
                "max_chars": 1000,
                "offset": data["next_offset"],
            },
        )
    assert data["next_offset"] == 1000
    assert "offset=1000" in first.content[0].text
    assert unfenced(second.structured_content["markdown"]) == ("word " * 3000)[1000:2000]


async def test_one_file_comes_with_its_download_url(mcp: McpFactory) -> None:
    from gitbook_mcp.local.seed.content import FILE_DIAGRAM

    async with mcp() as client:
        listed = await client.call_tool(
            "list_files", {"space_id": "spc_handbook", "change_request_id": "cr_install_rewrite"}
        )
        one = await client.call_tool(
            "list_files",
            {
                "space_id": "spc_handbook",
                "change_request_id": "cr_install_rewrite",
                "file_id": FILE_DIAGRAM,
            },
        )
    assert all("url" not in f for f in listed.structured_content["files"])
    [file] = one.structured_content["files"]
    assert file["id"] == FILE_DIAGRAM
    assert file["url"].startswith("http")
    assert file["url"] in one.content[0].text


async def test_reading_past_the_end_of_a_page_says_so(mcp: McpFactory) -> None:
    async with mcp() as client:
        first = await client.call_tool(
            "get_page", {"space_id": "spc_handbook", "page_id": "pg_install"}
        )
        total = first.structured_content["total_chars"]
        past = await client.call_tool(
            "get_page", {"space_id": "spc_handbook", "page_id": "pg_install", "offset": total}
        )
    assert past.is_error
    assert f"it has {total} characters" in past.content[0].text


async def test_the_published_contents_files_are_listed_without_a_change_request(
    mcp: McpFactory,
) -> None:
    from gitbook_mcp.local.seed.content import FILE_DIAGRAM

    async with mcp(profile="live") as client:
        listed = await client.call_tool("list_files", {"space_id": "spc_handbook"})
        one = await client.call_tool(
            "list_files", {"space_id": "spc_handbook", "file_id": FILE_DIAGRAM}
        )
    assert not listed.is_error, listed.content[0].text
    assert FILE_DIAGRAM in [f["id"] for f in listed.structured_content["files"]]
    [file] = one.structured_content["files"]
    assert file["url"].startswith("http")


async def test_a_profile_without_the_spaces_file_listing_asks_for_a_change_request(
    mcp: McpFactory,
) -> None:
    async with mcp() as client:  # the seed profile: files only in change requests
        refused = await client.call_tool("list_files", {"space_id": "spc_handbook"})
    assert refused.is_error
    assert "give change_request_id" in refused.content[0].text
