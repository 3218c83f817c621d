"""Placeholder replaced by the comments domain (state and rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.store.db import Migration

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "CommentStore"]

MIGRATIONS: list[Migration] = []


class CommentStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db
