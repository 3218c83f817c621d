"""``fix_links`` against the local workspace in the live profile: plan, apply, refusals, gating."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.errors import NotFoundError
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

SPACE = "spc_handbook"
LINKS = (
    "# Links\n\n"
    "See [publishing](guides/publishin.md) and "
    "[env](getting-started/configure.md#environment-variable).\n"
    "![d](.gitbook/assets/diagrm.png) [site](https://acme.gitbook.io/docs/guides/writin) "
    "[gone](nowhere-xyz-qq.md)\n"
)


@pytest.fixture
async def api(store: Store) -> AsyncIterator[GitBookClient]:
    async with GitBookClient(
        token="gb_local_admin",
        base_url="http://local.test/v1",
        transport=LocalTransport(create_app(store, profile="live")),
        profile="live",
    ) as client:
        yield client


def _broken_cr(store: Store) -> str:
    """A change request adding a page with a broken link of every kind that has a candidate."""
    cr, revision = store.change_requests.rows.create(
        SPACE, subject="Links", status="open", created_by="usr_admin"
    )
    store.content.revisions.add_page(
        revision, page_id="pg_links", title="Links", slug="links", markdown=LINKS
    )
    return cr


def _moved_cr(store: Store) -> str:
    """The broken change request, moving guides/publishing (a published page) to a new path."""
    cr = _broken_cr(store)
    revision = store.db.scalar("SELECT revision_id FROM change_requests WHERE id = ?", (cr,))
    store.db.execute(
        "UPDATE pages SET slug = 'publish', path = 'guides/publish' "
        "WHERE id = 'pg_publishing' AND revision_id = ?",
        (revision,),
    )
    # Links by id follow a moved page; one written by its old path (as an author leaves it, kept
    # as a URL: nothing has that path now) breaks, and its readers' URL needs a redirect.
    store.content.revisions.set_markdown(
        revision, "pg_links", LINKS.replace("guides/publishin.md", "guides/publishing.md")
    )
    return cr


async def test_a_redirect_is_proposed_from_a_published_path_only(
    mcp: McpFactory, store: Store
) -> None:
    cr = _moved_cr(store)
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        plan = (await _call(client, change_request_id=cr)).structured_content
    # The published guides/publishing moved: a redirect from it; the typo publishin: none; and
    # the one the site's finding on guides/old-page suggests (a path readers reach).
    assert [(r["source"], r["target"]) for r in plan["redirects"]] == [
        ("/guides/publishing", "guides/publish"),
        ("/guides/old-page", "guides"),
    ]


async def _pages(api: GitBookClient, cr: str | None) -> dict[str, str]:
    """Every page's markdown in a change request (or the main content), by page id."""
    tree = (
        await api.change_request_content.get_revision(SPACE, cr)
        if cr
        else await api.space_content.get_revision(SPACE)
    )
    ids: list[str] = []
    stack = list(tree.pages)
    while stack:
        page = stack.pop()
        ids.append(page.id)
        stack.extend(page.pages)
    out: dict[str, str] = {}
    for page_id in ids:
        if cr:
            page = await api.change_request_content.get_page(SPACE, cr, page_id, format="markdown")
        else:
            page = await api.space_content.get_page(SPACE, page_id, format="markdown")
        out[page_id] = page.markdown or ""
    return out


async def _call(client: Client, **arguments: Any) -> Any:
    result = await client.call_tool("fix_links", {"space_id": SPACE, **arguments})
    assert not result.is_error, result.content
    return result


async def test_the_plan_proposes_a_fix_per_kind_and_writes_nothing(
    mcp: McpFactory, store: Store, api: GitBookClient
) -> None:
    cr = _broken_cr(store)
    before = await _pages(api, cr)
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        result = await _call(client, change_request_id=cr, page_id="pg_links")
    plan = result.structured_content
    assert [(f["broken"], f["action"], f["proposed"]) for f in plan["fixes"]] == [
        ("guides/publishin", "replace", "guides/publishing"),
        (
            "getting-started/configure#environment-variable",
            "replace",
            "getting-started/configure#environment-variables",
        ),
        ("file diagrm.png", "replace", "file diagram.png"),
        (
            "https://acme.gitbook.io/docs/guides/writin",
            "replace",
            "https://acme.gitbook.io/docs/guides/writing",
        ),
        ("nowhere-xyz-qq", "unlink", "remove the link, keep its text"),
    ]
    assert plan["fixes"][2]["evidence"] == "the closest file name (similarity 0.92)"
    assert all(f["id"].startswith("f") for f in plan["fixes"])
    # guides/publishin was never published (a typo): its link is fixed, no redirect proposed.
    assert plan["redirects"] == []
    assert "applied" not in plan
    assert (
        f"[{plan['fixes'][0]['id']}] links [pg_links]: guides/publishin" in result.content[0].text
    )
    assert await _pages(api, cr) == before


async def test_apply_writes_the_chosen_fixes_in_one_batch_and_nothing_else(
    mcp: McpFactory, store: Store, api: GitBookClient
) -> None:
    cr = _broken_cr(store)
    before = await _pages(api, cr)
    async with mcp("gb_local_admin", toolsets=("fixes", "links"), profile="live") as client:
        plan = (await _call(client, change_request_id=cr)).structured_content
        chosen = [f["id"] for f in plan["fixes"] if f["page_id"] == "pg_links"]
        done = await _call(client, change_request_id=cr, apply=True, fixes=chosen)
        check = await client.call_tool("check_links", {"space_id": SPACE, "change_request_id": cr})
    answer = done.structured_content
    assert answer["applied"] == chosen
    assert answer["change_request_id"] == cr
    # What was written, not the plan again: neither form repeats it (the model of Claude Code
    # and VS Code reads the structured result alone, Claude Desktop's the text).
    assert (answer["fixes"], answer["redirects"], answer["unfixed"]) == ([], [], [])
    assert not any(f"[{f['id']}]" in done.content[0].text for f in plan["fixes"])
    assert answer["change_request_url"].startswith("https://app.gitbook.com/")
    assert "+See [publishing](guides/publishing.md) and" in answer["diff"]
    assert "[site](https://acme.gitbook.io/docs/guides/writing) gone" in answer["diff"]
    after = await _pages(api, cr)
    # Read back as GitBook markdown: the page's heading is a heading-1 (``##``), the image an
    # inline image; only the links that were fixed changed, relative ones stay relative.
    assert after["pg_links"] == (
        "## Links\n\n"
        "See [publishing](guides/publishing.md) and "
        "[env](getting-started/configure.md#environment-variables). "
        '<img src=".gitbook/assets/diagram.png" alt="d"> '
        "[site](https://acme.gitbook.io/docs/guides/writing) gone\n"
    )
    assert {k: v for k, v in after.items() if k != "pg_links"} == {
        k: v for k, v in before.items() if k != "pg_links"
    }
    # The two broken links of the main content were not chosen: they are all that is left.
    assert [b["page_path"] for b in check.structured_content["broken"]] == [
        "getting-started/configure",
        "getting-started/install",
    ]


async def test_apply_without_a_change_request_opens_one_and_leaves_the_main_content(
    mcp: McpFactory, api: GitBookClient
) -> None:
    main = await _pages(api, None)
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        none = await _call(client, apply=True)
        done = await _call(client, apply=True, min_confidence=0.3)
    assert none.structured_content["applied"] == []
    assert "Nothing applied: none of the " in none.content[0].text
    assert "at least 0.80 sure" in none.content[0].text
    answer = done.structured_content
    assert len(answer["applied"]) == 2
    opened = await api.change_requests.get(SPACE, answer["change_request_id"])
    assert opened.subject == "Fix broken links"
    assert await _pages(api, None) == main
    fixed = await _pages(api, answer["change_request_id"])
    assert "the legacy guide." in fixed["pg_install"]
    assert "See the spec sheet." in fixed["pg_configure"]


async def test_apply_refuses_when_the_page_changed_since_the_plan(
    mcp: McpFactory, store: Store, api: GitBookClient
) -> None:
    cr = _broken_cr(store)
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        plan = (await _call(client, change_request_id=cr, page_id="pg_links")).structured_content
        revision = store.db.scalar("SELECT revision_id FROM change_requests WHERE id = ?", (cr,))
        # Someone edits the page after the plan: the links the plan saw moved on.
        store.content.revisions.set_markdown(revision, "pg_links", "Intro.\n\n" + LINKS)
        changed = await _pages(api, cr)
        ids = [f["id"] for f in plan["fixes"]]
        refused = await client.call_tool(
            "fix_links", {"space_id": SPACE, "change_request_id": cr, "apply": True, "fixes": ids}
        )
    assert refused.is_error
    text = refused.content[0].text
    assert f"Nothing written: fix {', '.join(ids)} no longer applies" in text
    assert await _pages(api, cr) == changed


async def test_chosen_redirects_are_written_in_one_call(
    mcp: McpFactory, store: Store, api: GitBookClient
) -> None:
    cr = _moved_cr(store)
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        plan = (await _call(client, change_request_id=cr, page_id="pg_links")).structured_content
        redirect = plan["redirects"][0]["id"]
        done = await _call(client, change_request_id=cr, apply=True, fixes=[redirect])
    assert done.structured_content["applied"] == [redirect]
    assert "diff" not in done.structured_content
    found = await api.redirects.get_by_source(ORG_ACME, SITE_DOCS, source="/guides/publishing")
    assert found.target == "https://acme.gitbook.io/docs/guides/publishing"


async def test_an_editor_without_site_admin_is_refused_redirects_before_any_page_is_written(
    mcp: McpFactory, store: Store, api: GitBookClient
) -> None:
    cr = _moved_cr(store)
    before = await _pages(api, cr)
    async with mcp("gb_local_editor", toolsets=("fixes",), profile="live") as client:
        plan = (await _call(client, change_request_id=cr, page_id="pg_links")).structured_content
        fixes = [f["id"] for f in plan["fixes"]]
        refused = await client.call_tool(
            "fix_links",
            {
                "space_id": SPACE,
                "change_request_id": cr,
                "apply": True,
                "fixes": [*fixes, plan["redirects"][0]["id"]],
            },
        )
        assert refused.is_error
        assert await _pages(api, cr) == before  # refused up front: no page written
        pages_only = await _call(client, change_request_id=cr, apply=True, fixes=fixes)
    text = refused.content[0].text
    assert f"'admin' permission on organization {ORG_ACME}" in text
    assert "Nothing was sent" in text
    with pytest.raises(NotFoundError):
        await api.redirects.get_by_source(ORG_ACME, SITE_DOCS, source="/guides/publishing")
    assert pages_only.structured_content["applied"] == fixes  # the editor may fix pages alone


async def test_a_reader_is_refused_on_a_space_it_cannot_edit_and_nothing_is_written(
    mcp: McpFactory, store: Store, api: GitBookClient
) -> None:
    cr = _broken_cr(store)
    before = await _pages(api, cr)
    async with mcp("gb_local_reader", toolsets=("fixes",), profile="live") as client:
        # Offered: the reader edits spc_changelog; checked on the target space at call time.
        offered = {t.name for t in (await client.list_tools()).tools}
        refused = await client.call_tool(
            "fix_links", {"space_id": SPACE, "change_request_id": cr, "apply": True}
        )
    assert "fix_links" in offered
    assert refused.is_error
    assert "'edit' permission on space spc_handbook" in refused.content[0].text
    assert await _pages(api, cr) == before
    async with mcp("gb_local_commenter", toolsets=("fixes",), profile="live") as client:
        assert "fix_links" not in {t.name for t in (await client.list_tools()).tools}
        hidden = await client.call_tool("fix_links", {"space_id": SPACE})
    assert hidden.is_error
    assert "not offered" in hidden.content[0].text


async def test_the_tool_is_not_offered_on_the_seed_profile(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="seed") as client:
        assert "fix_links" not in {t.name for t in (await client.list_tools()).tools}


async def test_the_diff_is_sanitised_in_the_structured_answer_too(
    mcp: McpFactory, store: Store
) -> None:
    cr, revision = store.change_requests.rows.create(
        SPACE, subject="Hidden", status="open", created_by="usr_admin"
    )
    store.content.revisions.add_page(
        revision,
        page_id="pg_hidden",
        title="Hidden",
        slug="hidden",
        markdown="Read\u202e [publishing](guides/publishin.md).\n",
    )
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        done = await _call(
            client, change_request_id=cr, page_id="pg_hidden", apply=True, min_confidence=0.7
        )
    diff = done.structured_content["diff"]
    assert "+Read [publishing](guides/publishing.md)." in diff
    assert "\u202e" not in diff


async def test_apply_with_no_fix_chosen_says_so_and_answers_no_more_than_it_says(
    mcp: McpFactory, store: Store
) -> None:
    cr = _broken_cr(store)
    async with mcp("gb_local_admin", toolsets=("fixes",), profile="live") as client:
        result = await _call(client, change_request_id=cr, apply=True, fixes=[])
    text = result.content[0].text
    assert "no fixes were chosen (fixes=[])" in text
    assert "Nothing to apply at this confidence" not in text
    answer = result.structured_content
    assert answer["applied"] == []
    assert answer["fixes"] == []
    assert answer["pages_scanned"] > 0  # the counts of the scan behind the answer, not zeros
    assert answer["links_checked"] >= answer["broken"] > 0
    assert len(json.dumps(answer)) <= 2 * len(text)


async def test_the_plan_is_the_checks_scan_and_an_unchanged_revision_is_not_read_again(
    mcp: McpFactory, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    page = ClientContentReader.page

    async def counted(self: ClientContentReader, space: str, cr: str | None, pid: str) -> Any:
        reads.append(pid)
        return await page(self, space, cr, pid)

    monkeypatch.setattr(ClientContentReader, "page", counted)
    async with mcp("gb_local_admin", toolsets=("fixes", "links"), profile="live") as client:
        check = (await client.call_tool("check_links", {"space_id": SPACE})).structured_content
        read_by_check = len(reads)
        plan = (await _call(client)).structured_content
        assert len(reads) == read_by_check  # nothing changed: no page read twice
    assert read_by_check > 0
    assert (plan["broken"], plan["links_checked"], plan["pages_scanned"]) == (
        len(check["broken"]),
        check["links_checked"],
        check["pages_scanned"],
    )


async def test_a_new_revision_reads_again_only_the_pages_that_changed(
    mcp: McpFactory, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    page = ClientContentReader.page

    async def counted(self: ClientContentReader, space: str, cr: str | None, pid: str) -> Any:
        reads.append(pid)
        return await page(self, space, cr, pid)

    monkeypatch.setattr(ClientContentReader, "page", counted)
    cr = _broken_cr(store)
    async with mcp("gb_local_admin", toolsets=("fixes", "links"), profile="live") as client:
        await client.call_tool("check_links", {"space_id": SPACE, "change_request_id": cr})
        first = len(reads)
        plan = (await _call(client, change_request_id=cr, page_id="pg_links")).structured_content
        chosen = [plan["fixes"][0]["id"]]
        await _call(client, change_request_id=cr, apply=True, fixes=chosen)
        reads.clear()
        again = await client.call_tool("check_links", {"space_id": SPACE, "change_request_id": cr})
    assert first > 1
    assert reads == ["pg_links"]  # a new revision, in which only the fixed page changed
    assert ": guides/publishin (" not in again.content[0].text  # the broken link is gone


async def test_a_large_plan_lists_at_most_a_hundred_of_each_and_says_how_many_more(
    mcp: McpFactory, store: Store
) -> None:
    cr, revision = store.change_requests.rows.create(
        SPACE, subject="Bulk", status="open", created_by="usr_admin"
    )
    for i in range(130):
        store.content.revisions.add_page(
            revision, title=f"Bulk {i}", slug=f"bulk-{i}", markdown="[p](guides/publishin.md)\n"
        )
    async with mcp("gb_local_admin", toolsets=("fixes", "links"), profile="live") as client:
        plan = (await _call(client, change_request_id=cr)).structured_content
    assert plan["broken"] >= 130
    assert len(plan["fixes"]) == 100
    assert len(plan["unfixed"]) <= 100
    assert "Not listed: " in plan["next_step"]
    assert " more fixes" in plan["next_step"]
    assert "then plan again for the rest" in plan["next_step"]
