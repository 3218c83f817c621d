"""The read documents kept per content (`views.read_json`): a page read answers a fresh document
each time, with the anchors of its current content, and the cache stays within its bound."""

from __future__ import annotations

import json
from typing import Any

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import PAGE_INSTALL
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.content import views
from gitbook_mcp.local.store.content.views import View

DOCUMENT = View(body="document")


def _document(page: dict[str, Any]) -> Any:
    """The page's document as its answer's JSON holds it (the store keeps it as JSON text)."""
    assert isinstance(page["document"], views.RawJSON)
    return json.loads(page["document"].text)


def _admin(store: Store) -> Actor:
    actor = store.identity.authenticate("gb_local_admin")
    assert actor is not None
    return actor


def test_each_read_answers_its_own_copy_of_the_document(store: Store) -> None:
    actor = _admin(store)
    first = store.content.page(actor, "spc_handbook", None, page_id=PAGE_INSTALL, view=DOCUMENT)
    _document(first)["nodes"].clear()  # what one answer's reader does stays in that answer
    again = store.content.page(actor, "spc_handbook", None, page_id=PAGE_INSTALL, view=DOCUMENT)
    assert _document(again)["nodes"]
    assert again["documentId"] == first["documentId"]


def test_an_edited_page_reads_with_the_anchors_of_its_new_content(store: Store) -> None:
    actor = _admin(store)
    before = store.content.page(actor, "spc_handbook", None, page_id=PAGE_INSTALL, view=DOCUMENT)
    store.db.execute(
        "UPDATE pages SET document = ? WHERE id = ?",
        (
            '{"object":"document","data":{},"nodes":[{"object":"block","type":"heading-1",'
            '"key":"k1","data":{},"nodes":[{"object":"text","leaves":[{"object":"leaf",'
            '"text":"Brand new title","marks":[]}]}]}]}',
            PAGE_INSTALL,
        ),
    )
    after = store.content.page(actor, "spc_handbook", None, page_id=PAGE_INSTALL, view=DOCUMENT)
    assert after["documentId"] != before["documentId"]
    assert [n["meta"]["id"] for n in _document(after)["nodes"]] == ["brand-new-title"]


def test_the_read_cache_is_bounded_by_characters() -> None:
    assert views.READS.limit == views.MAX_READ_CHARS
    assert views.READS.weight <= views.MAX_READ_CHARS
