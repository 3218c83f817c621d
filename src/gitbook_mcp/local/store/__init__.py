"""The store: all state and rules of the local workspace, raising domain errors, no HTTP.

`Store` opens the database, applies every migration, and exposes one object per domain.
"""

from __future__ import annotations

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
    ) -> None:
        self.db = Database(path)
        self.clock = clock or SystemClock()
        self.import_root = import_root
        """The only folder ``file://`` imports may read; None turns such imports off."""
        self.db.migrate(MIGRATIONS)
        self.identity = IdentityStore(self)
        self.orgs = OrgStore(self)
        self.spaces = SpaceStore(self)
        self.content = ContentStore(self)
        self.comments = CommentStore(self)
        self.sites = SiteStore(self)

    def now(self) -> str:
        """The current time as the API writes it."""
        from gitbook_mcp.local.clock import iso

        return iso(self.clock.now())

    def is_empty(self) -> bool:
        return not self.db.scalar("SELECT COUNT(*) FROM users")

    def close(self) -> None:
        self.db.close()
