"""`StorePart`: what every piece of the store holds, the connection and the clock; `found`, a
row or a 404.

A part receives the collaborators it uses as constructor arguments, declared as its dataclass
fields (never the whole `Store` or the part that owns it), so that the store's modules import
each other without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.db import Database

__all__ = ["StorePart", "found"]


@dataclass(eq=False, repr=False)
class StorePart:
    """The database connection and the clock, shared by every part of the store.

    A part is a dataclass: the collaborators it uses are its fields after these two, given in
    order when it is built (``SectionStore(db, clock, site_spaces)``). Parts compare and hash
    by identity, and show as plain objects (a part may lead to a large graph of others).
    """

    _db: Database
    _clock: Clock


def found(db: Database, kind: str, sql: str, ident: str, *others: Any) -> sqlite3.Row:
    """The row the query finds with ``ident`` (its first parameter) and ``others``;
    `NotFound` naming ``kind`` and ``ident`` otherwise."""
    row = db.one(sql, (ident, *others))
    if row is None:
        raise NotFound(kind, ident)
    return row
