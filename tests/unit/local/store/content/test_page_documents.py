"""Pages as JSON documents: node trees stored as sent (keyed), markdown parsed against the change
request's tree, the 422 mode of ``update_page``, and demo documents valid against the contract."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.document import plain_text, walk
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_CONFIGURE, PAGE_FAQ, PAGE_INSTALL
from tests.support.contract import JSON_DOCUMENT, document_contract
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio

SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"


@pytest.fixture
def profile() -> Profile:
    return "live"


@pytest.fixture
async def editor(app: object) -> AsyncIterator[httpx2.AsyncClient]:
    async with raw_api(app, "gb_local_editor") as client:
        yield client


async def _batch(client: httpx2.AsyncClient, *changes: dict[str, Any]) -> httpx2.Response:
    return await client.post(
        f"{CR}/content", params={"compat": "false"}, json={"changes": list(changes)}
    )


async def _document(client: httpx2.AsyncClient, page_id: str) -> dict[str, Any]:
    answer = await client.get(f"{CR}/content/page/{page_id}", params={"format": "document"})
    assert answer.status_code == 200, answer.text
    doc: dict[str, Any] = answer.json()["document"]
    return doc


def _elements(doc: dict[str, Any]) -> list[tuple[str, Any]]:
    return [
        (n["type"], n.get("data")) for n, _ in walk(doc) if n.get("object") in ("block", "inline")
    ]


def _without_meta(doc: dict[str, Any]) -> dict[str, Any]:
    for node, _ in walk(doc):
        node.pop("meta", None)
    return doc


MARKDOWN = (
    "## Setup\n\n"
    '{% hint style="info" %}\nRead [Configure](configure.md#environment-variables) first.\n'
    "{% endhint %}\n\n"
    '{% tabs %}\n{% tab title="Linux" %}\nSee the [FAQ](/pages/faq).\n{% endtab %}\n{% endtabs %}\n\n'
    '{% code title="install.sh" %}\n```bash\nacme install\n```\n{% endcode %}\n\n'
    "Gone: [old](/pages/pg_nowhere) and [lost](../lost.md).\n"
)


async def test_markdown_is_parsed_against_the_tree_and_reads_back_the_same(
    editor: httpx2.AsyncClient,
) -> None:
    answer = await _batch(
        editor,
        {"operation": "update_page", "page": PAGE_INSTALL, "document": {"markdown": MARKDOWN}},
    )
    assert answer.status_code == 200, answer.text
    [change] = answer.json()["changes"]
    assert change["unresolvedLinks"] == ["../lost.md", "/pages/pg_nowhere"]
    doc = await _document(editor, PAGE_INSTALL)
    refs = [n["data"]["ref"] for n, _ in walk(doc) if n.get("type") == "link"]
    assert refs == [
        {"kind": "anchor", "anchor": "environment-variables", "page": PAGE_CONFIGURE},
        {"kind": "page", "page": PAGE_FAQ},
    ]
    markdown = (await editor.get(f"{CR}/content/page/{PAGE_INSTALL}")).json()["markdown"]
    again = await _batch(
        editor,
        {"operation": "update_page", "page": PAGE_INSTALL, "document": {"markdown": markdown}},
    )
    assert again.status_code == 200, again.text
    second = await _document(editor, PAGE_INSTALL)
    # Adjacent text nodes may merge (a listed normalisation); blocks, inlines and text agree.
    assert _elements(second) == _elements(doc)
    assert plain_text(second) == plain_text(doc)


async def test_markdown_keeps_the_stored_form_of_every_block_it_does_not_change(
    editor: httpx2.AsyncClient,
) -> None:
    update = {"operation": "update_page", "page": PAGE_INSTALL}
    first = await _batch(editor, {**update, "document": {"markdown": MARKDOWN}})
    assert first.status_code == 200, first.text
    before = await _document(editor, PAGE_INSTALL)
    markdown = (await editor.get(f"{CR}/content/page/{PAGE_INSTALL}")).json()["markdown"]
    assert "acme install" in markdown
    edited = markdown.replace("acme install", "acme install --quiet")
    assert (await _batch(editor, {**update, "document": {"markdown": edited}})).status_code == 200
    after = await _document(editor, PAGE_INSTALL)
    changed = [i for i, node in enumerate(before["nodes"]) if after["nodes"][i] != node]
    assert [before["nodes"][i]["type"] for i in changed] == ["code"]
    assert len(after["nodes"]) == len(before["nodes"])
    assert after["nodes"][changed[0]]["key"] != before["nodes"][changed[0]]["key"]


async def test_a_node_tree_is_stored_as_sent_with_keys_kept_or_given(
    editor: httpx2.AsyncClient,
) -> None:
    tree = {
        "object": "document",
        "data": {},
        "nodes": [
            {
                "object": "block",
                "type": "paragraph",
                "key": "kept",
                "data": {},
                "nodes": [
                    {"object": "text", "leaves": [{"object": "leaf", "text": "Hi", "marks": []}]}
                ],
            }
        ],
    }
    sent = {"operation": "update_page", "page": PAGE_INSTALL, "document": {"document": tree}}
    assert (await _batch(editor, sent)).status_code == 200
    doc = _without_meta(await _document(editor, PAGE_INSTALL))
    assert doc["nodes"][0]["key"] == "kept"
    assert all(isinstance(n.get("key"), str) for n, _ in walk(doc) if n is not doc)
    bad = {**sent, "document": {"document": {"object": "block", "nodes": []}}}
    refused = await _batch(editor, bad)
    assert refused.status_code == 400
    assert "changes[0].document.document" in refused.json()["error"]["message"]


async def test_the_refusing_mode_answers_422_to_a_node_tree_in_update_page(
    store: Store, app: object
) -> None:
    # The contract lists no 422 for this operation: the vendor's skill documents it.
    tree = {"object": "document", "data": {}, "nodes": []}
    sent = {"operation": "update_page", "page": PAGE_INSTALL, "document": {"document": tree}}
    store.change_requests.batch.refuse_trees = True
    async with raw_api(app, "gb_local_editor", check=False) as editor:
        await _checked_422(editor, sent)
        markdown = {**sent, "document": {"markdown": "Only text.\n"}}
        assert (await _batch(editor, markdown)).status_code == 200
        store.change_requests.batch.refuse_trees = False
        assert (await _batch(editor, sent)).status_code == 200


async def _checked_422(editor: httpx2.AsyncClient, sent: dict[str, Any]) -> None:
    refused = await _batch(editor, sent)
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == 422
    assert "changes[0].document" in refused.json()["error"]["message"]


async def test_every_demo_page_reads_as_a_valid_document(
    store: Store, api: httpx2.AsyncClient
) -> None:
    types: set[str] = set()
    for space in ("spc_handbook", "spc_api", "spc_changelog", "spc_runbooks"):
        pages = (await api.get(f"/spaces/{space}/content/pages")).json()["pages"]
        stack = list(pages)
        while stack:
            page = stack.pop()
            stack.extend(page.get("pages", []))
            answer = await api.get(
                f"/spaces/{space}/content/page/{page['id']}", params={"format": "document"}
            )
            doc = answer.json()["document"]
            document_contract().validate(JSON_DOCUMENT, doc, page["id"])
            types.update(
                str(n["type"]) for n, _ in walk(doc) if n.get("object") in ("block", "inline")
            )
    assert {"heading-1", "paragraph", "link", "list-unordered", "images"} <= types


REAL_PAGE = "cheqd-product-docs/getting-started/ai-agents/trust-registry/setup-mcp/advanced/issue-credential.md"
"""A real page (tests/corpora) with figures and OpenAPI blocks of assets the workspace lacks."""
REAL_MARKDOWN = (Path(__file__).resolve().parents[4] / "corpora" / REAL_PAGE).read_text("utf-8")


async def test_a_real_page_inserted_alone_keeps_no_markup_and_reports_its_targets(
    editor: httpx2.AsyncClient,
) -> None:
    markdown = REAL_MARKDOWN + (
        '\n{% content-ref url="../nowhere/page.md" %}\n[page.md](../nowhere/page.md)\n'
        '{% endcontent-ref %}\n\n{% file src="../../.gitbook/assets/terms.pdf" %}\n'
    )
    answer = await _batch(editor, {"operation": "insert_page", "document": {"markdown": markdown}})
    assert answer.status_code == 200, answer.text
    [change] = answer.json()["changes"]
    unresolved = change["unresolvedLinks"]
    assert "../nowhere/page.md" in unresolved
    assert "../../.gitbook/assets/terms.pdf" in unresolved
    assert any(href.endswith(".png") for href in unresolved)
    assert any(href.endswith("swagger.json") for href in unresolved)
    doc = await _document(editor, change["page"]["id"])
    document_contract().validate(JSON_DOCUMENT, _without_meta(doc), REAL_PAGE)
    texts = [
        leaf["text"] for n, _ in walk(doc) if n.get("object") == "text" for leaf in n["leaves"]
    ]
    assert not [t for t in texts if "<figure" in t or "{%" in t or "<div" in t or "<p>" in t]
    assert "page.md" in texts
    assert "terms.pdf" in texts
    images = [n for n, _ in walk(doc) if n.get("type") == "image"]
    assert images
    assert all(image["data"]["ref"]["kind"] == "url" for image in images)
