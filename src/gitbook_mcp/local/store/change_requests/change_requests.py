"""Change requests: the workflow around a space's content, its parts as attributes.

A change request (`rows`) is numbered per space and works on a revision of its own (the content
domain's `RevisionStore`). `authoring` opens and updates one, `batch` applies a batch of page
and file changes to it, `reviewers` and `reviews` review it, `merging` merges or updates it
against the space's content, `semantic` lists its changes, and `org_listing` lists the
organization's change requests. Every read needs ``space.view``; see each part for its writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.store.change_requests.authoring import ChangeRequestAuthoring
from gitbook_mcp.local.store.change_requests.batch import ContentBatch
from gitbook_mcp.local.store.change_requests.merge import MergeStore
from gitbook_mcp.local.store.change_requests.org_listing import OrgChangeRequests
from gitbook_mcp.local.store.change_requests.reviewers import ReviewerStore
from gitbook_mcp.local.store.change_requests.reviews import ReviewStore
from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
from gitbook_mcp.local.store.change_requests.semantic import SemanticChanges

if TYPE_CHECKING:
    from gitbook_mcp.local.store.content.revisions import RevisionStore
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["ChangeRequestStore"]


class ChangeRequestStore:
    """The change requests of spaces; its parts are attributes."""

    def __init__(self, scope: SpaceScope, revisions: RevisionStore) -> None:
        db, clock, spaces = scope.db, scope.clock, scope.spaces
        self.rows = rows = ChangeRequestRows(scope, revisions)
        self.reviewers = ReviewerStore(scope, rows)
        self.authoring = ChangeRequestAuthoring(db, clock, spaces, rows)
        self.batch = ContentBatch(
            db, clock, revisions, rows, self.authoring, self.reviewers.record_edit
        )
        self.semantic = SemanticChanges(db, clock, revisions, rows)
        self.merging = MergeStore(db, clock, spaces, revisions, rows)
        self.reviews = ReviewStore(scope, rows)
        self.org_listing = OrgChangeRequests(db, clock, rows, self.reviewers)
