"""Scenario of ``collections``: collections, their moves and transfer, their permissions."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, ORG_GLOBEX, SPACES
from tests.unit.server.reach import Caller

PRODUCT, GUIDES, INTERNAL = COLLECTIONS["product"], COLLECTIONS["guides"], COLLECTIONS["internal"]


async def scenario(call: Caller) -> None:
    listed = await call("list_collections", organization_id=ORG_ACME)
    assert {PRODUCT, GUIDES, INTERNAL} <= {c["id"] for c in listed["collections"]}
    one = await call("list_collections", collection_id=GUIDES)
    assert one["collections"][0]["parent"] == PRODUCT

    created = await call(
        "write_collection", method="create", organization_id=ORG_ACME, title="Ops", parent=PRODUCT
    )
    new = created["id"]
    assert created["parent"] == PRODUCT
    updated = await call(
        "write_collection",
        method="update",
        collection_id=new,
        description="Operations",
        default_level="read",
    )
    assert updated["default_level"] == "read"
    moved = await call(
        "write_collection", method="move", collection_id=new, parent="top", before=INTERNAL
    )
    assert moved.get("parent") is None
    await call("write_collection", method="move", collection_id=new, after=SPACES["changelog"])

    invited = await call(
        "write_collection_permissions",
        collection_id=new,
        method="invite",
        role="edit",
        users=["usr_reader"],
    )
    assert invited["users"] == ["usr_reader"]
    await call(
        "write_collection_permissions",
        collection_id=new,
        method="update",
        role="review",
        user_id="usr_reader",
    )
    users = await call("list_collection_permissions", collection_id=new)
    assert users["users"] == [{"user_id": "usr_reader", "name": "Reed Reader", "role": "review"}]
    everyone = await call(
        "list_collection_permissions", collection_id=new, method="aggregate", role="admin"
    )
    assert {u["user_id"] for u in everyone["users"]} == {"usr_admin"}
    removed = await call(
        "delete_collection_item", collection_id=new, kind="user_access", user_id="usr_reader"
    )
    assert removed["deleted"] is True

    moved_away = await call(
        "write_collection", method="transfer", collection_id=new, organization_id=ORG_GLOBEX
    )
    assert moved_away["id"] == new
    deleted = await call("delete_collection_item", collection_id=new, kind="collection")
    assert deleted["deleted"] is True
