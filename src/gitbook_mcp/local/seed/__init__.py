"""The demo workspace: loaded into an empty store by ``--seed demo``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["SEEDS", "load_demo"]

SEEDS = ("demo",)


def load_demo(store: Store) -> None:
    """Fill an empty store with the demo workspace (idempotent: a seeded store is left as is)."""
    from gitbook_mcp.local.seed import comments, content, core, orgs, sites, spaces

    if not store.is_empty():
        return
    core.seed(store)
    orgs.seed(store)
    spaces.seed(store)
    content.seed(store)
    comments.seed(store)
    sites.seed(store)
