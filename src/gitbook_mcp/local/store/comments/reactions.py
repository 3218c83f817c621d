"""Emoji reactions on comments and replies, one per user and emoji (state and wire shape).

Adding an emoji the user already gave changes nothing (its first ``reactedAt`` stays); removing
one the user did not give changes nothing either. Rows go with their comment or reply (the
comments migrations delete them by trigger).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from gitbook_mcp.local.store.db import Database

__all__ = ["Subject", "apply_reactions", "render_reactions"]

Subject = Literal["comment", "reply"]


def apply_reactions(
    db: Database,
    kind: Subject,
    subject_id: str,
    user_id: str,
    *,
    added: Sequence[str],
    removed: Sequence[str],
    now: str,
) -> None:
    """Add then remove the user's reactions (call inside the write's transaction)."""
    for emoji in added:
        db.execute(
            "INSERT OR IGNORE INTO reactions(subject_kind, subject_id, user_id, emoji, reacted_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (kind, subject_id, user_id, emoji, now),
        )
    for emoji in removed:
        db.execute(
            "DELETE FROM reactions WHERE subject_kind = ? AND subject_id = ? AND user_id = ? "
            "AND emoji = ?",
            (kind, subject_id, user_id, emoji),
        )


def render_reactions(
    db: Database,
    kind: Subject,
    subject_id: str,
    render_user: Callable[[str], dict[str, Any]],
) -> list[dict[str, Any]]:
    """``EmojiReactions``: one entry per emoji (first given first), its users oldest first."""
    rows = db.all(
        "SELECT emoji, user_id, reacted_at FROM reactions WHERE subject_kind = ? "
        "AND subject_id = ? ORDER BY reacted_at, rowid",
        (kind, subject_id),
    )
    grouped: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        grouped.setdefault(row["emoji"], []).append(
            {"user": render_user(row["user_id"]), "reactedAt": row["reacted_at"]}
        )
    return [
        {"emoji": emoji, "count": len(users), "users": users} for emoji, users in grouped.items()
    ]
