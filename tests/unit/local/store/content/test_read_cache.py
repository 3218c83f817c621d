"""The read documents kept per content (`views.read_json`): a page read answers a fresh document
each time, with the anchors of its current content, and the cache stays within its bound."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import PAGE_INSTALL
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.content import views
from gitbook_mcp.local.store.content.views import View

DOCUMENT = View(body="document")


def _admin(store: Store) -> Actor:
    actor = store.identity.authenticate("gb_local_admin")
    assert actor is not None
    return actor


def test_each_read_answers_its_own_copy_of_the_document(store: Store) -> None:
    actor = _admin(store)
    first = store.content.page(actor, "spc_handbook", None, page_id=PAGE_INSTALL, view=DOCUMENT)
    first["document"]["nodes"].clear()  # what one answer's reader does stays in that answer
    again = store.content.page(actor, "spc_handbook", None, page_id=PAGE_INSTALL, view=DOCUMENT)
    assert again["document"]["nodes"]
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
    assert [n["meta"]["id"] for n in after["document"]["nodes"]] == ["brand-new-title"]


def test_the_cache_drops_the_least_recently_used_past_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(views, "MAX_READ_CHARS", 10)
    monkeypatch.setattr(views, "_READ", type(views._READ)())
    monkeypatch.setattr(views, "_READ_CHARS", [0])
    built: list[str] = []

    def build(text: str) -> str:
        built.append(text)
        return text

    assert views.read_json("a", lambda: build("aaaa")) == "aaaa"
    assert views.read_json("b", lambda: build("bbbb")) == "bbbb"
    assert views.read_json("a", lambda: build("never")) == "aaaa"  # kept, now the most recent
    assert views.read_json("c", lambda: build("cccc")) == "cccc"  # 12 characters: b goes
    assert views.read_json("b", lambda: build("BBBB")) == "BBBB"
    assert built == ["aaaa", "bbbb", "cccc", "BBBB"]
    assert views._READ_CHARS[0] <= 10
