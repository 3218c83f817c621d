"""The store: all state and rules of the local workspace, raising domain errors, no HTTP.

`Store` opens the database, applies every migration, and exposes one object per domain.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gitbook_mcp.local.clock import Clock, SystemClock
from gitbook_mcp.local.store.comments import MIGRATIONS as COMMENT_MIGRATIONS
from gitbook_mcp.local.store.comments import CommentStore
from gitbook_mcp.local.store.content import MIGRATIONS as CONTENT_MIGRATIONS
from gitbook_mcp.local.store.content import ContentStore
from gitbook_mcp.local.store.db import Database, Migration
from gitbook_mcp.local.store.identity import IdentityStore
from gitbook_mcp.local.store.orgs import MIGRATIONS as ORG_MIGRATIONS
from gitbook_mcp.local.store.orgs import OrgStore
from gitbook_mcp.local.store.schema import CORE_MIGRATIONS
from gitbook_mcp.local.store.sites import MIGRATIONS as SITE_MIGRATIONS
from gitbook_mcp.local.store.sites import SiteStore
from gitbook_mcp.local.store.spaces import MIGRATIONS as SPACE_MIGRATIONS
from gitbook_mcp.local.store.spaces import SpaceStore

__all__ = ["MIGRATIONS", "Store"]

OPEN_TIMEOUT_S = 120.0
"""How long opening waits for another process creating or seeding the same file."""

MIGRATIONS: list[Migration] = [
    *CORE_MIGRATIONS,
    *ORG_MIGRATIONS,
    *SPACE_MIGRATIONS,
    *CONTENT_MIGRATIONS,
    *COMMENT_MIGRATIONS,
    *SITE_MIGRATIONS,
]


class Store:
    """One workspace: a database, a clock, and the domain stores that share them."""

    def __init__(
        self,
        path: str | Path = ":memory:",
        *,
        clock: Clock | None = None,
        import_root: Path | None = None,
        seed: Callable[[Store], None] | None = None,
    ) -> None:
        """Open ``path``; the schema and ``seed`` (e.g. `load_demo`) run in one exclusive
        transaction, so a second process or a crash never sees a half-built workspace."""
        self.db = Database(path)
        self.clock = clock or SystemClock()
        self.import_root = import_root
        """The only folder ``file://`` imports may read; None turns such imports off."""
        self.identity = IdentityStore(self)
        self.orgs = OrgStore(self)
        self.spaces = SpaceStore(self)
        self.content = ContentStore(self)
        self.comments = CommentStore(self)
        self.sites = SiteStore(self)
        try:
            with self.db.patience(OPEN_TIMEOUT_S), self.db.transaction(exclusive=True):
                self.db.migrate(MIGRATIONS)
                if seed is not None:
                    seed(self)
        except BaseException:
            self.db.close()
            raise

    def now(self) -> str:
        """The current time as the API writes it."""
        from gitbook_mcp.local.clock import iso

        return iso(self.clock.now())

    def is_empty(self) -> bool:
        return not self.db.scalar("SELECT COUNT(*) FROM users")

    def seeded_with(self) -> str | None:
        """The seed this workspace was completely loaded with, if any (a meta row)."""
        value = self.db.scalar("SELECT value FROM meta WHERE key = 'seed'")
        return None if value is None else str(value)

    def mark_seeded(self, name: str) -> None:
        """Record, inside the seed's own transaction, that the seed ``name`` is complete."""
        self.db.execute(
            "INSERT INTO meta(key, value) VALUES ('seed', ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (name,),
        )

    def close(self) -> None:
        self.db.close()
