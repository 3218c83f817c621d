"""Where spaces and collections sit: siblings in a container, moves between positions, and the
checks every move and transfer shares (target parent, no-op moves, grants that cannot follow).

A container is an organization's top level (``parent`` None) or a collection; spaces and
collections in one container share one ordering by their REAL ``position``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Conflict, Invalid
from gitbook_mcp.local.store.access import Actor, collection_permissions, effective_collection_role
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import PageWindow, paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.db import Database

__all__ = [
    "GUEST_LEVEL",
    "check_parent",
    "destination",
    "end_position",
    "page_by_position",
    "plan_move",
    "prune_foreign_grants",
    "render_level",
    "resolve_position",
    "siblings",
    "stored_level",
]


def resolve_position(position: dict[str, Any] | None) -> tuple[str | None, str | None]:
    """(before id, after id) from a ContentPosition; 400 naming the field when malformed."""
    if not position:
        return None, None
    ids: list[str | None] = []
    for side in ("before", "after"):
        pointer = position.get(side)
        if pointer is None:
            ids.append(None)
            continue
        if not isinstance(pointer, dict) or pointer.get("type") not in ("space", "collection"):
            raise Invalid(
                f"position.{side}",
                "must be {type: space, space} or {type: collection, collection}",
            )
        value = pointer.get(pointer["type"])
        if not isinstance(value, str) or not value:
            raise Invalid(f"position.{side}.{pointer['type']}", "must be an id")
        ids.append(value)
    if ids[0] and ids[1]:
        raise Invalid("position", "give before or after, not both")
    return ids[0], ids[1]


def siblings(db: Database, org_id: str, parent: str | None) -> list[tuple[str, float]]:
    """(id, position) of the collections and live spaces directly in a container."""
    where = "parent_id IS NULL" if parent is None else "parent_id = ?"
    args: tuple[Any, ...] = (org_id,) if parent is None else (org_id, parent)
    rows = db.all(f"SELECT id, position FROM collections WHERE org_id = ? AND {where}", args)
    rows += db.all(
        f"SELECT id, position FROM spaces WHERE org_id = ? AND {where} AND deleted_at IS NULL",
        args,
    )
    return [(r["id"], float(r["position"])) for r in rows]


def end_position(db: Database, org_id: str, parent: str | None) -> float:
    """The position after every item of a container."""
    items = siblings(db, org_id, parent)
    return max(p for _, p in items) + 1.0 if items else 0.0


def check_parent(db: Database, actor: Actor, org_id: str, parent: str | None) -> None:
    """A target parent must be a collection of the organization that the caller can see (400)."""
    if parent is None:
        return
    row = db.one("SELECT org_id FROM collections WHERE id = ?", (parent,))
    visible = (
        row is not None
        and row["org_id"] == org_id
        and collection_permissions(effective_collection_role(db, actor, parent))["view"]
    )
    if not visible:
        raise Invalid("parent", f"no collection {parent!r} in this organization")


def _rank(items: list[tuple[str, float]], moving: str, position: float) -> int:
    return sum(1 for i, p in items if i != moving and p < position)


def plan_move(
    db: Database,
    *,
    org_id: str,
    moving: str,
    current_parent: str | None,
    current_position: float,
    new_parent: str | None,
    position: dict[str, Any] | None,
) -> float:
    """The new position of an item moved to ``new_parent`` at ``position``.

    400 when the position names an item that is not in the target container (or the item
    itself); 409 when the item would stay in the same container at the same place.
    """
    before, after = resolve_position(position)
    items = siblings(db, org_id, new_parent)
    if new_parent == current_parent and before is None and after is None:
        raise Conflict("The move would change nothing")
    new_position = position_between(items, moving=moving, before=before, after=after)
    if new_parent == current_parent and _rank(items, moving, new_position) == _rank(
        items, moving, current_position
    ):
        raise Conflict("The move would change nothing: the item is already there")
    return new_position


def prune_foreign_grants(db: Database, org_id: str, targets: Iterable[tuple[str, str]]) -> None:
    """Drop grants on ``targets`` (kind, id) whose user or team is not of ``org_id``.

    Run inside the caller's transaction after a transfer: a team of the old organization, or
    a user who is not a member of the new one, cannot keep access to the moved content.
    """
    for kind, target_id in targets:
        db.execute(
            "DELETE FROM grants WHERE target_kind = ? AND target_id = ? AND ("
            "(principal_kind = 'user' AND principal_id NOT IN "
            "(SELECT user_id FROM members WHERE org_id = ?)) OR "
            "(principal_kind = 'team' AND principal_id NOT IN "
            "(SELECT id FROM teams WHERE org_id = ?)))",
            (kind, target_id, org_id, org_id),
        )


GUEST_LEVEL = ""
"""How a ``defaultLevel`` of null (guests only) is stored; NULL means "inherit"."""


def render_level(stored: str | None) -> str | None:
    """The wire ``defaultLevel`` of a stored value."""
    if stored is None:
        return "inherit"
    return None if stored == GUEST_LEVEL else stored


def stored_level(value: Any) -> Any:
    return GUEST_LEVEL if value is None else value


def destination(
    db: Database,
    actor: Actor,
    row: sqlite3.Row,
    parent: Any,
    position: dict[str, Any] | None,
) -> tuple[str | None, float]:
    """Where a space or collection moves: its new parent (``ABSENT``: the same) after the
    parent check, and its position there."""
    new_parent = row["parent_id"] if parent is ABSENT else parent
    check_parent(db, actor, row["org_id"], new_parent)
    new_position = plan_move(
        db,
        org_id=row["org_id"],
        moving=row["id"],
        current_parent=row["parent_id"],
        current_position=float(row["position"]),
        new_parent=new_parent,
        position=position,
    )
    return new_parent, new_position


def page_by_position(
    visible: list[tuple[sqlite3.Row, Any]],
    *,
    paging: PageWindow,
    render: Callable[[tuple[sqlite3.Row, Any]], dict[str, Any]],
) -> dict[str, Any]:
    """A page of (row, access) pairs of spaces or collections, in their containers' order."""
    return paginate(
        visible,
        key=lambda item: (item[0]["position"], item[0]["created_at"], item[0]["id"]),
        paging=paging,
        render=render,
    )
