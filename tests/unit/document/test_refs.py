"""String forms of content refs, both ways (reference §6.2)."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.document.refs import href_to_ref, parse_stable, ref_to_href, stable_href

FORMS: list[tuple[str, dict[str, Any]]] = [
    ("/pages/p1", {"kind": "page", "page": "p1"}),
    ("/spaces/s1/pages/p1", {"kind": "page", "page": "p1", "space": "s1"}),
    ("/pages/p1#tokens", {"kind": "anchor", "anchor": "tokens", "page": "p1"}),
    ("/spaces/s1/pages/p1#t", {"kind": "anchor", "anchor": "t", "page": "p1", "space": "s1"}),
    ("#tokens", {"kind": "anchor", "anchor": "tokens"}),
    ("/files/f1", {"kind": "file", "file": "f1"}),
    ("/spaces/s1/files/f1", {"kind": "file", "file": "f1", "space": "s1"}),
    ("/spaces/s1", {"kind": "space", "space": "s1"}),
    ("/users/u1", {"kind": "user", "user": "u1"}),
    ("/collections/c1", {"kind": "collection", "collection": "c1"}),
    ("/reusable-content/r1", {"kind": "reusable-content", "reusableContent": "r1"}),
    ("/tags/api", {"kind": "tag", "tag": "api"}),
    ("/openapi/billing", {"kind": "openapi", "spec": "billing"}),
    ("https://example.com/x", {"kind": "url", "url": "https://example.com/x"}),
    ("mailto:a@example.com", {"kind": "url", "url": "mailto:a@example.com"}),
]


@pytest.mark.parametrize(("href", "ref"), FORMS)
def test_stable_forms_both_ways(href: str, ref: dict[str, Any]) -> None:
    assert href_to_ref(href) == ref
    assert stable_href(ref) == href


@pytest.mark.parametrize(
    "href", ["getting-started", "/pages/p1/child", "/pages/", "/spaces/s1/", "/openapi/a/b", "#"]
)
def test_not_refs(href: str) -> None:
    assert parse_stable(href) is None


def test_legacy_ids_start_with_a_dash() -> None:
    assert parse_stable("/pages/-LBUnokgAHp7SX9tJUrr") == {
        "kind": "page",
        "page": "-LBUnokgAHp7SX9tJUrr",
    }


def test_app_urls_of_a_space() -> None:
    space = {"kind": "space", "space": "abc"}
    assert href_to_ref("https://app.gitbook.com/s/abc/") == space
    assert href_to_ref("https://app.gitbook.com/o/org/s/abc/") == space
    page_url = "https://app.gitbook.com/s/abc/guide/install"
    assert href_to_ref(page_url) == {"kind": "url", "url": page_url}


def test_relative_paths_go_to_the_callers_resolver() -> None:
    asked: list[str] = []

    def resolve(href: str) -> dict[str, Any] | None:
        asked.append(href)
        return {"kind": "page", "page": "p9"} if href == "../install.md" else None

    assert href_to_ref("../install.md", resolve) == {"kind": "page", "page": "p9"}
    assert href_to_ref("nowhere.md", resolve) is None
    assert href_to_ref("nowhere.md") is None
    assert asked == ["../install.md", "nowhere.md"]


def test_the_writer_is_asked_first_then_the_stable_form() -> None:
    page = {"kind": "page", "page": "p1"}
    assert ref_to_href(page, lambda ref: "../install.md") == "../install.md"
    assert ref_to_href(page, lambda ref: None) == "/pages/p1"
    assert ref_to_href({"kind": "page"}) == "broken-reference"
