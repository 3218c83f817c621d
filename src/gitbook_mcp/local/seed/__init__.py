"""The demo workspace: loaded into an empty store by ``--seed demo``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.errors import WorkspaceFileError

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["SEEDS", "load_demo"]

SEEDS = ("demo",)


def load_demo(store: Store) -> None:
    """Fill an empty store with the demo workspace, in one exclusive transaction marked complete
    at its end: a seeded store is left as is, and a store holding data but no completion mark
    (a seed cut short by an older version) is refused, since repairing it could erase work."""
    from gitbook_mcp.local.seed import cloud, comments, content, core, orgs, reviews, sites, spaces

    with store.db.transaction(exclusive=True):
        if store.seeded_with() is not None:
            return
        if not store.is_empty():
            raise WorkspaceFileError(
                f"The local workspace database {store.db.path} holds data but was never "
                "completely seeded (an earlier start was cut short). Start again from a fresh "
                "demo with --reset-local (serve --local), or remove the file (local-api --db)."
            )
        core.seed(store)
        orgs.seed(store)
        spaces.seed(store)
        content.seed(store)
        cloud.seed(store)
        comments.seed(store)
        reviews.seed(store)
        sites.seed(store)
        store.mark_seeded("demo")
