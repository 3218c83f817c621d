"""`SpacePart`: a part of the store that resolves callers and reads spaces.

Most parts need the same four collaborators (connection, clock, identities, space rows); they
travel together as one `SpaceScope`, so that a part's constructor names only what it adds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.identity.identity import IdentityStore
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["SpacePart", "SpaceScope"]


@dataclass(frozen=True)
class SpaceScope:
    """The collaborators most parts share: the connection, the clock, identities, space rows."""

    db: Database
    clock: Clock
    identity: IdentityStore
    spaces: SpaceRows


class SpacePart:
    """A part of the store built from a `SpaceScope`: the connection, the clock, the identity
    store and the space rows, as its attributes (its own collaborators follow the scope)."""

    def __init__(self, scope: SpaceScope) -> None:
        self._db = scope.db
        self._clock = scope.clock
        self._identity = scope.identity
        self._spaces = scope.spaces
