"""The store: all state and rules of the local workspace, raising domain errors, no HTTP.

`Store` opens the database, creates each domain's schema, and wires one object per domain,
handing each the connection, the clock and the other domains it uses (never itself):
identity <- spaces <- organizations <- content <- comments, change requests <- content's
revisions (content and comments read at a change request: its rows), and sites <- spaces,
content.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gitbook_mcp.local.clock import Clock, SystemClock
from gitbook_mcp.local.store.change_requests.change_requests import ChangeRequestStore
from gitbook_mcp.local.store.comments.comments import CommentStore
from gitbook_mcp.local.store.content.content import ContentStore
from gitbook_mcp.local.store.content.revisions import RevisionStore
from gitbook_mcp.local.store.db import Database
from gitbook_mcp.local.store.identity.identity import IdentityStore
from gitbook_mcp.local.store.organizations.organizations import OrgStore
from gitbook_mcp.local.store.schema import MIGRATIONS
from gitbook_mcp.local.store.sites.sites import SiteStore
from gitbook_mcp.local.store.spaces.part import SpaceScope
from gitbook_mcp.local.store.spaces.spaces import SpaceStore

__all__ = ["MIGRATIONS", "Store"]

OPEN_TIMEOUT_S = 120.0
"""How long opening waits for another process creating or seeding the same file."""


class Store:
    """One workspace: a database, a clock, and the domain stores that share them."""

    def __init__(
        self,
        path: str | Path = ":memory:",
        *,
        clock: Clock | None = None,
        import_root: Path | None = None,
        seed: Callable[[Store], None] | None = None,
        template: Store | None = None,
    ) -> None:
        """Open ``path``; the schema and ``seed`` (e.g. `load_demo`) run in one exclusive
        transaction, so a second process or a crash never sees a half-built workspace.

        ``template``: start from a copy of that workspace's data (SQLite's online backup),
        which costs a fraction of a millisecond where seeding the demo costs about 100 ms."""
        self.db = db = Database(path)
        if template is not None:
            template.db.copy_to(db)
        self.clock = clock = clock or SystemClock()
        self.identity = IdentityStore(db)
        self.spaces = SpaceStore(db, clock, self.identity, copy_content=self._copy_content)
        self.orgs = OrgStore(db, clock, self.identity, self.spaces)
        scope = SpaceScope(db, clock, self.identity, self.spaces)
        revisions = RevisionStore(db, clock)
        self.change_requests = ChangeRequestStore(scope, revisions)
        rows = self.change_requests.rows
        self.content = ContentStore(scope, self.orgs, revisions, rows, import_root=import_root)
        self.comments = CommentStore(scope, self.orgs, self.content, rows)
        self.sites = SiteStore(db, clock, self.spaces, self.content)
        try:
            with self.db.patience(OPEN_TIMEOUT_S), self.db.transaction(exclusive=True):
                if "documents" in self.db.migrate(MIGRATIONS):
                    self.content.revisions.fill_documents()
                if seed is not None:
                    seed(self)
        except BaseException:
            self.db.close()
            raise

    @property
    def import_root(self) -> Path | None:
        """The only folder ``file://`` imports may read; None turns such imports off."""
        return self.content.import_root

    @import_root.setter
    def import_root(self, root: Path | None) -> None:
        self.content.import_root = root

    def _copy_content(self, source_space_id: str, target_space_id: str) -> None:
        self.content.duplicate_space_content(source_space_id, target_space_id)

    def now(self) -> str:
        """The current time as the API writes it."""
        return self.clock.stamp()

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
