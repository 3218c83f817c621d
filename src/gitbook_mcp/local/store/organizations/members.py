"""Organization members: listing, roles, removal, SSO flag, last-seen pings, spaces and teams.

Reads need organization.listMembers; writes need organization.admin. An organization always
keeps at least one admin: demoting or removing the last one is refused (412).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import Actor, effective_space_role, max_role, space_permissions
from gitbook_mcp.local.store.organizations.common import (
    is_member,
    org_access,
    page_by_title,
    page_key,
)
from gitbook_mcp.local.store.organizations.render import render_member, render_team
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart

if TYPE_CHECKING:
    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.identity.identity import IdentityStore
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["MEMBER_SORTS", "MemberStore"]

MEMBER_SORTS = ("joinedAt", "lastSeenAt")


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class MemberStore(StorePart):
    """Members of an organization: listing, roles, removal and their teams."""

    def __init__(
        self, db: Database, clock: Clock, identity: IdentityStore, spaces: SpaceRows
    ) -> None:
        super().__init__(db, clock)
        self._identity = identity
        self._spaces = spaces
        self._secret = secrets.token_bytes(32)

    # -- rendering ------------------------------------------------------------------------

    def render(self, org_id: str, user_id: str) -> dict[str, Any]:
        """The wire ``Member``: ``spaces`` counts the org's spaces granted to the user directly."""
        return render_member(self._db, self._identity, org_id, user_id)

    # -- reads ------------------------------------------------------------------------------

    def list_members(
        self,
        actor: Actor,
        org_id: str,
        *,
        role: str | None = None,
        search: str | None = None,
        sort: str = "joinedAt",
        order: str = "desc",
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """Members, filtered by ``role`` ("guest" = no role) and ``search`` (name or email).

        Sorting by ``lastSeenAt`` lists only the members who have been seen.
        """
        org_access(self._db, actor, org_id, "listMembers")
        rows = self._db.all(
            "SELECT m.user_id, m.role, m.joined_at, m.last_seen_at, u.display_name, u.email "
            "FROM members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ?",
            (org_id,),
        )
        if role == "guest":
            rows = [r for r in rows if r["role"] is None]
        elif role is not None:
            rows = [r for r in rows if r["role"] == role]
        if search:
            needle = search.casefold()
            rows = [
                r
                for r in rows
                if needle in r["display_name"].casefold() or needle in r["email"].casefold()
            ]
        column = "last_seen_at" if sort == "lastSeenAt" else "joined_at"
        rows = [r for r in rows if r[column] is not None]
        return paginate(
            rows,
            key=lambda r: page_key(r[column], r["user_id"]),
            paging=paging,
            descending=order != "asc",
            render=lambda r: self.render(org_id, r["user_id"]),
        )

    def get(self, actor: Actor, org_id: str, user_id: str) -> dict[str, Any]:
        org_access(self._db, actor, org_id, "listMembers")
        return self.render(org_id, user_id)

    def spaces(
        self,
        actor: Actor,
        org_id: str,
        user_id: str,
        *,
        order: str = "desc",
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """The org's spaces the user holds a grant on (directly or through a team of the org).

        ``permission`` is the strongest such grant; spaces the caller cannot see are left out.
        Ordered by the space's creation time, newest first unless ``order`` is "asc".
        """
        org_access(self._db, actor, org_id, "listMembers")
        self._require_member(org_id, user_id)
        self._spaces.purge_expired()
        rows = self._db.all(
            "SELECT s.id, s.created_at, g.role FROM grants g JOIN spaces s ON s.id = g.target_id "
            "WHERE g.target_kind = 'space' AND s.org_id = ? AND s.deleted_at IS NULL "
            "AND g.role IS NOT NULL AND ("
            "(g.principal_kind = 'user' AND g.principal_id = ?) OR "
            "(g.principal_kind = 'team' AND g.principal_id IN ("
            "SELECT tm.team_id FROM team_members tm JOIN teams t ON t.id = tm.team_id "
            "WHERE tm.user_id = ? AND t.org_id = ?)))",
            (org_id, user_id, user_id, org_id),
        )
        best: dict[str, tuple[str, str | None]] = {}
        for row in rows:
            created, current = best.get(row["id"], (row["created_at"], None))
            best[row["id"]] = (created, max_role(current, row["role"]))
        visible = [
            (space_id, created, permission)
            for space_id, (created, permission) in best.items()
            if space_permissions(effective_space_role(self._db, actor, space_id))["view"]
        ]
        return paginate(
            visible,
            key=lambda item: (item[1], item[0]),
            paging=paging,
            descending=order != "asc",
            render=lambda item: {
                "permission": item[2],
                "space": self._spaces.render_space(actor, item[0]),
            },
        )

    def teams(
        self,
        actor: Actor,
        org_id: str,
        user_id: str,
        *,
        title: str | None = None,
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """The org's teams the user belongs to, with the user's team role, by title."""
        org_access(self._db, actor, org_id, "listMembers")
        self._require_member(org_id, user_id)
        rows = self._db.all(
            "SELECT t.id, t.title, tm.role FROM team_members tm JOIN teams t ON t.id = tm.team_id "
            "WHERE t.org_id = ? AND tm.user_id = ?",
            (org_id, user_id),
        )
        return page_by_title(
            rows,
            title,
            paging,
            lambda r: {
                "team": render_team(self._db, actor, r["id"]),
                "member": {"role": r["role"]},
            },
        )

    # -- writes ---------------------------------------------------------------------------

    def update_member(
        self, actor: Actor, org_id: str, user_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Apply ``changes`` (``role``: a role, or None for guest); needs organization.admin."""
        org_access(self._db, actor, org_id, "admin")
        with self._db.transaction():
            current = self._require_member(org_id, user_id)
            if "role" in changes:
                role = changes["role"]
                if current == "admin" and role != "admin":
                    self._keep_an_admin(org_id, user_id)
                self._db.execute(
                    "UPDATE members SET role = ? WHERE org_id = ? AND user_id = ?",
                    (role, org_id, user_id),
                )
        return self.render(org_id, user_id)

    def remove(self, actor: Actor, org_id: str, user_id: str) -> bool:
        """Remove the member, their team memberships and grants in the org; False if absent."""
        org_access(self._db, actor, org_id, "admin")
        with self._db.transaction():
            if not is_member(self._db, org_id, user_id):
                return False
            if self._require_member(org_id, user_id) == "admin":
                self._keep_an_admin(org_id, user_id)
            self._db.execute(
                "DELETE FROM team_members WHERE user_id = ? AND team_id IN "
                "(SELECT id FROM teams WHERE org_id = ?)",
                (user_id, org_id),
            )
            self._db.execute(
                "DELETE FROM grants WHERE principal_kind = 'user' AND principal_id = ? AND ("
                "(target_kind = 'space' AND target_id IN (SELECT id FROM spaces WHERE org_id = ?))"
                " OR (target_kind = 'collection' AND target_id IN "
                "(SELECT id FROM collections WHERE org_id = ?)))",
                (user_id, org_id, org_id),
            )
            self._db.execute(
                "DELETE FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id)
            )
        return True

    def set_sso(self, actor: Actor, org_id: str, user_id: str) -> dict[str, Any]:
        """Mark the member as an SSO member; needs organization.admin."""
        org_access(self._db, actor, org_id, "admin")
        with self._db.transaction():
            self._require_member(org_id, user_id)
            self._db.execute(
                "UPDATE members SET sso = 1 WHERE org_id = ? AND user_id = ?", (org_id, user_id)
            )
        return self.render(org_id, user_id)

    def ping(self, actor: Actor, org_id: str) -> str:
        """Record that the caller was seen now; return visitor claims (a signed JWT-like token)."""
        org_access(self._db, actor, org_id)
        now = self._clock.stamp()
        with self._db.transaction():
            self._db.execute(
                "UPDATE members SET last_seen_at = ? WHERE org_id = ? AND user_id = ?",
                (now, org_id, actor.user_id),
            )
        header = _b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
        claims = {"sub": actor.user_id, "org": org_id, "iat": now}
        payload = _b64(json.dumps(claims, separators=(",", ":")).encode())
        signature = hmac.new(self._secret, f"{header}.{payload}".encode(), hashlib.sha256)
        return f"{header}.{payload}.{_b64(signature.digest())}"

    # -- helpers ----------------------------------------------------------------------------

    def _require_member(self, org_id: str, user_id: str) -> str | None:
        row = self._db.one(
            "SELECT role FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id)
        )
        if row is None:
            raise NotFound("member", user_id)
        role: str | None = row["role"]
        return role

    def _keep_an_admin(self, org_id: str, leaving: str) -> None:
        others = self._db.scalar(
            "SELECT COUNT(*) FROM members WHERE org_id = ? AND role = 'admin' AND disabled = 0 "
            "AND user_id != ?",
            (org_id, leaving),
        )
        if not others:
            raise PreconditionFailed("An organization must keep at least one admin")
