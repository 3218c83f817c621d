"""Opening and updating change requests (live profile): the subject and the status workflow.

A change request opens as a draft on the space's current revision; its status then follows
`TRANSITIONS` (a merged one never changes again; merging itself is its own operation). Both
writes need ``space.edit``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Conflict, Invalid
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    from gitbook_mcp.local.store.access import Actor
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["EDITABLE", "TRANSITIONS", "ChangeRequestAuthoring"]

TRANSITIONS: dict[str, frozenset[str]] = {
    "draft": frozenset({"draft", "open", "archived"}),
    "open": frozenset({"open", "draft", "archived"}),
    "archived": frozenset({"archived", "draft", "open"}),
    "merged": frozenset(),
}
"""The statuses a change request may be given from each status (setting the same is a no-op)."""

EDITABLE = frozenset({"draft", "open"})
"""Statuses whose content may still be edited."""


@dataclass(eq=False, repr=False)
class ChangeRequestAuthoring(StorePart):
    """See the module's docstring."""

    _spaces: SpaceRows
    _change_requests: ChangeRequestRows

    def create(self, actor: Actor, space_id: str, *, subject: str | None) -> dict[str, Any]:
        """A draft change request on the space's current revision."""
        self._spaces.require_space(actor, space_id, "edit")
        cr_id, _ = self._change_requests.create(
            space_id, subject=subject or "", status="draft", created_by=actor.user_id
        )
        return self._change_requests.render(self._change_requests.row(cr_id))

    def update(
        self,
        actor: Actor,
        space_id: str,
        ref: str,
        *,
        subject: str | None = None,
        status: str | None = None,
    ) -> dict[str, Any]:
        """Change the subject and/or the status, following `TRANSITIONS`."""
        cr_id = self._change_requests.resolve(actor, space_id, ref, "edit")
        row = self._change_requests.row(cr_id)
        current = str(row["status"])
        if current == "merged":
            raise Conflict(f"change request {cr_id} is merged and can no longer change")
        if status is not None and status not in TRANSITIONS[current]:
            raise Invalid("status", f"a {current} change request cannot become {status}")
        with self._db.transaction():
            self._db.execute(
                "UPDATE change_requests SET subject = COALESCE(?, subject), "
                "status = COALESCE(?, status), updated_at = ? WHERE id = ?",
                (subject, status, self._clock.stamp(), cr_id),
            )
        return self._change_requests.render(self._change_requests.row(cr_id))

    def editable(self, actor: Actor, space_id: str, ref: str) -> str:
        """The id of a change request the caller may edit the content of (draft or open)."""
        cr_id = self._change_requests.resolve(actor, space_id, ref, "edit")
        status = self._change_requests.row(cr_id)["status"]
        if status not in EDITABLE:
            raise Conflict(f"change request {cr_id} is {status}; only draft or open ones change")
        return cr_id
