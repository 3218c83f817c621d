"""A page's slug from its title: the rule the store applies and the MCP server's dry run checks."""

from __future__ import annotations

from gitbook_mcp.document.slugs import page_slug
from gitbook_mcp.local.store.content.pagedoc import slugify


def test_the_page_slug_rule_is_the_stores() -> None:
    for title in ("Getting started", "  FAQ & Help!  ", "Ünïcode", "", "v2.0 -- release"):
        assert slugify(title) == page_slug(title)
    assert page_slug("Getting started") == "getting-started"
    assert page_slug("v2.0 -- release") == "v2-0-release"
    assert page_slug("  FAQ & Help!  ") == "faq-help"
    assert page_slug("!!!") == "section"
