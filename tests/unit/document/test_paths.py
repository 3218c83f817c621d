"""The path rules of relative hrefs (`gitbook_mcp.document.paths`)."""

from __future__ import annotations

from gitbook_mcp.document.paths import relative_href, resolve_path


def test_relative_href_inverts_resolve_path() -> None:
    for to_path in ("guides/install", "faq", "guides"):
        href = relative_href(to_path, "getting-started/install", folder=False, anchor=None)
        assert resolve_path(href, "getting-started/install", folder=False) == to_path
    assert relative_href("faq", "guides", folder=True, anchor="x") == "../faq.md#x"


def test_a_page_with_children_is_a_folder_and_its_readme_is_the_page() -> None:
    assert resolve_path("install.md", "guides", folder=True) == "guides/install"
    assert resolve_path("install.md", "guides", folder=False) == "install"
    assert resolve_path("/guides/README.md", "faq", folder=False) == "guides"
    assert resolve_path("README.md", "faq", folder=False) == ""


def test_above_the_root_is_the_root() -> None:
    assert resolve_path("../../../faq.md", "guides/install", folder=False) == "faq"
    assert resolve_path("..", "guides", folder=False) == ""
