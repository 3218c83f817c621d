"""Placeholder replaced by the orgs domain (state and rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.store.db import Migration

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "OrgStore"]

MIGRATIONS: list[Migration] = []


class OrgStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db
