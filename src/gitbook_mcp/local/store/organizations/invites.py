"""Invitations: inviting users by email, invite links, and joining an organization by link.

Inviting and every invite-link operation need organization.admin; joining with a link is open
to any authenticated user. An invite link targets the organization (with a ``role``) or one
of its spaces or collections (with a ``level``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import (
    Actor,
    collection_permissions,
    effective_collection_role,
    max_role,
)
from gitbook_mcp.local.store.db import loads, new_id
from gitbook_mcp.local.store.organizations.common import TablePart, is_member, org_access
from gitbook_mcp.local.store.organizations.table import OrgTable
from gitbook_mcp.local.store.urls import app_urls

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.identity.identity import IdentityStore
    from gitbook_mcp.local.store.spaces.rows import SpaceRows


__all__ = ["EMAIL_RE", "INVITE_TARGETS", "InviteEntry", "InviteStore"]

_LINKS = OrgTable("org_invite_links", "invite")

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s][^@\s.]*+\.[^@\s]+$")
"""Local part, ``@``, a domain with a dot neither first nor last. Linear: the domain's run up to
its first dot is possessive (the old run took dots and gave back one per dot: quadratic on
``a@`` followed by dots)."""
INVITE_TARGETS = ("organization", "space", "collection")

InviteEntry = str | tuple[str, str | None]
"""An email, or an email with the role that invitee gets."""


@dataclass(eq=False, repr=False)
class InviteStore(TablePart):
    """Invitations by email and by link, into the organization, a space or a collection.

    Its table is the invite links'; a listing shows the organization's own links (space and
    collection links are read one by one).
    """

    rows, read, listed = _LINKS, "admin", "target_kind = 'organization'"

    _identity: IdentityStore
    _spaces: SpaceRows

    # -- inviting by email ------------------------------------------------------------------

    def invite_users(
        self,
        actor: Actor,
        org_id: str,
        emails: Sequence[InviteEntry],
        *,
        role: str | None = None,
        role_given: bool = False,
        sso: bool = False,
    ) -> dict[str, Any]:
        """Make the people at ``emails`` members, creating users for unknown addresses.

        The role is the entry's own, else ``role`` when given, else the organization's
        ``defaultRole`` (``read`` when it has none). ``users`` lists every named user who is
        a member afterwards; ``invited`` counts new memberships. With ``sso``, an address
        outside the organization's email domains cannot be an SSO member: it is reported in
        ``failedSSOEmails`` and not invited.
        """
        org_access(self._db, actor, org_id, "admin")
        data = loads(self._db.scalar("SELECT data FROM organizations WHERE id = ?", (org_id,)))
        data = data or {}
        default_role = role if role_given else data.get("defaultRole", "read")
        domains = {str(d).lower() for d in data.get("emailDomains") or []}
        parsed: dict[str, tuple[str, str | None]] = {}
        for index, entry in enumerate(emails):
            email, entry_role = (entry, default_role) if isinstance(entry, str) else entry
            email = email.strip()
            if not EMAIL_RE.fullmatch(email):
                raise Invalid(f"emails[{index}]", f"{email!r} is not an email address")
            parsed.setdefault(email.lower(), (email, entry_role))
        users: list[str] = []
        failed: list[str] = []
        invited = 0
        now = self._clock.stamp()
        with self._db.transaction():
            for email, member_role in parsed.values():
                if sso and email.rsplit("@", 1)[1].lower() not in domains:
                    failed.append(email)
                    continue
                user_id = self._identity.user_by_email(email)
                if user_id is None:
                    user_id = new_id("usr_")
                    self._identity.create_user(user_id, email.split("@", 1)[0], email)
                if not is_member(self._db, org_id, user_id):
                    self._db.execute(
                        "INSERT INTO members(org_id, user_id, role, joined_at, sso) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (org_id, user_id, member_role, now, int(sso)),
                    )
                    invited += 1
                elif sso:
                    self._db.execute(
                        "UPDATE members SET sso = 1 WHERE org_id = ? AND user_id = ?",
                        (org_id, user_id),
                    )
                users.append(user_id)
        return {"users": users, "invited": invited, "failedSSOEmails": failed}

    # -- invite links ---------------------------------------------------------------------

    def render(self, actor: Actor, row: sqlite3.Row, role: str | None) -> dict[str, Any]:  # noqa: ARG002 - OrgTable's render signature
        """The wire invite link; ``redundant`` when an older link grants the same on the same target."""
        redundant = (
            self._db.scalar(
                "SELECT 1 FROM org_invite_links WHERE org_id = ? AND target_kind = ? "
                "AND target_id IS ? AND role IS ? AND rowid < "
                "(SELECT rowid FROM org_invite_links WHERE id = ?)",
                (row["org_id"], row["target_kind"], row["target_id"], row["role"], row["id"]),
            )
            is not None
        )
        link: dict[str, Any] = {"object": "invite", "id": row["id"], "redundant": redundant}
        if row["target_kind"] == "organization":
            link["role"] = row["role"]
        elif row["target_kind"] == "space":
            link.update(target="space", level=row["role"])
            link["space"] = self._spaces.render_space(actor, row["target_id"])
        else:
            link.update(target="collection", level=row["role"])
            link["collection"] = self._render_collection(actor, row["target_id"])
        return link

    def create_link(
        self,
        actor: Actor,
        org_id: str,
        role: str | None,
        *,
        target_kind: str = "organization",
        target_id: str | None = None,
        ident: str | None = None,
    ) -> dict[str, Any]:
        """A new invite link to the organization, or to one of its spaces or collections."""
        org_access(self._db, actor, org_id, "admin")
        if target_kind != "organization":
            self._check_target(org_id, target_kind, target_id)
        invite_id = ident or new_id("inv_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO org_invite_links(id, org_id, target_kind, target_id, role, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (invite_id, org_id, target_kind, target_id, role, self._clock.stamp()),
            )
        return self.get(actor, org_id, invite_id)

    def update_link(
        self, actor: Actor, org_id: str, invite_id: str, role: str | None
    ) -> dict[str, Any]:
        """Change the role (or level) the link grants."""
        org_access(self._db, actor, org_id, "admin")
        with self._db.transaction():
            _LINKS.row(self._db, org_id, invite_id)
            _LINKS.update(self._db, org_id, invite_id, {"role": role})
        return self.get(actor, org_id, invite_id)

    def join(self, actor: Actor, org_id: str, invite_id: str) -> None:
        """Join with an invite link (any authenticated user).

        An organization link makes the caller a member with its role; a space or collection
        link makes the caller a member without a role (a guest) when not one already, and
        grants its level on the target. An existing member keeps their organization role.
        Links cannot be used while the organization has invite links turned off (412).
        """
        data = self._db.scalar("SELECT data FROM organizations WHERE id = ?", (org_id,))
        if data is None:
            raise NotFound("organization", org_id)
        link = _LINKS.row(self._db, org_id, invite_id)
        if not (loads(data) or {}).get("inviteLinks", True):
            raise PreconditionFailed("Invite links are turned off in this organization")
        with self._db.transaction():
            if not is_member(self._db, org_id, actor.user_id):
                role = link["role"] if link["target_kind"] == "organization" else None
                self._db.execute(
                    "INSERT INTO members(org_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
                    (org_id, actor.user_id, role, self._clock.stamp()),
                )
            if link["target_kind"] != "organization" and link["role"] is not None:
                self._grant(link["target_kind"], link["target_id"], actor.user_id, link["role"])

    # -- helpers ----------------------------------------------------------------------------

    def _check_target(self, org_id: str, kind: str, target_id: str | None) -> None:
        if kind == "space":
            found = self._db.scalar(
                "SELECT 1 FROM spaces WHERE id = ? AND org_id = ? AND deleted_at IS NULL",
                (target_id, org_id),
            )
        else:
            found = self._db.scalar(
                "SELECT 1 FROM collections WHERE id = ? AND org_id = ?", (target_id, org_id)
            )
        if found is None:
            raise NotFound(kind, str(target_id))

    def _grant(self, kind: str, target_id: str, user_id: str, level: str) -> None:
        current = self._db.scalar(
            "SELECT role FROM grants WHERE target_kind = ? AND target_id = ? "
            "AND principal_kind = 'user' AND principal_id = ?",
            (kind, target_id, user_id),
        )
        self._db.execute(
            "INSERT INTO grants(target_kind, target_id, principal_kind, principal_id, role) "
            "VALUES (?, ?, 'user', ?, ?) ON CONFLICT(target_kind, target_id, principal_kind, "
            "principal_id) DO UPDATE SET role = excluded.role",
            (kind, target_id, user_id, max_role(current, level)),
        )

    def _render_collection(self, actor: Actor, collection_id: str) -> dict[str, Any]:
        """The wire ``Collection`` a collection invite link embeds, as the caller sees it."""
        row = self._db.one("SELECT * FROM collections WHERE id = ?", (collection_id,))
        if row is None:
            raise NotFound("collection", collection_id)
        role = effective_collection_role(self._db, actor, collection_id)
        collection: dict[str, Any] = {
            "object": "collection",
            "id": row["id"],
            "title": row["title"],
            "organization": row["org_id"],
            "defaultLevel": row["default_level"] or "inherit",
            "urls": app_urls(f"{row['org_id']}/c/{row['id']}"),
            "permissions": collection_permissions(role),
        }
        if row["description"]:
            collection["description"] = row["description"]
        if row["parent_id"]:
            collection["parent"] = row["parent_id"]
        return collection
