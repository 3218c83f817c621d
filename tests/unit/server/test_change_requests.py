"""The change_requests toolset against the local workspace in the live profile."""

from __future__ import annotations

import threading
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    PAGE_CONFIGURE,
    PAGE_FAQ,
    PAGE_GETTING_STARTED,
    PAGE_INSTALL,
)
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

SPACE = "spc_handbook"
OLD = "Download the installer and run it."
NEW = "Run `acme install` from a terminal."


@pytest.fixture
def profile() -> Profile:
    return "live"


async def _call(client: Any, name: str, **args: Any) -> Any:
    result = await client.call_tool(name, args)
    assert not result.is_error, result.content[0].text
    return result


async def _open(client: Any, subject: str = "Docs for the new flag") -> dict[str, Any]:
    made = await _call(client, "create_change_request", space_id=SPACE, subject=subject)
    data: dict[str, Any] = made.structured_content
    return data


async def _markdown(api: httpx2.AsyncClient, cr_id: str, page_id: str) -> str:
    answer = await api.get(
        f"/spaces/{SPACE}/change-requests/{cr_id}/content/page/{page_id}",
        params={"format": "markdown"},
    )
    assert answer.status_code == 200, answer.text
    text: str = answer.json()["markdown"]
    return text


def _changed(diff: str) -> list[str]:
    return [line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in "+++---"]


async def test_create_answers_id_number_url_and_revision(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        made = await client.call_tool(
            "create_change_request",
            {"space_id": SPACE, "subject": "Document --dry-run", "description": "Why: issue 7."},
        )
        comments = await client.call_tool(
            "get_change_request_changes",
            {"space_id": SPACE, "change_request_id": made.structured_content["id"]},
        )
    assert not made.is_error
    data = made.structured_content
    assert data["number"] > 4
    assert data["revision"]
    assert data["url"].startswith("http")
    assert data["status"] == "open"
    text = made.content[0].text
    assert f"#{data['number']}" in text
    assert data["id"] in text
    assert data["url"] in text
    assert "Changes:\n- none" in comments.content[0].text
    thread = await api.get(f"/spaces/{SPACE}/change-requests/{data['id']}/comments")
    assert "Why: issue 7." in thread.text


async def test_a_replacement_shows_exactly_the_replaced_text_and_nothing_else(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        cr = await _open(client)
        before = {p: await _markdown(api, cr["id"], p) for p in (PAGE_FAQ, PAGE_CONFIGURE)}
        edit = {"op": "replace", "page_id": PAGE_INSTALL}
        edit["replacements"] = [{"find": OLD, "replace": NEW}]  # type: ignore[assignment]
        done = await _call(
            client,
            "edit_pages",
            space_id=SPACE,
            change_request_id=cr["id"],
            edits=[edit],
            expected_revision=cr["revision"],
        )
        changes = await _call(
            client, "get_change_request_changes", space_id=SPACE, change_request_id=cr["id"]
        )
    out = done.structured_content
    assert out["sent"] is True
    assert out["change_request"]["revision"] != cr["revision"]
    # The diff the tool shows is of the edited document's markdown: the one line, nothing else.
    shown = out["pages"][0]["diff"]
    assert _changed(shown) == [f"-{OLD}", f"+{NEW}"]
    # What the service stored is read back: either the same, or the answer says what differs
    # (a store that normalises documents, as the local workspace's keyless one does today).
    stored = _changed(changes.structured_content["diff"])
    assert stored == [f"-{OLD}", f"+{NEW}"] or out["pages"][0]["stored_differently"]
    kinds = [(c["kind"], c["id"]) for c in changes.structured_content["changes"]]
    assert kinds == [("page_edited", PAGE_INSTALL)]
    assert f"+{NEW}" in done.content[0].text
    for page_id, text in before.items():
        assert await _markdown(api, cr["id"], page_id) == text


async def test_zero_or_two_matches_are_refused_naming_the_edit(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        cr = await _open(client)
        base = {"space_id": SPACE, "change_request_id": cr["id"]}
        ok = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": OLD, "replace": "x"}],
        }
        none = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": "nowhere", "replace": "x"}],
        }
        twice = {
            "op": "replace",
            "page_id": PAGE_GETTING_STARTED,
            "replacements": [{"find": "the", "replace": "a"}],  # "then", "the FAQ"
        }
        missing = await client.call_tool("edit_pages", {**base, "edits": [ok, none]})
        many = await client.call_tool("edit_pages", {**base, "edits": [twice]})
        bad_insert = await client.call_tool(
            "edit_pages", {**base, "edits": [{"op": "insert", "title": "T"}]}
        )
    assert missing.is_error
    assert (
        "edit 2 (replace on pg_install), replacement 1: 'find' occurs 0 times"
        in missing.content[0].text
    )
    assert many.is_error
    assert (
        "edit 1 (replace on pg_getting_started), replacement 1: 'find' occurs more than once"
        in many.content[0].text
    )
    assert bad_insert.is_error
    assert "edit 1 (insert): an insert needs title and markdown" in bad_insert.content[0].text
    # The first edit of the refused batch was not sent either: the batch is all or nothing.
    assert OLD in await _markdown(api, cr["id"], PAGE_INSTALL)


async def test_a_stale_revision_is_refused_and_a_dry_run_sends_nothing(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        cr = await _open(client)
        base = {"space_id": SPACE, "change_request_id": cr["id"]}
        edit = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": OLD, "replace": NEW}],
        }
        dry = await _call(client, "edit_pages", **base, edits=[edit], dry_run=True)
        after_dry = await api.get(f"/spaces/{SPACE}/change-requests/{cr['id']}")
        first = await _call(
            client, "edit_pages", **base, edits=[edit], expected_revision=cr["revision"]
        )
        back = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": NEW, "replace": OLD}],
        }
        stale = await client.call_tool(
            "edit_pages", {**base, "edits": [back], "expected_revision": cr["revision"]}
        )
    assert dry.structured_content["sent"] is False
    assert "Dry run: nothing was sent" in dry.content[0].text
    assert f"+{NEW}" in dry.structured_content["pages"][0]["diff"]
    assert after_dry.json()["revision"] == cr["revision"]
    assert first.structured_content["change_request"]["revision"] != cr["revision"]
    assert stale.is_error
    text = stale.content[0].text
    assert f"not {cr['revision']}" in text
    assert "Nothing was sent" in text
    assert "acme install" in await _markdown(api, cr["id"], PAGE_INSTALL)


async def test_insert_delete_and_revert_in_one_batch(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        base = {"space_id": SPACE, "change_request_id": CR_INSTALL}
        done = await _call(
            client,
            "edit_pages",
            **base,
            edits=[
                {
                    "op": "insert",
                    "title": "Flags",
                    "markdown": "# Flags\n\n`--dry-run` shows.\n"
                    + "".join(f"\nFlag {n}.\n" for n in range(6)),
                    "parent_id": PAGE_GETTING_STARTED,
                },
                {"op": "delete", "page_id": PAGE_FAQ},
                {"op": "revert", "page_id": PAGE_INSTALL},
            ],
        )
        changes = await _call(client, "get_change_request_changes", **base, limit=20)
    pages = done.structured_content["pages"]
    inserted = pages[0]["page_id"]
    # The leading ``# Flags`` is the page's title (as the service reads an insert), not a block.
    assert (await _markdown(api, CR_INSTALL, inserted)).startswith("`--dry-run` shows.")
    assert "+`--dry-run` shows." in pages[0]["diff"]
    assert "-## Frequently asked questions" in pages[1]["diff"]
    assert "+Download the installer and run it." in pages[2]["diff"]
    kinds = {(c["kind"], c["id"]) for c in changes.structured_content["changes"]}
    assert ("page_deleted", PAGE_FAQ) in kinds
    assert ("page_created", inserted) in kinds
    assert all(c["id"] != PAGE_INSTALL for c in changes.structured_content["changes"])
    assert changes.structured_content["next_offset"] == 20
    assert "call again with offset=20" in changes.content[0].text
    assert (
        await api.get(f"/spaces/{SPACE}/change-requests/{CR_INSTALL}/content/page/{PAGE_FAQ}")
    ).status_code == 404


async def test_a_reader_is_not_offered_edits_where_it_cannot_edit_and_is_refused(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    edit = {
        "op": "replace",
        "page_id": PAGE_INSTALL,
        "replacements": [{"find": OLD, "replace": NEW}],
    }
    async with mcp("gb_local_commenter", toolsets=("change_requests",), profile="live") as client:
        commenter_tools = {t.name for t in (await client.list_tools()).tools}
    async with mcp("gb_local_reader", toolsets=("change_requests",), profile="live") as client:
        reader_tools = {t.name for t in (await client.list_tools()).tools}
        refused = await client.call_tool(
            "edit_pages", {"space_id": SPACE, "change_request_id": CR_INSTALL, "edits": [edit]}
        )
        opened = await client.call_tool(
            "create_change_request", {"space_id": SPACE, "subject": "x"}
        )
        read = await client.call_tool(
            "get_change_request_changes", {"space_id": SPACE, "change_request_id": CR_INSTALL}
        )
    assert commenter_tools == {"get_change_request_changes"}
    # The reader edits spc_changelog, so the tools are offered, and checked on the target.
    assert {"edit_pages", "create_change_request"} <= reader_tools
    for result in (refused, opened):
        assert result.is_error
        assert "'edit' permission on space spc_handbook" in result.content[0].text
    assert not read.is_error
    assert OLD not in await _markdown(api, CR_INSTALL, PAGE_INSTALL)  # seeded rewrite kept
    listed = await api.get(f"/spaces/{SPACE}/change-requests", params={"status": "draft"})
    assert all(cr["subject"] != "x" for cr in listed.json()["items"])


async def test_the_toolset_is_not_offered_on_the_seed_profile(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("change_requests",), profile="seed") as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert names.isdisjoint({"edit_pages", "create_change_request", "get_change_request_changes"})


async def test_get_page_in_a_change_request_shows_the_revision_edit_pages_expects(
    mcp: McpFactory,
) -> None:
    async with mcp(
        "gb_local_editor", toolsets=("content", "change_requests"), profile="live"
    ) as client:
        cr = await _open(client)
        page = {"space_id": SPACE, "page_id": PAGE_INSTALL}
        read = await _call(client, "get_page", **page, change_request_id=cr["id"])
        published = await _call(client, "get_page", **page)
        edit = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": OLD, "replace": NEW}],
        }
        revision = read.structured_content["revision"]
        await _call(
            client,
            "edit_pages",
            space_id=SPACE,
            change_request_id=cr["id"],
            edits=[edit],
            expected_revision=revision,
        )
    assert revision == cr["revision"]
    assert f"revision {revision}" in read.content[0].text
    assert "revision" not in published.structured_content


async def test_the_plan_and_diffs_of_edit_pages_run_off_the_event_loop(
    mcp: McpFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Red-team N3: matching a hostile page on the event loop froze every other tenant.
    from gitbook_mcp.server.tools.change_requests import authoring

    loop_thread = threading.get_ident()
    threads: list[tuple[str, int]] = []
    for name in ("_plan", "_diffs"):
        original = getattr(authoring, name)

        def spy(*args: Any, _name: str = name, _original: Any = original) -> Any:
            threads.append((_name, threading.get_ident()))
            return _original(*args)

        monkeypatch.setattr(authoring, name, spy)
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        cr = await _open(client)
        edit = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": OLD, "replace": NEW}],
        }
        await _call(
            client,
            "edit_pages",
            space_id=SPACE,
            change_request_id=cr["id"],
            edits=[edit],
            dry_run=True,
        )
    assert [name for name, _ in threads] == ["_plan", "_diffs"]
    assert all(ident != loop_thread for _, ident in threads)


async def test_an_inserted_page_is_shown_by_its_path_not_its_title(mcp: McpFactory) -> None:
    insert = {
        "op": "insert",
        "title": "Feature Flags",
        "markdown": "# Feature Flags\n",
        "parent_id": PAGE_GETTING_STARTED,
    }
    async with mcp(
        "gb_local_editor", toolsets=("change_requests", "navigate"), profile="live"
    ) as client:
        base = {"space_id": SPACE, "change_request_id": CR_INSTALL}
        dry = await _call(client, "edit_pages", **base, edits=[insert], dry_run=True)
        done = await _call(client, "edit_pages", **base, edits=[insert])
        tree = await _call(client, "get_page_tree", **base)
    page = done.structured_content["pages"][0]
    path = page["path"]
    assert path.startswith("getting-started/")
    assert f"[{page['page_id']}]" in tree.content[0].text
    assert path in tree.content[0].text
    assert f"+++ b/{path}" in page["diff"]
    assert f"+++ b/{path}" in done.content[0].text
    # Before sending, the service has not given it a path yet: no title posing as one.
    assert "+++ b/Feature Flags" not in dry.content[0].text
    assert dry.structured_content["pages"][0]["path"] == ""


async def test_markdown_that_parses_past_its_cpu_budget_is_refused(
    mcp: McpFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Red-team: 40 dry-run inserts of "[a\n" * 8000 held every worker thread for seconds each.
    from gitbook_mcp.server.tools.change_requests import _plan

    monkeypatch.setattr(_plan, "PARSE_CPU_SECONDS", 0.0)
    insert = {"op": "insert", "title": "Slow", "markdown": "[a\n" * 2000}
    async with mcp("gb_local_editor", toolsets=("change_requests",), profile="live") as client:
        base = {"space_id": SPACE, "change_request_id": CR_INSTALL}
        refused = await client.call_tool("edit_pages", {**base, "edits": [insert], "dry_run": True})
    assert refused.is_error
    text = refused.content[0].text
    assert "edit 1 (insert): the markdown took more than 0 s of CPU time" in text
    assert "split it into several pages" in text
    assert "Nothing was sent." in text
