"""The ``collections`` toolset: collections, their moves and transfer, and their permissions."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, ORG_GLOBEX, SPACES
from gitbook_mcp.local.seed.orgs import TEAM_SUPPORT
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.server.tooling import ToolContext
from gitbook_mcp.server.tools.collections import WriteArgs, _placement
from tests.conftest import CANARY
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

PRODUCT, GUIDES, INTERNAL = COLLECTIONS["product"], COLLECTIONS["guides"], COLLECTIONS["internal"]
TOOLSETS = {"toolsets": ("collections",)}


def _row(store: Store, collection_id: str) -> Any:
    return store.db.one("SELECT * FROM collections WHERE id = ?", (collection_id,))


def _text(result: Any) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


async def test_list_is_compact_and_includes_nested_collections(mcp: McpFactory) -> None:
    async with mcp(**TOOLSETS) as client:
        listed = await client.call_tool("list_collections", {"organization_id": ORG_ACME})
        one = await client.call_tool("list_collections", {"collection_id": GUIDES})
    by_id = {c["id"]: c for c in listed.structured_content["collections"]}
    assert set(by_id) == {PRODUCT, GUIDES, INTERNAL}
    assert by_id[GUIDES]["parent"] == PRODUCT
    assert by_id[INTERNAL]["description"] == "For the team only"
    assert by_id[PRODUCT]["can_admin"] is True
    assert one.structured_content["collections"] == [by_id[GUIDES]]
    assert "urls" not in by_id[PRODUCT]
    assert "permissions" not in by_id[PRODUCT]
    assert "Guides [col_guides] in col_product" in _text(one)


async def test_list_needs_exactly_one_target(mcp: McpFactory) -> None:
    async with mcp(**TOOLSETS) as client:
        both = await client.call_tool(
            "list_collections", {"organization_id": ORG_ACME, "collection_id": GUIDES}
        )
        neither = await client.call_tool("list_collections", {})
    assert both.is_error
    assert neither.is_error
    assert "exactly one of organization_id or collection_id" in _text(neither)


async def test_create_inside_a_parent_then_update(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        created = await client.call_tool(
            "write_collection",
            {"method": "create", "organization_id": ORG_ACME, "title": "Ops", "parent": GUIDES},
        )
        assert not created.is_error, _text(created)
        new = created.structured_content["id"]
        updated = await client.call_tool(
            "write_collection",
            {
                "method": "update",
                "collection_id": new,
                "description": "Runbooks and on-call",
                "default_level": "guest",
            },
        )
    assert not updated.is_error, _text(updated)
    row = _row(store, new)
    assert (row["org_id"], row["parent_id"], row["title"]) == (ORG_ACME, GUIDES, "Ops")
    assert row["description"] == "Runbooks and on-call"
    assert row["default_level"] == ""  # stored guest: an explicit null defaultLevel
    assert updated.structured_content["default_level"] == "guest"


def _position(store: Store, table: str, ident: str) -> float:
    return float(store.db.scalar(f"SELECT position FROM {table} WHERE id = ?", (ident,)))


async def test_move_to_the_top_before_a_sibling_collection(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        moved = await client.call_tool(
            "write_collection",
            {"method": "move", "collection_id": GUIDES, "parent": "top", "before": INTERNAL},
        )
        assert not moved.is_error, _text(moved)
        assert _row(store, GUIDES)["parent_id"] is None
        assert _position(store, "collections", GUIDES) < _position(store, "collections", INTERNAL)
        after_space = await client.call_tool(
            "write_collection",
            {"method": "move", "collection_id": GUIDES, "after": SPACES["changelog"]},
        )
    assert not after_space.is_error, _text(after_space)
    assert "parent" not in moved.structured_content
    assert _position(store, "spaces", SPACES["changelog"]) < _position(store, "collections", GUIDES)


async def test_a_sibling_collection_is_sent_as_a_collection_pointer(store: Store) -> None:
    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=LocalTransport(create_app(store))
    ) as client:
        ctx = ToolContext(client=client, progress=_no_progress)
        to_collection = await _placement(
            ctx, WriteArgs(method="move", collection_id=GUIDES, parent="top", before=INTERNAL)
        )
        to_space = await _placement(
            ctx, WriteArgs(method="move", collection_id=GUIDES, after=SPACES["changelog"])
        )
    assert to_collection == {
        "parent": None,
        "before": {"type": "collection", "collection": INTERNAL},
    }
    assert to_space == {"after": SPACES["changelog"]}


async def _no_progress(done: float, total: float | None, message: str | None) -> None:
    return None


async def test_transfer_moves_the_collection_to_the_target(mcp: McpFactory, store: Store) -> None:
    created = store.spaces.collections.create(
        Actor("usr_admin"), ORG_ACME, title="Leaving", parent=None
    )
    async with mcp(**TOOLSETS) as client:
        result = await client.call_tool(
            "write_collection",
            {"method": "transfer", "collection_id": created["id"], "organization_id": ORG_GLOBEX},
        )
    assert not result.is_error, _text(result)
    assert _row(store, created["id"])["org_id"] == ORG_GLOBEX


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"method": "create", "title": "x"}, "create needs organization_id"),
        ({"method": "update", "title": "x"}, "update needs collection_id"),
        ({"method": "update", "collection_id": GUIDES}, "Nothing to change"),
        ({"method": "move", "collection_id": GUIDES}, "move needs parent"),
        (
            {"method": "move", "collection_id": GUIDES, "before": INTERNAL, "after": PRODUCT},
            "not both",
        ),
        ({"method": "transfer", "collection_id": GUIDES}, "transfer needs organization_id"),
    ],
)
async def test_writes_name_what_is_missing(
    mcp: McpFactory, store: Store, arguments: dict[str, str], message: str
) -> None:
    async with mcp(**TOOLSETS) as client:
        result = await client.call_tool("write_collection", arguments)
    assert result.is_error
    assert message in _text(result)
    assert _row(store, GUIDES)["title"] == "Guides"
    assert store.db.scalar("SELECT count(*) FROM collections") == 3


async def test_invite_update_list_and_remove_access(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        invited = await client.call_tool(
            "write_collection_permissions",
            {
                "collection_id": PRODUCT,
                "method": "invite",
                "role": "edit",
                "users": ["reed@acme.test"],
                "teams": [TEAM_SUPPORT],
            },
        )
        assert not invited.is_error, _text(invited)
        updated = await client.call_tool(
            "write_collection_permissions",
            {
                "collection_id": PRODUCT,
                "method": "update",
                "role": "admin",
                "user_id": "usr_reader",
            },
        )
        assert not updated.is_error, _text(updated)
        users = await client.call_tool("list_collection_permissions", {"collection_id": PRODUCT})
        admins = await client.call_tool(
            "list_collection_permissions",
            {"collection_id": PRODUCT, "method": "aggregate", "role": "admin"},
        )
        removed = await client.call_tool(
            "delete_collection_item",
            {"collection_id": PRODUCT, "kind": "user_access", "user_id": "usr_reader"},
        )
        again = await client.call_tool(
            "delete_collection_item",
            {"collection_id": PRODUCT, "kind": "user_access", "user_id": "usr_reader"},
        )
    assert users.structured_content["users"] == [
        {"user_id": "usr_reader", "name": "Reed Reader", "role": "admin"}
    ]
    assert {u["user_id"] for u in admins.structured_content["users"]} == {
        "usr_admin",
        "usr_reader",
    }
    team_role = store.db.scalar(
        "SELECT role FROM grants WHERE target_id = ? AND principal_id = ?",
        (PRODUCT, TEAM_SUPPORT),
    )
    assert team_role == "edit"
    assert removed.structured_content == {"deleted": True}
    assert again.structured_content == {"deleted": False}
    assert "Nothing deleted" in _text(again)


@pytest.mark.parametrize(
    ("tool", "arguments", "message"),
    [
        ("write_collection_permissions", {"method": "invite", "role": "read"}, "invite needs"),
        ("write_collection_permissions", {"method": "update", "role": "read"}, "needs user_id"),
        ("delete_collection_item", {"kind": "user_access"}, "user_access needs user_id"),
    ],
)
async def test_permission_writes_name_what_is_missing(
    mcp: McpFactory, store: Store, tool: str, arguments: dict[str, str], message: str
) -> None:
    async with mcp(**TOOLSETS) as client:
        result = await client.call_tool(tool, {"collection_id": INTERNAL, **arguments})
    assert result.is_error
    assert message in _text(result)
    assert store.db.scalar("SELECT count(*) FROM grants WHERE target_id = ?", (INTERNAL,)) == 2


async def test_delete_a_collection(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        result = await client.call_tool(
            "delete_collection_item", {"collection_id": INTERNAL, "kind": "collection"}
        )
    assert result.structured_content == {"deleted": True}
    assert _row(store, INTERNAL) is None


async def test_editor_is_refused_where_it_only_edits(mcp: McpFactory, store: Store) -> None:
    # The editor administers org_globex (so the tools are offered once a collection exists
    # there) but only has the edit role in org_acme.
    store.spaces.collections.create(Actor("usr_admin"), ORG_GLOBEX, title="Globex", parent=None)
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        create = await client.call_tool(
            "write_collection", {"method": "create", "organization_id": ORG_ACME, "title": "x"}
        )
        update = await client.call_tool(
            "write_collection", {"method": "update", "collection_id": PRODUCT, "title": "Mine"}
        )
        invite = await client.call_tool(
            "write_collection_permissions",
            {"collection_id": PRODUCT, "method": "invite", "role": "admin", "users": ["usr_sam"]},
        )
        delete = await client.call_tool(
            "delete_collection_item", {"collection_id": PRODUCT, "kind": "collection"}
        )
    assert create.is_error
    assert "'createContent' permission on organization org_acme" in _text(create)
    for result in (update, invite, delete):
        assert result.is_error
        assert "'admin' permission on collection col_product" in _text(result)
    assert _row(store, PRODUCT)["title"] == "Product"
    assert store.db.scalar("SELECT count(*) FROM grants WHERE target_id = ?", (PRODUCT,)) == 0
    assert store.db.scalar("SELECT count(*) FROM collections WHERE org_id = ?", (ORG_ACME,)) == 3


async def test_transfer_is_refused_without_admin_on_the_target(
    mcp: McpFactory, store: Store
) -> None:
    # The editor administers a collection of org_globex but only edits in org_acme.
    created = store.spaces.collections.create(
        Actor("usr_editor"), ORG_GLOBEX, title="Globex", parent=None
    )
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        result = await client.call_tool(
            "write_collection",
            {"method": "transfer", "collection_id": created["id"], "organization_id": ORG_ACME},
        )
    assert result.is_error
    assert "'admin' permission on organization org_acme" in _text(result)
    assert _row(store, created["id"])["org_id"] == ORG_GLOBEX


async def test_reader_is_offered_only_the_reads(mcp: McpFactory) -> None:
    async with mcp("gb_local_reader", **TOOLSETS) as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert {"list_collections", "list_collection_permissions"} <= names
    assert not names & {
        "write_collection",
        "write_collection_permissions",
        "delete_collection_item",
    }
