"""Organizations, members, invites, teams, SAML, fonts and OpenAPI specs (state and rules).

This module starts with the renderers other domains embed: the wire ``Organization`` and
``Member`` objects as a given caller sees them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role
from gitbook_mcp.local.store.db import Migration, loads

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "OrgStore"]

MIGRATIONS: list[Migration] = []
APP_URL = "https://app.gitbook.com"


class OrgStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db

    def render_organization(self, actor: Actor, org_id: str) -> dict[str, Any]:
        """The wire ``Organization``; NotFound unless the caller is a member."""
        role = org_role(self._db, actor, org_id)
        row = self._db.one("SELECT * FROM organizations WHERE id = ?", (org_id,))
        if row is None:
            raise NotFound("organization", org_id)
        data = loads(row["data"]) or {}
        org: dict[str, Any] = {
            "object": "organization",
            "id": row["id"],
            "title": row["title"],
            "createdAt": row["created_at"],
            "emailDomains": data.get("emailDomains", []),
            "type": data.get("type", "business"),
            "plan": data.get("plan", "free"),
            "inviteLinks": bool(data.get("inviteLinks", True)),
            "urls": {
                "location": f"{APP_URL}/o/{row['id']}",
                "app": f"{APP_URL}/o/{row['id']}/",
            },
            "trial": {"status": "none"},
            "permissions": org_permissions(role),
        }
        for key in (
            "hostname",
            "useCase",
            "communityType",
            "defaultContent",
            "sso",
            "ai",
            "customHostname",
        ):
            if data.get(key) is not None:
                org[key] = data[key]
        if "defaultRole" in data:
            org["defaultRole"] = data["defaultRole"]
        if data.get("logo"):
            org["urls"]["logo"] = data["logo"]
        return org

    def render_member(self, org_id: str, user_id: str) -> dict[str, Any]:
        """The wire ``Member`` (organization member) object."""
        row = self._db.one(
            "SELECT * FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id)
        )
        if row is None:
            raise NotFound("member", user_id)
        spaces = self._db.scalar(
            "SELECT COUNT(*) FROM grants WHERE target_kind = 'space' AND principal_kind = 'user' "
            "AND principal_id = ?",
            (user_id,),
        )
        teams = self._db.scalar(
            "SELECT COUNT(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id "
            "WHERE t.org_id = ? AND tm.user_id = ?",
            (org_id, user_id),
        )
        member: dict[str, Any] = {
            "object": "member",
            "id": user_id,
            "role": row["role"],
            "user": self._store.identity.render_user(user_id),
            "disabled": bool(row["disabled"]),
            "joinedAt": row["joined_at"],
            "sso": bool(row["sso"]),
            "spaces": int(spaces or 0),
            "teams": int(teams or 0),
        }
        if row["last_seen_at"]:
            member["lastSeenAt"] = row["last_seen_at"]
        return member
