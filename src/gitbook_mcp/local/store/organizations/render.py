"""Rendering shared by the organization parts: the wire ``Team`` and ``Member`` objects.

Members list their teams and teams list their members, so both renderings live here rather
than in either store (which would then import each other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import Actor, org_role, team_permissions

if TYPE_CHECKING:
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.identity.identity import IdentityStore

__all__ = ["is_team_owner", "render_member", "render_team"]


def is_team_owner(db: Database, team_id: str, user_id: str) -> bool:
    role = db.scalar(
        "SELECT role FROM team_members WHERE team_id = ? AND user_id = ?", (team_id, user_id)
    )
    return bool(role == "owner")


def render_team(db: Database, actor: Actor, team_id: str) -> dict[str, Any]:
    """The wire ``Team`` with counts and the caller's permissions on it."""
    row = db.one("SELECT * FROM teams WHERE id = ?", (team_id,))
    if row is None:
        raise NotFound("team", team_id)
    role = org_role(db, actor, row["org_id"])
    members = db.scalar("SELECT COUNT(*) FROM team_members WHERE team_id = ?", (team_id,))
    spaces = db.scalar(
        "SELECT COUNT(DISTINCT g.target_id) FROM grants g JOIN spaces s ON s.id = g.target_id "
        "WHERE g.target_kind = 'space' AND g.principal_kind = 'team' AND g.principal_id = ? "
        "AND s.deleted_at IS NULL",
        (team_id,),
    )
    return {
        "object": "team",
        "id": row["id"],
        "title": row["title"],
        "members": int(members or 0),
        "spaces": int(spaces or 0),
        "createdAt": row["created_at"],
        "permissions": team_permissions(role, is_owner=is_team_owner(db, team_id, actor.user_id)),
    }


def render_member(
    db: Database, identity: IdentityStore, org_id: str, user_id: str
) -> dict[str, Any]:
    """The wire ``Member``: ``spaces`` counts the org's spaces granted to the user directly."""
    row = db.one("SELECT * FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id))
    if row is None:
        raise NotFound("member", user_id)
    spaces = db.scalar(
        "SELECT COUNT(DISTINCT g.target_id) FROM grants g JOIN spaces s ON s.id = g.target_id "
        "WHERE g.target_kind = 'space' AND g.principal_kind = 'user' AND g.principal_id = ? "
        "AND s.org_id = ? AND s.deleted_at IS NULL",
        (user_id, org_id),
    )
    teams = db.scalar(
        "SELECT COUNT(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id "
        "WHERE t.org_id = ? AND tm.user_id = ?",
        (org_id, user_id),
    )
    member: dict[str, Any] = {
        "object": "member",
        "id": user_id,
        "role": row["role"],
        "user": identity.render_user(user_id),
        "disabled": bool(row["disabled"]),
        "joinedAt": row["joined_at"],
        "sso": bool(row["sso"]),
        "spaces": int(spaces or 0),
        "teams": int(teams or 0),
    }
    if row["last_seen_at"]:
        member["lastSeenAt"] = row["last_seen_at"]
    return member
