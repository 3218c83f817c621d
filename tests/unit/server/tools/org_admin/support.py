"""Helpers shared by the ``org_admin`` tool tests."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import ORG_ACME

__all__ = ["ORG", "TOOLSETS", "count", "member_role", "result_text"]

ORG = {"organization_id": ORG_ACME}
TOOLSETS = {"toolsets": ("org_admin",)}


def result_text(result: Any) -> str:
    """The text of a tool result."""
    return " ".join(getattr(c, "text", "") for c in result.content)


def count(store: Store, table: str) -> int:
    return int(store.db.scalar(f"SELECT COUNT(*) FROM {table}"))


def member_role(store: Store, user_id: str, org_id: str = ORG_ACME) -> Any:
    return store.db.scalar(
        "SELECT role FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id)
    )
