"""A Git Sync file name as a page path segment: one rule for the import and for links."""

from __future__ import annotations

import pytest

from gitbook_mcp.document.gitsync import file_segment
from gitbook_mcp.document.paths import resolve_path


@pytest.mark.parametrize(
    ("name", "segment"),
    [
        ("install.md", "install"),
        ("0.1.x.md", "0.1.x"),  # cheqd network/upgrades/2021/0.1.x.md
        ("v.4x-testnet-retrial.md", "v.4x-testnet-retrial"),
        ("LICENSE.md", "LICENSE"),
        ("my page.md", "my-page"),
        ("Café (draft).md", "caf-draft"),
        ("guides", "guides"),
        ("..md", "section"),
    ],
)
def test_file_segment(name: str, segment: str) -> None:
    assert file_segment(name) == segment


@pytest.mark.parametrize("name", ["0.1.x.md", "LICENSE.md", "my page.md", "Café (draft).md"])
def test_a_link_finds_the_page_the_import_named(name: str) -> None:
    href = name.replace(" ", "%20")
    assert resolve_path(
        href, "network/upgrades", folder=True
    ) == "network/upgrades/" + file_segment(name)
