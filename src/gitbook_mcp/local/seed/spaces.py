"""Demo grants: a reader who may edit one space, and a commenter through a collection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.ids import COLLECTIONS, SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["seed"]


def seed(store: Store) -> None:
    admin = Actor("usr_admin")
    grants = store.spaces.grants
    grants.invite(admin, "space", SPACES["changelog"], role="edit", users=["usr_reader"], teams=[])
    grants.invite(
        admin,
        "collection",
        COLLECTIONS["internal"],
        role="comment",
        users=["usr_commenter"],
        teams=[],
    )
