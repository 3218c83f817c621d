"""Teams of an organization and their members (owner or member).

Reads need organization.listTeams; creating a team needs organization.ownTeam; every other
write needs team.admin (an organization admin, or an owner of that team).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, require, team_permissions
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.organizations.common import (
    is_member,
    org_access,
    page_by_title,
    resolve_member,
)
from gitbook_mcp.local.store.organizations.render import is_team_owner, render_member, render_team
from gitbook_mcp.local.store.organizations.table import OrgTable
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    from gitbook_mcp.local.store.identity.identity import IdentityStore

__all__ = ["TEAM_ROLES", "TeamStore"]

_TEAMS = OrgTable("teams", "team")

TEAM_ROLES = ("owner", "member")


@dataclass(eq=False, repr=False)
class TeamStore(StorePart):
    _identity: IdentityStore

    # -- rendering ------------------------------------------------------------------------

    def render(self, actor: Actor, team_id: str) -> dict[str, Any]:
        """The wire ``Team`` with counts and the caller's permissions on it."""
        return render_team(self._db, actor, team_id)

    # -- teams ----------------------------------------------------------------------------

    def list_teams(
        self,
        actor: Actor,
        org_id: str,
        *,
        owner: str | None = None,
        title: str | None = None,
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """Teams by title; ``owner`` keeps those that member can manage (all, for an admin)."""
        org_access(self._db, actor, org_id, "listTeams")
        rows = self._db.all("SELECT id, title FROM teams WHERE org_id = ?", (org_id,))
        if owner is not None:
            owner_role = self._db.scalar(
                "SELECT role FROM members WHERE org_id = ? AND user_id = ? AND disabled = 0",
                (org_id, owner),
            )
            if owner_role != "admin":
                rows = [r for r in rows if self._is_owner(r["id"], owner)]
        return page_by_title(rows, title, paging, lambda r: self.render(actor, r["id"]))

    def get(self, actor: Actor, org_id: str, team_id: str) -> dict[str, Any]:
        org_access(self._db, actor, org_id, "listTeams")
        _TEAMS.row(self._db, org_id, team_id)
        return self.render(actor, team_id)

    def create(
        self,
        actor: Actor,
        org_id: str,
        title: str,
        members: Sequence[str] = (),
        *,
        ident: str | None = None,
    ) -> dict[str, Any]:
        """Create a team (organization.ownTeam) with ``members`` (ids or emails of members).

        A creator who is not an organization admin becomes the team's owner, so that they
        can manage the team they made.
        """
        role = org_access(self._db, actor, org_id, "ownTeam")
        team_id = ident or new_id("team_")
        with self._db.transaction():
            user_ids = [resolve_member(self._db, org_id, ref, "members") for ref in members]
            self._db.execute(
                "INSERT INTO teams(id, org_id, title, created_at) VALUES (?, ?, ?, ?)",
                (team_id, org_id, title, self._clock.stamp()),
            )
            for user_id in dict.fromkeys(user_ids):
                self._set_member(team_id, user_id, "member")
            if role != "admin":
                self._set_member(team_id, actor.user_id, "owner")
        return self.render(actor, team_id)

    def update(self, actor: Actor, org_id: str, team_id: str, title: str) -> dict[str, Any]:
        self._require_admin(actor, org_id, team_id)
        with self._db.transaction():
            _TEAMS.update(self._db, org_id, team_id, {"title": title})
        return self.render(actor, team_id)

    def delete(self, actor: Actor, org_id: str, team_id: str) -> bool:
        """Delete the team and its grants; False when there was no such team."""
        org_access(self._db, actor, org_id)
        if (
            self._db.one("SELECT 1 FROM teams WHERE id = ? AND org_id = ?", (team_id, org_id))
            is None
        ):
            return False
        self._require_admin(actor, org_id, team_id)
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM grants WHERE principal_kind = 'team' AND principal_id = ?", (team_id,)
            )
            self._db.execute("DELETE FROM teams WHERE id = ?", (team_id,))
        return True

    # -- team members ---------------------------------------------------------------------

    def list_members(
        self,
        actor: Actor,
        org_id: str,
        team_id: str,
        *,
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """Team members, owners first, each with the organization ``Member`` object."""
        org_access(self._db, actor, org_id, "listTeams")
        _TEAMS.row(self._db, org_id, team_id)
        rows = self._db.all("SELECT user_id, role FROM team_members WHERE team_id = ?", (team_id,))
        return paginate(
            rows,
            key=lambda r: (TEAM_ROLES.index(r["role"]), r["user_id"]),
            paging=paging,
            render=lambda r: {
                "organization": render_member(self._db, self._identity, org_id, r["user_id"]),
                "team": {"role": r["role"]},
                "permissions": {"view": True},
            },
        )

    def update_members(
        self,
        actor: Actor,
        org_id: str,
        team_id: str,
        *,
        add: Sequence[str] = (),
        remove: Sequence[str] = (),
        memberships: Mapping[str, str] | None = None,
    ) -> None:
        """Add, update and remove members (ids or emails) in one write.

        ``memberships`` maps a user to its team role and adds the user when absent. A user
        named both to add (or in ``memberships``) and to remove is removed.
        """
        self._require_admin(actor, org_id, team_id)
        with self._db.transaction():
            added = [resolve_member(self._db, org_id, ref, "add") for ref in add]
            removed = {resolve_member(self._db, org_id, ref, "remove") for ref in remove}
            roles = {
                resolve_member(self._db, org_id, ref, f"memberships.{ref}"): role
                for ref, role in (memberships or {}).items()
            }
            for user_id in added:
                if user_id not in removed and user_id not in roles:
                    self._add_member(team_id, user_id, None)
            for user_id, role in roles.items():
                if user_id not in removed:
                    self._add_member(team_id, user_id, role)
            for user_id in removed:
                self._db.execute(
                    "DELETE FROM team_members WHERE team_id = ? AND user_id = ?", (team_id, user_id)
                )

    def put_member(
        self, actor: Actor, org_id: str, team_id: str, user_id: str, role: str | None
    ) -> None:
        """Add the member (as ``role``, default member) or change their team role."""
        self._require_admin(actor, org_id, team_id)
        with self._db.transaction():
            if not is_member(self._db, org_id, user_id):
                raise NotFound("member", user_id)
            self._add_member(team_id, user_id, role)

    def remove_member(self, actor: Actor, org_id: str, team_id: str, user_id: str) -> bool:
        """Remove the user from the team; False when they were not in it."""
        self._require_admin(actor, org_id, team_id)
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM team_members WHERE team_id = ? AND user_id = ?", (team_id, user_id)
            )
        return cursor.rowcount > 0

    # -- helpers ----------------------------------------------------------------------------

    def _is_owner(self, team_id: str, user_id: str) -> bool:
        return is_team_owner(self._db, team_id, user_id)

    def _require_admin(self, actor: Actor, org_id: str, team_id: str) -> None:
        role = org_access(self._db, actor, org_id)
        _TEAMS.row(self._db, org_id, team_id)
        flags = team_permissions(role, is_owner=self._is_owner(team_id, actor.user_id))
        require(flags, "admin", f"team {team_id}")

    def _add_member(self, team_id: str, user_id: str, role: str | None) -> None:
        """Insert as ``role`` (member when None), or update the role when one is given."""
        current = self._db.scalar(
            "SELECT role FROM team_members WHERE team_id = ? AND user_id = ?", (team_id, user_id)
        )
        if current is None:
            self._set_member(team_id, user_id, role or "member")
        elif role is not None and role != current:
            self._set_member(team_id, user_id, role)

    def _set_member(self, team_id: str, user_id: str, role: str) -> None:
        self._db.execute(
            "INSERT INTO team_members(team_id, user_id, role) VALUES (?, ?, ?) "
            "ON CONFLICT(team_id, user_id) DO UPDATE SET role = excluded.role",
            (team_id, user_id, role),
        )
