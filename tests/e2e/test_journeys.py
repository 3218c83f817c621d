"""Journeys of the docs-maintenance loop (issue 11 §6), driven by a real MCP client over stdio
against ``--local --profile live``: broken links checked, planned, fixed and merged; a merge
conflict reported and resolved. What no tool does yet is set up through the raw API."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.document import parse_markdown
from gitbook_mcp.local import LocalTransport, Store, create_app, load_demo
from gitbook_mcp.local.seed.content import PAGE_FAQ, PAGE_WRITING
from tests.e2e.test_process import stdio_client
from tests.support.fenced import unfenced

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SPACE = "spc_handbook"
SITE = "https://acme.gitbook.io/docs"
LINKS_PAGE = (
    "# Links\n\n"
    "Publish with [publishing](guides/publishing-guide.md), configure the "
    "[environment](getting-started/configure.md#environment-variable).\n\n"
    "![Diagram](.gitbook/assets/diagrm.png) and the [writing guide]"
    f"({SITE}/guides/writin).\n\n"
    "Questions? Read the [FAQ](faq.md) or [example](https://example.com/keep-me).\n"
)
"""A page with a broken link of each kind: page, anchor, file, site URL, a page the change
request renamed (faq -> questions); the outside URL is not checked (no network) and stays."""


@asynccontextmanager
async def raw_api(db: Path) -> AsyncIterator[GitBookClient]:
    """The API client as the admin, on the same database file the server process uses."""
    store = Store(db, seed=load_demo)
    try:
        async with GitBookClient(
            token="gb_local_admin",
            base_url="http://local.test/v1",
            transport=LocalTransport(create_app(store, profile="live")),
            profile="live",
        ) as client:
            yield client
    finally:
        store.close()


async def _documents(api: GitBookClient, cr: str | None) -> dict[str, tuple[str, str]]:
    """Every page of a change request (or of the main content): (JSON document, markdown)."""
    content = api.change_request_content if cr else api.space_content
    ids: tuple[str, ...] = (SPACE, cr) if cr else (SPACE,)
    tree = await content.get_revision(*ids)  # type: ignore[arg-type]
    pages, stack = [], list(tree.pages)
    while stack:
        page = stack.pop()
        pages.append(page.id)
        stack.extend(page.pages)
    out: dict[str, tuple[str, str]] = {}
    for page_id in pages:
        document = await content.get_page(*ids, page_id, format="document")  # type: ignore[arg-type]
        markdown = await content.get_page(*ids, page_id, format="markdown")  # type: ignore[arg-type]
        body = document.document.model_dump(mode="json") if document.document else None
        out[page_id] = (json.dumps(body, sort_keys=True), markdown.markdown or "")
    return out


async def _call(client: Client, name: str, **arguments: Any) -> dict[str, Any]:
    arguments = {"space_id": SPACE, **arguments}
    result = await client.call_tool(name, arguments)
    # A confirmation preview is a normal result carrying its token (never when one was sent).
    asked = "confirm" not in arguments and not result.is_error
    token = (result.structured_content or {}).get("confirm") if asked else None
    if token is not None:  # an irreversible step: confirm what was shown, as an agent would
        result = await client.call_tool(name, {**arguments, "confirm": token})
    assert not result.is_error, f"{name}: {result.content}"
    structured: dict[str, Any] = result.structured_content or {}
    return structured


def _as_written(href: str) -> dict[str, Any]:
    return {"kind": "url", "url": href}


async def _broken_change_request(db: Path) -> str:
    async with raw_api(db) as api:
        cr = (await api.change_requests.create(SPACE, subject="Links page")).id
        await api.change_requests.update_content(
            SPACE,
            cr,
            changes=[
                {
                    "operation": "insert_page",
                    "title": "Links",
                    "slug": "links",
                    # A node tree whose links are kept as the author wrote them: markdown sent
                    # to the service would turn a link to nothing into plain text.
                    "document": {"document": parse_markdown(LINKS_PAGE, _as_written).document},
                },
                {"operation": "update_page", "page": PAGE_FAQ, "slug": "questions"},
            ],
        )
    return cr


async def test_broken_links_are_checked_planned_fixed_checked_and_merged(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    cr = await _broken_change_request(db)
    async with raw_api(db) as api:
        before = await _documents(api, cr)
    async with stdio_client(db, "--profile", "live", "--toolsets", "links,fixes,review") as client:
        found = await _call(client, "check_links", change_request_id=cr)
        kinds = {b["kind"] for b in found["broken"]}
        plan = await _call(client, "fix_links", change_request_id=cr)
        ids = [f["id"] for f in plan["fixes"]]
        done = await _call(client, "fix_links", change_request_id=cr, apply=True, fixes=ids)
        again = await _call(client, "check_links", change_request_id=cr)
        merged = await _call(client, "merge_change_request", change_request_id=cr)
        main = await _call(client, "check_links")
    assert {"page", "anchor", "file", "url"} <= kinds
    assert len(found["broken"]) == len(plan["fixes"])
    # The demo's own link to faq is by page id and follows the move; the new page's, written
    # as a path, breaks.
    assert [(f["page_path"], f["broken"], f["proposed"]) for f in plan["fixes"]] == [
        ("getting-started/configure", "file spec-sheet.pdf", "remove the link, keep its text"),
        ("getting-started/install", "guides/old-page", "remove the link, keep its text"),
        ("links", "guides/publishing-guide", "guides/publishing"),
        (
            "links",
            "getting-started/configure#environment-variable",
            "getting-started/configure#environment-variables",
        ),
        ("links", "file diagrm.png", "file diagram.png"),
        ("links", f"{SITE}/guides/writin", f"{SITE}/guides/writing"),
        ("links", "faq", "questions"),
    ]
    assert "the change request moved faq to questions" in [f["evidence"] for f in plan["fixes"]]
    assert plan.get("unfixed", []) == []
    assert done["applied"] == ids
    assert done["change_request_id"] == cr
    assert again["broken"] == []
    assert merged["result"] == "merge"
    assert main["broken"] == []
    touched = {f["page_id"] for f in plan["fixes"]}
    async with raw_api(db) as api:
        after = await _documents(api, None)
    assert set(after) == set(before)
    untouched = set(before) - touched
    assert untouched, "some pages had no broken link"
    for page_id in untouched:
        assert after[page_id] == before[page_id], page_id
    links_page = next(p for p in touched if "Publish with" in before[p][1])
    # Read back as GitBook markdown (the title is not a block; an image in text is an inline
    # image); only the fixed links changed, each in the form its author wrote.
    assert after[links_page][1] == (
        "Publish with [publishing](guides/publishing.md), configure the "
        "[environment](getting-started/configure.md#environment-variables).\n\n"
        '<img src=".gitbook/assets/diagram.png" alt="Diagram"> and the [writing guide]'
        f"({SITE}/guides/writing).\n\n"
        "Questions? Read the [FAQ](questions.md) or [example](https://example.com/keep-me).\n"
    )


async def _conflicting_change_request(db: Path) -> str:
    """A change request editing Writing, then Writing edited otherwise on the main content."""
    async with raw_api(db) as api:
        ours = (await api.change_requests.create(SPACE, subject="Writing, ours")).id
        theirs = (await api.change_requests.create(SPACE, subject="Writing, theirs")).id
        for cr, text in ((ours, "Ours."), (theirs, "Theirs.")):
            await api.change_requests.update_content(
                SPACE,
                cr,
                changes=[
                    {
                        "operation": "update_page",
                        "page": PAGE_WRITING,
                        "document": {"markdown": f"# Writing\n\n{text}\n"},
                    }
                ],
            )
        assert (await api.change_requests.merge(SPACE, theirs)).result == "merge"
    return ours


async def test_a_conflict_is_reported_by_page_resolved_by_updating_and_merged(
    tmp_path: Path,
) -> None:
    db = tmp_path / "local.db"
    cr = await _conflicting_change_request(db)
    toolsets = "review,change_requests,content"
    async with stdio_client(db, "--profile", "live", "--toolsets", toolsets) as client:
        refused = await _call(client, "merge_change_request", change_request_id=cr)
        conflict = await _call(client, "update_change_request", change_request_id=cr)
        # The conflict is kept between markers in the change request; the author settles it.
        page = await _call(client, "get_page", page_id=PAGE_WRITING, change_request_id=cr)
        marked = unfenced(page["markdown"])
        # The markers are paragraphs of the document: its markdown escapes them.
        start, end = "\\<" * 7, "\\>" * 7
        block = marked[marked.index(start) : marked.index("\n", marked.rindex(end))]
        # The conflict spans several blocks: a replacement matches within one, so the author
        # rewrites the page whole.
        settled_text = marked.replace(block, "# Writing\n\nOurs, and theirs.")
        await _call(
            client,
            "edit_pages",
            change_request_id=cr,
            edits=[{"op": "rewrite", "page_id": PAGE_WRITING, "markdown": settled_text}],
        )
        settled = await _call(client, "update_change_request", change_request_id=cr)
        merged = await _call(client, "merge_change_request", change_request_id=cr)
    assert refused["result"] == "conflicts"
    assert any("Writing" in p and PAGE_WRITING in p for p in refused["conflicting_pages"])
    assert conflict["result"] == "conflicts"
    assert any("Writing" in p and PAGE_WRITING in p for p in conflict["conflicting_pages"])
    assert "Ours." in marked
    assert "Theirs." in marked
    assert settled["result"] == "update"
    assert merged["result"] == "merge"
    async with raw_api(db) as api:
        published = await api.space_content.get_page(SPACE, PAGE_WRITING, format="markdown")
    assert published.markdown == "## Writing\n\nOurs, and theirs.\n"
