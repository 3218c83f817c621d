"""The ``links`` toolset: every broken link of a change request, with progress."""

from __future__ import annotations

import pytest

from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_check_links_finds_every_broken_link_of_a_change_request(mcp: McpFactory) -> None:
    progress: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    async with mcp() as client:
        result = await client.call_tool(
            "check_links",
            {"space_id": "spc_handbook", "change_request_id": "1"},
            progress_callback=on_progress,
        )
    report = result.structured_content
    broken = {(b["page_path"], b["target"]) for b in report["broken"]}
    assert broken == {
        ("getting-started/install", "verify.md"),
        ("getting-started/upgrade", "../guides/migration.md"),
        ("getting-started/upgrade", "../.gitbook/assets/upgrade.png"),
        ("getting-started/configure", "../.gitbook/assets/spec-sheet.pdf"),
    }
    assert report["pages_scanned"] == 8
    assert sorted(progress)[-1] == 8
