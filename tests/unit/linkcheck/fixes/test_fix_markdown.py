"""Fixes of markdown pages edited in place, fix ids, and moves read from semantic changes."""

from __future__ import annotations

import pytest

from gitbook_mcp.linkcheck import (
    UNLINK,
    Fix,
    LinkScanner,
    apply_markdown_fixes,
    fix_id,
    renamed_pages,
)
from tests.unit.linkcheck.fakes import set_home, world

pytestmark = pytest.mark.anyio

PAGE = (
    "# Home\r\n"
    "Read [typo](gide.md) and [typo](gide.md) *twice*.\n"
    "\n"
    "```\n[in code](gide.md)\n```\n"
    "A [dead one](zz-qq.md), <https://docs.acme.test/docs/gide>, [by ref][ref].\n"
    "\n"
    '[ref]: gide.md "Title"\n'
)


async def _plan(markdown: str) -> list[Fix]:
    reader, sites = world()
    set_home(reader, markdown)
    scanner = LinkScanner(reader, sites=sites)
    result = await scanner.scan("s1", "cr1")
    return await scanner.plan(result.findings, "s1", "cr1")


async def test_markdown_fixes_change_only_the_hrefs_and_keep_every_other_byte() -> None:
    fixes = await _plan(PAGE)
    assert [(f.finding.text, f.finding.link.line, f.action) for f in fixes] == [
        ("typo", 2, "replace"),
        ("typo", 2, "replace"),
        ("dead one", 7, "unlink"),
        ("https://docs.acme.test/docs/gide", 7, "replace"),
        ("by ref", 9, "replace"),
    ]
    fixed, edits = apply_markdown_fixes(PAGE, fixes)
    assert all(e.applied for e in edits), edits
    assert fixed == (
        "# Home\r\n"
        "Read [typo](guide.md) and [typo](guide.md) *twice*.\n"
        "\n"
        "```\n[in code](gide.md)\n```\n"
        "A dead one, <https://docs.acme.test/docs/guide>, [by ref][ref].\n"
        "\n"
        '[ref]: guide.md "Title"\n'
    )
    assert [(e.pointer, e.before, e.after) for e in edits[2:4]] == [
        ("line 7", "[dead one](zz-qq.md)", "dead one"),
        ("line 7", "<https://docs.acme.test/docs/gide>", "<https://docs.acme.test/docs/guide>"),
    ]


async def test_a_markdown_fix_whose_link_changed_is_skipped_and_says_so() -> None:
    fixes = await _plan(PAGE)
    changed = PAGE.replace("[dead one](zz-qq.md)", "[dead one](elsewhere.md)")
    fixed, edits = apply_markdown_fixes(changed, [fixes[2], fixes[0]])
    assert [(e.applied, e.reason) for e in edits] == [
        (False, "the link changed since the page was read"),
        (True, ""),
    ]
    assert fixed == changed.replace("[typo](gide.md) and", "[typo](guide.md) and")
    _, gone = apply_markdown_fixes("# Home\n", [fixes[4]])
    assert [(e.applied, e.reason) for e in gone] == [(False, "the link is no longer in the page")]


async def test_fix_ids_are_stable_and_change_with_the_page() -> None:
    first, again = await _plan(PAGE), await _plan(PAGE)
    assert [f.id for f in first] == [f.id for f in again]
    assert all(f.id == fix_id(f) and len(f.id) == 9 and f.id.startswith("f") for f in first)
    assert len({(f.id) for f in first}) == len(first) - 1, "the two identical links share an id"
    moved = await _plan("\n" + PAGE)
    assert not {f.id for f in moved} & {f.id for f in first}


async def test_a_link_without_any_candidate_is_proposed_for_removal() -> None:
    fixes = await _plan("![logo](.gitbook/assets/qqqq.zzz) [gone](zz-qq.md)")
    assert [(f.finding.text, f.action, f.target, f.confidence) for f in fixes] == [
        ("gone", "unlink", UNLINK, 0.3)
    ]


def test_renamed_pages_from_semantic_changes() -> None:
    changes = [
        {
            "type": "page_edited",
            "page": {"id": "p1", "path": "guides/new-name"},
            "attributes": {"slug": {"before": "old-name", "after": "new-name"}},
        },
        {
            "type": "page_moved",
            "page": {"id": "p2", "path": "top"},
            "parent": {"before": {"id": "g", "path": "guides"}},
        },
        {"type": "page_moved", "page": {"id": "p3", "path": "guides/down"}, "parent": {}},
        {"type": "page_edited", "page": {"id": "p4", "path": "x"}, "attributes": {"title": {}}},
        {"type": "page_created", "page": {"id": "p5", "path": "fresh"}},
    ]
    assert renamed_pages(changes) == {"guides/old-name": "p1", "guides/top": "p2", "down": "p3"}
