"""Every node that carries a link, in every container, is found and checked; the same page read
as GitBook markdown gives the same findings (issue 21, item 4)."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.document import render_markdown
from gitbook_mcp.document.nodes import block, document, inline, text
from gitbook_mcp.linkcheck import LinkScanner, PageBody, ScanResult, apply_markdown_fixes
from tests.unit.linkcheck.every_node import a, anchor, p, page_document, reader_with

pytestmark = pytest.mark.anyio

NO_PAGE = "no page p_gone in change request cr1"
NO_FILE = "no file f_gone in change request cr1"
OUTSIDE = "not checked: outside URL (check with external=true)"
USER = "not checked: a user mention (the API does not list the users it may name)"


def _heading(name: str) -> str:
    return f"the page guide has no heading #{name}"


EXPECTED = [
    ("link", "/nodes/0/nodes/0/data/ref", "ok", None),
    ("link", "/nodes/0/nodes/2/data/ref", "broken", NO_PAGE),
    ("link", "/nodes/0/nodes/4/data/ref", "ok", None),
    ("link", "/nodes/0/nodes/6/data/ref", "ok", None),
    ("link", "/nodes/0/nodes/8/data/ref", "broken", "the page home has no heading #here"),
    (
        "link",
        "/nodes/0/nodes/10/data/ref",
        "broken",
        "GitBook marks this anchor as missing (#undefined)",
    ),
    (
        "link",
        "/nodes/0/nodes/12/data/ref",
        "broken",
        "GitBook marks this reference as broken (its target no longer resolves)",
    ),
    ("link", "/nodes/0/nodes/14/data/ref", "broken", "no page missing in change request cr1"),
    ("mention", "/nodes/0/nodes/16/data/ref", "broken", NO_PAGE),
    ("button", "/nodes/0/nodes/18/data/ref", "ok", None),
    ("inline-image", "/nodes/0/nodes/20/data/ref", "broken", NO_FILE),
    ("inline-image (dark)", "/nodes/0/nodes/20/data/refDark", "ok", None),
    ("link", "/nodes/0/nodes/22/fragments/0/nodes/0/nodes/0/data/ref", "broken", _heading("nope")),
    ("link", "/nodes/0/nodes/24/data/ref", "unchecked", USER),
    ("link", "/nodes/1/nodes/0/nodes/0/data/ref", "broken", _heading("gone-in-hint")),
    ("link", "/nodes/2/nodes/0/nodes/0/nodes/0/data/ref", "broken", _heading("gone-in-tab")),
    ("link", "/nodes/3/nodes/0/nodes/0/nodes/0/data/ref", "broken", _heading("gone-in-step")),
    (
        "link",
        "/nodes/4/fragments/1/nodes/0/nodes/0/data/ref",
        "broken",
        _heading("gone-in-expandable"),
    ),
    ("image", "/nodes/5/nodes/0/data/ref", "ok", None),
    ("image (dark)", "/nodes/5/nodes/0/data/refDark", "broken", NO_FILE),
    (
        "link",
        "/nodes/5/nodes/0/fragments/0/nodes/0/nodes/0/data/ref",
        "broken",
        _heading("gone-in-caption"),
    ),
    ("file", "/nodes/6/data/ref", "broken", NO_FILE),
    ("drawing", "/nodes/7/data/ref", "broken", NO_FILE),
    ("content-ref", "/nodes/8/data/ref", "broken", NO_PAGE),
    ("embed", "/nodes/9/data/url", "unchecked", OUTSIDE),
    ("integration", "/nodes/10/data/props/url", "unchecked", OUTSIDE),
    ("swagger", "/nodes/11/data/ref", "unchecked", OUTSIDE),
    (
        "openapi-operation",
        "/nodes/12/data/ref",
        "unchecked",
        "not checked: an OpenAPI spec reference (the API's specs are not read here)",
    ),
    ("reusable-content", "/nodes/13/data/ref", "ok", None),
    (
        "reusable-content",
        "/nodes/14/data/ref",
        "broken",
        "no reusable content rc_x in change request cr1",
    ),
    (
        "update",
        "/nodes/15/nodes/0/data/tags/0",
        "unchecked",
        "not checked: the API does not list a revision's update tags",
    ),
    ("table", "/nodes/16/data/records/r1/values/f/0", "broken", NO_FILE),
    ("table", "/nodes/16/data/records/r1/values/u/0", "unchecked", USER),
    ("table", "/nodes/16/data/records/r1/values/l", "broken", NO_PAGE),
    ("table", "/nodes/16/data/records/r1/values/i/ref", "broken", NO_FILE),
    ("link", "/nodes/16/fragments/0/nodes/0/nodes/0/data/ref", "broken", _heading("gone-in-card")),
    ("link", "/nodes/17/fragments/0/nodes/0/nodes/0/data/ref", "broken", _heading("gone-in-cell")),
]


def _verdicts(result: ScanResult, page_id: str = "p_home") -> list[tuple[Any, ...]]:
    """Every link of the page in order: where it is, what it is, and its verdict."""
    found = {(f.link.pointer, f.link.line, f.target): f for f in result.findings}
    rows = []
    for position, link in enumerate(result.links[page_id]):
        finding = found.get((link.pointer, link.line, link.target.describe()))
        why = result.not_checked.get((page_id, position))
        status = finding.status if finding else ("unchecked" if why else "ok")
        reason = finding.reason if finding else why
        where = link.pointer if link.pointer is not None else link.line
        rows.append((link.node_type, where, link.text, link.target.describe(), status, reason))
    return rows


async def _scan(body: PageBody) -> ScanResult:
    return await LinkScanner(reader_with(body)).scan("s1", "cr1")


async def test_every_link_of_every_container_is_found_with_its_pointer_and_checked() -> None:
    result = await _scan(PageBody(document=page_document()))
    assert [(r[0], r[1], r[4], r[5]) for r in _verdicts(result)] == EXPECTED
    assert result.links_checked == len([e for e in EXPECTED if e[2] != "unchecked"])
    assert len(result.not_checked) == len([e for e in EXPECTED if e[2] == "unchecked"])


async def test_the_page_read_as_gitbook_markdown_gives_the_same_findings() -> None:
    document_ = page_document()
    as_document = await _scan(PageBody(document=document_))
    as_markdown = await _scan(PageBody(markdown=render_markdown(document_)))

    def seen(result: ScanResult) -> list[tuple[Any, ...]]:
        return [(kind, text_, target, s, r) for kind, _, text_, target, s, r in _verdicts(result)]

    assert seen(as_markdown) == seen(as_document)
    assert [(f.page_id, f.target, f.kind, f.reason, f.status) for f in as_markdown.findings] == [
        (f.page_id, f.target, f.kind, f.reason, f.status) for f in as_document.findings
    ]
    assert (as_markdown.links_checked, len(as_markdown.not_checked)) == (
        as_document.links_checked,
        len(as_document.not_checked),
    )
    lines = [where for _, where, *_ in _verdicts(as_markdown)]
    assert all(isinstance(line, int) for line in lines[:30]), lines


async def test_footnote_plumbing_is_not_a_link() -> None:
    page = document([p(a(anchor("user-content-fn-1", None), "word"), " end")])
    result = await _scan(PageBody(document=page))
    assert result.links["p_home"] == []
    assert result.links_checked == 0


async def test_an_old_slug_is_checked_against_ids_and_derived_slugs() -> None:
    page = document(
        [
            block("heading-2", [text("Install it")], {"id": "setup"}),
            p(a(anchor("setup", None), "id"), a(anchor("install-it", None), "slug")),
            p(
                a(anchor("install", None), "old"),
                inline("link", {"ref": anchor("set-up")}, [text("o")]),
            ),
        ]
    )
    result = await _scan(PageBody(document=page))
    assert [(f.text, f.reason) for f in result.findings] == [
        ("old", "the page home has no heading #install"),
    ]


async def test_a_fix_of_a_gitbook_block_in_markdown_edits_its_attribute() -> None:
    markdown = '{% content-ref url="gide.md" %}\n[gide.md](gide.md)\n{% endcontent-ref %}\n'
    reader = reader_with(PageBody(markdown=markdown))
    scanner = LinkScanner(reader)
    result = await scanner.scan("s1", "cr1")
    fixes = await scanner.plan(result.findings, "s1", "cr1")
    assert [(f.finding.link.line, f.href) for f in fixes] == [(1, "guide.md")]
    fixed, edits = apply_markdown_fixes(markdown, fixes)
    assert [e.applied for e in edits] == [True]
    assert fixed == markdown.replace('url="gide.md"', 'url="guide.md"')
