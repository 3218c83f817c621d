"""The ``spaces`` toolset against the demo workspace: reads, each write's effect, errors, flags."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, ORG_GLOBEX, SPACES
from tests.unit.server.conftest import McpFactory, confirmed

pytestmark = pytest.mark.anyio

ADMIN = "gb_local_admin"
HANDBOOK = SPACES["handbook"]
CHANGELOG = SPACES["changelog"]


def _text(result: Any) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


def _space_row(store: Store, space_id: str) -> Any:
    return store.db.one(
        "SELECT title, org_id, parent_id, deleted_at FROM spaces WHERE id = ?", (space_id,)
    )


def _grant(store: Store, space_id: str, user_id: str) -> str | None:
    role: str | None = store.db.scalar(
        "SELECT role FROM grants WHERE target_kind = 'space' AND target_id = ? "
        "AND principal_kind = 'user' AND principal_id = ?",
        (space_id, user_id),
    )
    return role


async def test_get_space_reads_details_and_the_current_revision(
    mcp: McpFactory, store: Store
) -> None:
    store.db.execute(
        "UPDATE spaces SET title = ? WHERE id = ?", ("User Hand\u200bbook\u202e", HANDBOOK)
    )
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        details = await client.call_tool("get_space", {"space_id": HANDBOOK})
        revision = await client.call_tool("get_space", {"space_id": HANDBOOK, "method": "revision"})
    space = details.structured_content["space"]
    assert space["title"] == "User Handbook"
    assert (space["organization"], space["parent"]) == (ORG_ACME, COLLECTIONS["guides"])
    assert {"permissions", "urls"}.isdisjoint(space)
    current = revision.structured_content["revision"]
    assert current["id"] == store.db.scalar(
        "SELECT revision_id FROM spaces WHERE id = ?", (HANDBOOK,)
    )
    assert current["pages"] >= 5
    assert f"Revision {current['id']}" in _text(revision)


async def test_a_deleted_space_reads_as_not_found(mcp: McpFactory) -> None:
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        result = await client.call_tool("get_space", {"space_id": SPACES["archive"]})
    assert result.is_error
    assert "Not found" in _text(result)


async def test_get_change_request_by_number_and_its_revision(mcp: McpFactory) -> None:
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        details = await client.call_tool(
            "get_change_request", {"space_id": HANDBOOK, "change_request_id": "1"}
        )
        revision = await client.call_tool(
            "get_change_request",
            {"space_id": HANDBOOK, "change_request_id": CR_INSTALL, "method": "revision"},
        )
    cr = details.structured_content["change_request"]
    assert (cr["id"], cr["status"], cr["author"]) == (CR_INSTALL, "open", "Eddie Editor")
    assert revision.structured_content["revision"]["id"] == cr["revision"]


async def test_update_duplicate_move_transfer(mcp: McpFactory, store: Store) -> None:
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        updated = await client.call_tool(
            "write_space",
            {"space_id": CHANGELOG, "method": "update", "title": "News", "edit_mode": "locked"},
        )
        assert updated.structured_content["edit_mode"] == "locked"
        copy = await client.call_tool(
            "write_space",
            {"space_id": CHANGELOG, "method": "duplicate", "organization_id": ORG_ACME},
        )
        copy_id = copy.structured_content["id"]
        moved = await client.call_tool(
            "write_space",
            {"space_id": copy_id, "method": "move", "parent": COLLECTIONS["product"]},
        )
        assert not moved.is_error, _text(moved)
        assert _space_row(store, copy_id)["parent_id"] == COLLECTIONS["product"]
        await client.call_tool(
            "write_space", {"space_id": copy_id, "method": "move", "parent": "top"}
        )
        assert _space_row(store, copy_id)["parent_id"] is None
        transferred = await client.call_tool(
            "write_space",
            {"space_id": copy_id, "method": "transfer", "organization_id": ORG_GLOBEX},
        )
    assert _space_row(store, CHANGELOG)["title"] == "News"
    assert copy.structured_content["title"] == "News (copy)"
    assert transferred.structured_content["organization"] == ORG_GLOBEX
    assert _space_row(store, copy_id)["org_id"] == ORG_GLOBEX


async def test_delete_then_restore_a_space(mcp: McpFactory, store: Store) -> None:
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        args = {"space_id": CHANGELOG, "kind": "space"}
        preview = await client.call_tool("delete_space_item", args)
        assert _space_row(store, CHANGELOG)["deleted_at"] is None
        gone = await confirmed(client, "delete_space_item", args)
        assert gone.structured_content == {"deleted": True}
        assert _space_row(store, CHANGELOG)["deleted_at"] is not None
        back = await client.call_tool(
            "write_space",
            {"space_id": CHANGELOG, "method": "restore", "organization_id": ORG_ACME},
        )
    assert not back.is_error, _text(back)
    assert _space_row(store, CHANGELOG)["deleted_at"] is None
    assert not preview.is_error  # asking is a normal result
    assert f'Delete space "Changelog" [{CHANGELOG}]' in _text(preview)
    assert "restorable for 7 days" in _text(preview)


async def test_restore_checks_the_spaces_own_organization(mcp: McpFactory, store: Store) -> None:
    # The editor administers org_globex; the space is org_acme's and was seen when the
    # permissions loaded, then deleted by someone else.
    async with mcp("gb_local_editor", toolsets=("spaces",)) as client:
        await client.list_tools()
        with store.db.transaction():
            store.db.execute(
                "UPDATE spaces SET deleted_at = '2026-03-02T09:00:00.000Z' WHERE id = ?",
                (CHANGELOG,),
            )
        wrong = await client.call_tool(
            "write_space",
            {"space_id": CHANGELOG, "method": "restore", "organization_id": ORG_GLOBEX},
        )
    assert wrong.is_error
    assert f"is in organization {ORG_ACME}: give organization_id='{ORG_ACME}'" in _text(wrong)
    assert _space_row(store, CHANGELOG)["deleted_at"] is not None


async def test_restoring_a_space_never_seen_is_refused_clearly(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        result = await client.call_tool(
            "write_space",
            {"space_id": SPACES["archive"], "method": "restore", "organization_id": ORG_ACME},
        )
    assert result.is_error
    assert "cannot be read" in _text(result)
    assert "Nothing was sent" in _text(result)
    assert _space_row(store, SPACES["archive"])["deleted_at"] is not None


async def test_duplicate_refuses_an_organization_that_is_not_the_spaces(
    mcp: McpFactory, store: Store
) -> None:
    before = store.db.scalar("SELECT COUNT(*) FROM spaces")
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        result = await client.call_tool(
            "write_space",
            {"space_id": CHANGELOG, "method": "duplicate", "organization_id": ORG_GLOBEX},
        )
    assert result.is_error
    assert f"organization_id='{ORG_ACME}'" in _text(result)
    assert store.db.scalar("SELECT COUNT(*) FROM spaces") == before


@pytest.mark.parametrize(
    ("tool", "arguments", "message"),
    [
        ("write_space", {"method": "duplicate"}, "duplicate needs organization_id"),
        ("write_space", {"method": "transfer"}, "transfer needs organization_id"),
        ("write_space", {"method": "update"}, "Nothing to change"),
        ("write_space", {"method": "move"}, "move needs parent"),
        ("write_space", {"method": "move", "before": "a", "after": "b"}, "not both"),
        ("write_space_permissions", {"method": "update", "role": "read"}, "update needs user_id"),
        ("write_space_permissions", {"method": "invite", "role": "read"}, "needs users or teams"),
        ("delete_space_item", {"kind": "user_access"}, "user_access needs user_id"),
    ],
)
async def test_missing_arguments_are_tool_errors(
    mcp: McpFactory, store: Store, tool: str, arguments: dict[str, Any], message: str
) -> None:
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        result = await client.call_tool(tool, {"space_id": CHANGELOG, **arguments})
    assert result.is_error
    assert message in _text(result)
    assert _space_row(store, CHANGELOG)["title"] == "Changelog"


async def test_invite_update_list_and_remove_a_user(mcp: McpFactory, store: Store) -> None:
    api = SPACES["api"]
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        invited = await client.call_tool(
            "write_space_permissions",
            {"space_id": api, "method": "invite", "role": "review", "users": ["dana@acme.test"]},
        )
        assert not invited.is_error, _text(invited)
        assert _grant(store, api, "usr_dana") == "review"
        await client.call_tool(
            "write_space_permissions",
            {"space_id": api, "method": "update", "role": "admin", "user_id": "usr_dana"},
        )
        assert _grant(store, api, "usr_dana") == "admin"
        users = await client.call_tool("list_space_permissions", {"space_id": api})
        admins = await client.call_tool(
            "list_space_permissions", {"space_id": api, "method": "aggregate", "role": "admin"}
        )
        removed = await client.call_tool(
            "delete_space_item", {"space_id": api, "kind": "user_access", "user_id": "usr_dana"}
        )
        again = await client.call_tool(
            "delete_space_item", {"space_id": api, "kind": "user_access", "user_id": "usr_dana"}
        )
    assert users.structured_content["users"] == [
        {"user_id": "usr_dana", "name": "Dana Docs", "role": "admin"}
    ]
    assert {u["user_id"] for u in admins.structured_content["users"]} == {"usr_admin", "usr_dana"}
    assert removed.structured_content == {"deleted": True}
    assert again.structured_content == {"deleted": False}
    assert _text(again).startswith("Nothing deleted")
    assert _grant(store, api, "usr_dana") is None


async def test_import_markdown_into_a_change_request(
    mcp: McpFactory, store: Store, tmp_path: Path
) -> None:
    store.import_root = tmp_path
    source = tmp_path / "glossary.md"
    source.write_text("# Glossary\n\nWords.\n", encoding="utf-8")
    cr = {"space_id": HANDBOOK, "change_request_id": CR_INSTALL}
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        before = await client.call_tool("get_change_request", {**cr, "method": "revision"})
        result = await client.call_tool(
            "import_content", {**cr, "url": source.as_uri(), "source": "markdown"}
        )
        after = await client.call_tool("get_change_request", {**cr, "method": "revision"})
    assert result.structured_content["imported"] == 1
    assert after.structured_content["revision"]["id"] == result.structured_content["revision"]
    pages = after.structured_content["revision"]["pages"]
    assert pages == before.structured_content["revision"]["pages"] + 1


async def test_import_says_which_files_it_left_out_and_which_redirects_it_kept(
    mcp: McpFactory, store: Store, tmp_path: Path
) -> None:
    store.import_root = tmp_path
    (tmp_path / "README.md").write_text("# Home\n\nWelcome.\n", encoding="utf-8")
    (tmp_path / "setup.md").write_text("# Setup\n\nSteps.\n", encoding="utf-8")
    (tmp_path / "logo.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / ".gitbook.yaml").write_text(
        "redirects:\n  install: setup.md\n  old: missing.md\n", encoding="utf-8"
    )
    cr = {"space_id": HANDBOOK, "change_request_id": CR_INSTALL}
    async with mcp(ADMIN, toolsets=("spaces",)) as client:
        result = await client.call_tool(
            "import_content", {**cr, "url": tmp_path.as_uri(), "source": "markdown"}
        )
    answer = result.structured_content
    assert (answer["imported"], answer["total"], answer["skipped_total"]) == (2, 3, 1)
    assert [s["path"] for s in answer["skipped"]] == ["logo.svg"]
    assert answer["redirects"] == 1
    assert [s["path"] for s in answer["redirects_skipped"]] == [".gitbook.yaml:3 /old"]
    text = _text(result)
    assert "Skipped files 1: logo.svg (neither markdown" in text
    assert "redirects kept with the revision: 1" in text
    assert ".gitbook.yaml:3 /old (leads to no page of the import (missing.md))" in text


async def test_a_token_without_the_flag_is_refused_before_sending(
    mcp: McpFactory, store: Store
) -> None:
    # The editor administers org_globex (so the tools are offered) but only edits in org_acme.
    async with mcp("gb_local_editor", toolsets=("spaces",)) as client:
        move = await client.call_tool(
            "write_space", {"space_id": CHANGELOG, "method": "move", "parent": "top"}
        )
        restore = await client.call_tool(
            "write_space",
            {"space_id": SPACES["archive"], "method": "restore", "organization_id": ORG_ACME},
        )
        invite = await client.call_tool(
            "write_space_permissions",
            {"space_id": CHANGELOG, "method": "invite", "role": "read", "users": ["usr_sam"]},
        )
        delete = await client.call_tool(
            "delete_space_item", {"space_id": CHANGELOG, "kind": "space"}
        )
        transfer = await client.call_tool(
            "write_space",
            {"space_id": SPACES["globex"], "method": "transfer", "organization_id": ORG_ACME},
        )
    for result in (move, invite, delete):
        assert result.is_error
        assert f"'admin' permission on space {CHANGELOG}" in _text(result)
    assert restore.is_error
    assert f"'admin' permission on organization {ORG_ACME}" in _text(restore)
    assert transfer.is_error
    assert f"'admin' permission on organization {ORG_ACME}, the target" in _text(transfer)
    assert _space_row(store, CHANGELOG)["deleted_at"] is None
    assert _space_row(store, SPACES["archive"])["deleted_at"] is not None
    assert _space_row(store, SPACES["globex"])["org_id"] == ORG_GLOBEX
    assert _grant(store, CHANGELOG, "usr_sam") is None


async def test_reader_may_edit_only_the_space_granted(mcp: McpFactory, store: Store) -> None:
    # The reader has an edit grant on the changelog and nothing more.
    async with mcp("gb_local_reader", toolsets=("spaces",)) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        allowed = await client.call_tool(
            "write_space", {"space_id": CHANGELOG, "method": "update", "emoji": "📰"}
        )
        refused = await client.call_tool(
            "write_space", {"space_id": HANDBOOK, "method": "update", "title": "Mine"}
        )
        imported = await client.call_tool(
            "import_content",
            {
                "space_id": HANDBOOK,
                "change_request_id": CR_INSTALL,
                "url": "file:///nowhere.md",
                "source": "markdown",
            },
        )
    assert {"write_space", "import_content"} <= names
    assert {"delete_space_item", "write_space_permissions"}.isdisjoint(names)
    assert not allowed.is_error, _text(allowed)
    assert allowed.structured_content["emoji"] == "📰"
    for result in (refused, imported):
        assert result.is_error
        assert f"'edit' permission on space {HANDBOOK}" in _text(result)
    assert _space_row(store, HANDBOOK)["title"] == "User Handbook"


def test_import_content_says_which_sources_each_profile_accepts() -> None:
    from gitbook_mcp.server.toolsets import all_tools

    [tool] = [t for t in all_tools() if t.name == "import_content"]
    assert "public https URL" in tool.description
    assert "file:// URL under its --import-root folder" in tool.description


@pytest.mark.parametrize("given", ["cr_install_rewrite", "#NUMBER", "NUMBER", "URL"])
async def test_a_change_request_is_taken_by_id_number_or_app_url(
    mcp: McpFactory, given: str
) -> None:
    async with mcp() as client:
        listed = await client.call_tool("list_change_requests", {"space_id": "spc_handbook"})
        change = next(
            c
            for c in listed.structured_content["change_requests"]
            if c["id"] == "cr_install_rewrite"
        )
        number = str(change["number"])
        value = given.replace("NUMBER", number).replace(
            "URL", f"https://app.gitbook.com/o/org_acme/s/spc_handbook/~/changes/{number}/"
        )
        tree = await client.call_tool(
            "get_page_tree", {"space_id": "spc_handbook", "change_request_id": value}
        )
        files = await client.call_tool(
            "list_files", {"space_id": "spc_handbook", "change_request_id": value}
        )
    assert not tree.is_error, tree.content[0].text
    assert not files.is_error, files.content[0].text


async def test_a_change_request_number_that_does_not_exist_is_said(mcp: McpFactory) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "get_page_tree", {"space_id": "spc_handbook", "change_request_id": "#999"}
        )
    assert result.is_error
    assert "No change request #999" in result.content[0].text
