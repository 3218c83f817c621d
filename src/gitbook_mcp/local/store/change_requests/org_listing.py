"""The organization-wide listing of change requests (``listChangeRequestsForOrganization``).

A member sees the change requests of the organization's spaces that they may view, filtered
by status (default ``open``), creator, contributor, requested reviewer and space, newest first
by ``updatedAt`` (or ``createdAt``). No local change request comes from a site topic, a style
guide run or a finding, so the ``site``, ``topic`` and ``styleguideRun`` filters match none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.store.access import (
    Actor,
    effective_space_role,
    require_org_member,
    space_permissions,
)
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.change_requests.reviewers import ReviewerStore
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows

__all__ = ["OrgChangeRequests", "OrgFilters"]


@dataclass(frozen=True)
class OrgFilters:
    """The listing's filters; None leaves a filter off."""

    statuses: tuple[str, ...] = ("open",)
    creator: str | None = None
    contributor: str | None = None
    requested_reviewer: str | None = None
    space: str | None = None
    linked: bool = False
    """True when a site, topic or style guide run filter was given (none matches locally)."""
    order_by: str = "updatedAt"


@dataclass(eq=False, repr=False)
class OrgChangeRequests(StorePart):
    """See the module's docstring."""

    _change_requests: ChangeRequestRows
    _reviewers: ReviewerStore

    def listing(
        self,
        actor: Actor,
        org_id: str,
        filters: OrgFilters,
        *,
        paging: PageWindow,
    ) -> dict[str, Any]:
        require_org_member(self._db, actor, org_id)
        rows = [] if filters.linked else self._matching(actor, org_id, filters)
        column = "created_at" if filters.order_by == "createdAt" else "updated_at"
        return paginate(
            rows,
            key=lambda r: (r[column], r["id"]),
            paging=paging,
            descending=True,
            render=self._change_requests.render,
        )

    def _matching(self, actor: Actor, org_id: str, filters: OrgFilters) -> list[sqlite3.Row]:
        marks = ", ".join("?" for _ in filters.statuses)
        sql = (
            "SELECT c.* FROM change_requests c JOIN spaces s ON s.id = c.space_id "
            f"WHERE s.org_id = ? AND s.deleted_at IS NULL AND c.status IN ({marks})"
        )
        params: list[Any] = [org_id, *filters.statuses]
        if filters.creator:
            sql += " AND c.created_by = ?"
            params.append(filters.creator)
        if filters.space:
            sql += " AND c.space_id = ?"
            params.append(filters.space)
        if filters.contributor:
            sql += (
                " AND (c.created_by = ? OR c.id IN (SELECT change_request_id FROM "
                "change_request_edits WHERE user_id = ?))"
            )
            params += [filters.contributor, filters.contributor]
        rows = self._db.all(sql, params)
        if filters.requested_reviewer:
            asked = self._reviewers.requested_of(filters.requested_reviewer)
            rows = [r for r in rows if r["id"] in asked]
        visible: dict[str, bool] = {}
        for row in rows:
            space_id = row["space_id"]
            if space_id not in visible:
                role = effective_space_role(self._db, actor, space_id)
                visible[space_id] = space_permissions(role)["view"]
        return [r for r in rows if visible[r["space_id"]]]
