"""Applying planned fixes to pages read as JSON documents (the real service's form) and the
redirects proposed for moved pages: `server/tools/_fixing.py` with the link checker's fakes."""

from __future__ import annotations

import json

import pytest

from gitbook_mcp.linkcheck import LinkScanner
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools._fixing import choose, edit_pages, propose_redirects
from gitbook_mcp.server.tools._pages import PageWrite, RevisionTree
from tests.unit.linkcheck.fakes import SITE_URL, doc, heading, link, para, set_home, text, world

pytestmark = pytest.mark.anyio

DOCUMENT = doc(
    heading("Home", 1),
    para(text("Read the "), link({"kind": "page", "page": "p_gide"}, "guide"), text(".")),
    para(link({"kind": "url", "url": SITE_URL + "/gide"}, "on the site")),
    para(text("Untouched text.")),
)


async def test_document_pages_change_only_at_each_ref_and_the_diff_shows_just_that() -> None:
    reader, sites = world()
    set_home(reader, DOCUMENT)
    scanner = LinkScanner(reader, sites=sites)
    result = await scanner.scan("s1", "cr1")
    fixes = await scanner.plan(result.findings, "s1", "cr1")
    chosen, _ = choose(fixes, [], None, 0.0)
    tree = RevisionTree.of(await reader.revision("s1", "cr1"))
    [edit] = await edit_pages(reader, "s1", "cr1", chosen, tree)
    assert edit.page_id == "p_home"
    assert edit.fix_ids == tuple(f.id for f in fixes)
    assert isinstance(edit.item, PageWrite)
    updated = edit.item.after
    expected = json.loads(json.dumps(DOCUMENT))
    expected["nodes"][1]["nodes"][1]["data"]["ref"] = {"kind": "page", "page": "p_guide"}
    expected["nodes"][2]["nodes"][0]["data"]["ref"] = {"kind": "url", "url": SITE_URL + "/guide"}
    assert json.dumps(updated) == json.dumps(expected)
    # The diff is of the markdown rendering (links relative to the page), never of JSON.
    changed = [line for line in edit.diff.splitlines() if line[:1] in "+-"]
    assert changed[:2] == ["--- a/Home", "+++ b/Home"]
    assert "-Read the [guide](/pages/p_gide)." in changed
    # guide has subpages: Git Sync writes it as its README.
    assert "+Read the [guide](guide/README.md)." in changed
    assert f"-[on the site]({SITE_URL}/gide)" in changed
    assert f"+[on the site]({SITE_URL}/guide)" in changed
    assert len(changed) == 6
    assert not any('"' in line for line in changed)


async def test_a_page_whose_link_changed_is_refused_whole() -> None:
    reader, sites = world()
    set_home(reader, DOCUMENT)
    scanner = LinkScanner(reader, sites=sites)
    result = await scanner.scan("s1", "cr1")
    fixes = await scanner.plan(result.findings, "s1", "cr1")
    moved = json.loads(json.dumps(DOCUMENT))
    moved["nodes"].insert(0, para(text("A new first paragraph.")))
    set_home(reader, moved)
    tree = RevisionTree.of(await reader.revision("s1", "cr1"))
    with pytest.raises(ToolFailure, match=f"fix {fixes[0].id} on Home no longer applies"):
        await edit_pages(reader, "s1", "cr1", fixes, tree)


async def test_redirects_for_moved_pages_only_once_per_source() -> None:
    reader, sites = world()
    set_home(reader, "[a](gide.md) [b](gide.md) [c](guide.md#set-upp) [d](old-guide.md)")
    scanner = LinkScanner(reader, sites=sites)
    result = await scanner.scan("s1", "cr1")
    fixes = await scanner.plan(result.findings, "s1", "cr1")
    assert propose_redirects(await sites.sites(), "s1", fixes, set()) == []  # none published
    proposals = propose_redirects(await sites.sites(), "s1", fixes, {"gide", "guide"})
    # b repeats a's source; c keeps its page; d is already redirected by the site.
    assert [(r.site_id, r.source, r.target, r.destination) for r in proposals] == [
        (
            "site1",
            "/gide",
            "guide",
            {"kind": "site-page", "siteSpaceId": "ss1", "pageId": "p_guide"},
        )
    ]
    chosen, redirects = choose(fixes, proposals, [proposals[0].id], 0.8)
    assert (chosen, redirects) == ([], proposals)
