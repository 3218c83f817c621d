"""Placeholder replaced by the content domain's demo data."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["seed"]


def seed(store: Store) -> None:
    del store
