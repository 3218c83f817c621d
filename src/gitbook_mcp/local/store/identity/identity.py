"""Users and API tokens: who the caller is, and the ``User`` object of the wire."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound, Unauthenticated
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store.db import Database

__all__ = ["IdentityStore"]


class IdentityStore:
    """Users and their API tokens."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def authenticate(self, token: str) -> Actor:
        user_id = self._db.scalar("SELECT user_id FROM api_tokens WHERE token = ?", (token,))
        if user_id is None:
            raise Unauthenticated("The API token is invalid or has been revoked")
        return Actor(str(user_id))

    def create_user(
        self, user_id: str, display_name: str, email: str, *, photo_url: str | None = None
    ) -> None:
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO users(id, display_name, email, photo_url) VALUES (?, ?, ?, ?)",
                (user_id, display_name, email, photo_url),
            )

    def add_token(self, token: str, user_id: str) -> None:
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO api_tokens(token, user_id) VALUES (?, ?)", (token, user_id)
            )

    def has_demo_tokens(self) -> bool:
        """Whether any public demo token (``gb_local_*``) opens this workspace."""
        found = self._db.scalar(
            "SELECT 1 FROM api_tokens WHERE token LIKE 'gb\\_local\\_%' ESCAPE '\\' LIMIT 1"
        )
        return found is not None

    def user_by_email(self, email: str) -> str | None:
        value = self._db.scalar("SELECT id FROM users WHERE lower(email) = lower(?)", (email,))
        return None if value is None else str(value)

    def render_user(self, user_id: str) -> dict[str, Any]:
        """The wire ``User`` object."""
        row = self._db.one("SELECT * FROM users WHERE id = ?", (user_id,))
        if row is None:
            raise NotFound("user", user_id)
        user: dict[str, Any] = {
            "object": "user",
            "id": row["id"],
            "displayName": row["display_name"],
            "email": row["email"],
            "urls": {"location": f"https://app.gitbook.com/u/{row['id']}"},
        }
        if row["photo_url"]:
            user["photoURL"] = row["photo_url"]
        return user
