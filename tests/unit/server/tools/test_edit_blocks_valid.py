"""`edit_pages`' plan refuses, before anything is sent, a block field the contract does not
allow (named with the allowed values, from the document layer's one table) and an inserted page
whose slug a sibling or another insert of the batch has; the insert's ``slug`` is sent."""

from __future__ import annotations

import pytest

from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.document import parse_markdown
from gitbook_mcp.document.fields import HINT_STYLES
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools._pages import RevisionTree
from gitbook_mcp.server.tools.change_requests._edits import PageEdit, check_edit
from gitbook_mcp.server.tools.change_requests._plan import plan

TREE = RevisionTree({"pg_start": "getting-started", "pg_install": "getting-started/install"})
TIP = '{% hint style="tip" %}\nA tip.\n{% endhint %}\n'


def _insert(title: str, markdown: str = "Text.", **more: object) -> PageEdit:
    return PageEdit.model_validate({"op": "insert", "title": title, "markdown": markdown, **more})


def test_an_inserted_tip_hint_is_refused_with_the_four_styles() -> None:
    with pytest.raises(ToolFailure) as caught:
        plan([_insert("Tips", f"Intro.\n\n{TIP}")], {}, {}, TREE)
    message = str(caught.value)
    assert message.startswith("edit 1 (insert): refused")
    assert (
        "nodes[1].data.style: 'tip' is not allowed; allowed: " + ", ".join(HINT_STYLES) in message
    )
    assert message.endswith("Nothing was sent.")


def test_a_rewrite_with_a_tip_hint_is_refused() -> None:
    page = RevisionPage.model_validate(
        {"id": "pg_start", "title": "Getting started", "path": "getting-started", "kind": "sheet"}
        | {"type": "document", "slug": "getting-started", "pages": []}
    )
    edit = PageEdit(op="rewrite", page_id="pg_start", markdown=TIP)
    with pytest.raises(ToolFailure, match="'tip' is not allowed"):
        plan([edit], {"pg_start": page}, {}, TREE)


def test_a_rewrite_keeps_what_the_page_already_had_and_refuses_only_what_it_adds() -> None:
    had = parse_markdown(f"Intro.\n\n{TIP}").document
    page = RevisionPage.model_validate(
        {"id": "pg_start", "title": "Getting started", "path": "getting-started", "kind": "sheet"}
        | {"type": "document", "slug": "getting-started", "pages": [], "document": had}
    )
    kept = PageEdit(op="rewrite", page_id="pg_start", markdown=f"{TIP}\nMore text.\n")
    assert plan([kept], {"pg_start": page}, {}, TREE).items
    added = PageEdit(op="rewrite", page_id="pg_start", markdown=f"{TIP}\n{TIP}")
    with pytest.raises(ToolFailure, match=r"nodes\[1\]\.data\.style: 'tip' is not allowed"):
        plan([added], {"pg_start": page}, {}, TREE)


def test_a_sibling_slug_is_caught_and_a_free_one_suggested() -> None:
    with pytest.raises(ToolFailure) as caught:
        plan([_insert("Getting Started!")], {}, {}, TREE)
    assert "already has the slug 'getting-started'" in str(caught.value)
    assert "slug='getting-started-2'" in str(caught.value)
    under = _insert("Install", parent_id="pg_start")
    with pytest.raises(ToolFailure, match="path getting-started/install"):
        plan([under], {}, {}, TREE)
    planned = plan(
        [_insert("Install"), _insert("Install", slug="install-2", parent_id="pg_start")],
        {},
        {},
        TREE,
    )
    sent = [item for item in planned.items if isinstance(item, dict)]
    assert "slug" not in sent[0]
    assert sent[1]["slug"] == "install-2"


def test_two_inserts_of_one_batch_cannot_share_a_slug() -> None:
    with pytest.raises(ToolFailure, match=r"edit 2 \(insert\): refused, a sibling page already"):
        plan([_insert("Limits"), _insert("limits")], {}, {}, TREE)


def test_a_slug_goes_with_an_insert_only_and_has_at_most_100_characters() -> None:
    with pytest.raises(ToolFailure, match="slug do not go with op=move"):
        check_edit(0, PageEdit(op="move", page_id="pg_start", position=0, slug="x"))
    with pytest.raises(ToolFailure, match="1 to 100 characters"):
        check_edit(0, _insert("X", slug="x" * 101))
    check_edit(0, _insert("X", slug="x" * 100))
