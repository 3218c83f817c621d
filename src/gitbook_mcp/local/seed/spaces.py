"""Demo grants, made through the permission operations: a reader who may edit one space, a
commenter through a collection, and the Writers team on the internal collection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["seed"]

WRITERS_ROLE = "review"
"""The Writers team (editor and dana) may also review and merge in the internal collection."""


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
    writers = store.db.scalar(
        "SELECT id FROM teams WHERE org_id = ? AND title = 'Writers' ORDER BY created_at, id",
        (ORG_ACME,),
    )
    if writers is not None:
        grants.invite(
            admin,
            "collection",
            COLLECTIONS["internal"],
            role=WRITERS_ROLE,
            users=[],
            teams=[str(writers)],
        )
