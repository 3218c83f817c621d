"""Scenario of ``spaces``: a space's lifecycle, revision, change request, imports, permissions."""

from __future__ import annotations

import tempfile
from pathlib import Path

from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, ORG_GLOBEX, SPACES
from tests.unit.server.reach import Caller

HANDBOOK = {"space_id": SPACES["handbook"]}


async def scenario(call: Caller) -> None:
    space = await call("get_space", **HANDBOOK)
    assert space["space"]["parent"] == COLLECTIONS["guides"]
    revision = await call("get_space", **HANDBOOK, method="revision")
    assert revision["revision"]["pages"] > 0

    cr = {**HANDBOOK, "change_request_id": CR_INSTALL}
    details = await call("get_change_request", **cr)
    assert details["change_request"]["id"] == CR_INSTALL
    cr_revision = await call("get_change_request", **cr, method="revision")
    assert cr_revision["revision"]["id"] == details["change_request"]["revision"]

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "glossary.md"
        source.write_text("# Glossary\n\nWords.\n", encoding="utf-8")
        imported = await call("import_content", **cr, url=source.as_uri(), source="markdown")
    assert imported["imported"] == 1

    changelog = {"space_id": SPACES["changelog"]}
    users = await call("list_space_permissions", **changelog)
    assert {"user_id": "usr_reader", "name": "Reed Reader", "role": "edit"} in users["users"]
    everyone = await call("list_space_permissions", **changelog, method="aggregate", role="edit")
    assert {u["user_id"] for u in everyone["users"]} == {"usr_editor", "usr_reader"}

    await call(
        "write_space_permissions", **changelog, method="invite", role="review", users=["usr_dana"]
    )
    await call(
        "write_space_permissions", **changelog, method="update", role="comment", user_id="usr_dana"
    )
    removed = await call("delete_space_item", **changelog, kind="user_access", user_id="usr_dana")
    assert removed["deleted"] is True

    updated = await call("write_space", **changelog, method="update", title="Release notes")
    assert updated["title"] == "Release notes"
    copy = await call("write_space", **changelog, method="duplicate", organization_id=ORG_ACME)
    assert copy["title"] == "Release notes (copy)"
    moved = await call(
        "write_space", space_id=copy["id"], method="move", parent=COLLECTIONS["internal"]
    )
    assert moved["parent"] == COLLECTIONS["internal"]
    await call("write_space", space_id=copy["id"], method="move", before=SPACES["runbooks"])
    moved = await call("write_space", space_id=copy["id"], method="move", parent="top")
    assert moved.get("parent") is None
    transferred = await call(
        "write_space", space_id=copy["id"], method="transfer", organization_id=ORG_GLOBEX
    )
    assert transferred["organization"] == ORG_GLOBEX

    # A space deleted while the server runs is restored: its organization was seen at load.
    await call("delete_space_item", space_id=SPACES["runbooks"], kind="space")
    restored = await call(
        "write_space", space_id=SPACES["runbooks"], method="restore", organization_id=ORG_ACME
    )
    assert "deleted_at" not in restored

    gone = await call("delete_space_item", space_id=copy["id"], kind="space")
    assert gone["deleted"] is True
