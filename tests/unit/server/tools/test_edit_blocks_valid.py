"""`edit_pages`' plan refuses, before anything is sent, a block field the contract does not
allow, named with the allowed values from the document layer's one table."""

from __future__ import annotations

import pytest

from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.document.fields import HINT_STYLES
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools._pages import RevisionTree
from gitbook_mcp.server.tools.change_requests._edits import PageEdit
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
