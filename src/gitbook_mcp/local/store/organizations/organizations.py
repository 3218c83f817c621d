"""Organizations: their settings, and the sub-stores for members, invites, teams, SAML, fonts, specs.

`OrgStore` renders the wire ``Organization`` and ``Member`` objects other domains embed, and
composes one object per concern: ``members``, ``invites``, ``teams``, ``saml``, ``fonts``,
``openapi``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, NotFound
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role
from gitbook_mcp.local.store.db import dumps, loads
from gitbook_mcp.local.store.organizations.common import org_access, tables
from gitbook_mcp.local.store.organizations.fonts import FontStore
from gitbook_mcp.local.store.organizations.invites import InviteStore
from gitbook_mcp.local.store.organizations.members import MemberStore
from gitbook_mcp.local.store.organizations.openapi_specs import OpenAPISpecStore
from gitbook_mcp.local.store.organizations.saml import SamlStore
from gitbook_mcp.local.store.organizations.teams import TeamStore
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.urls import app_urls

if TYPE_CHECKING:
    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.identity.identity import IdentityStore
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["ORG_SETTINGS", "OrgStore"]

ORG_SETTINGS = ("emailDomains", "hostname", "defaultRole", "defaultContent", "logo", "sso", "ai")
"""Settings kept in the organization's ``data`` JSON (``title`` has its own column)."""


class OrgStore(StorePart):
    """Organizations, and through its attributes every organization administration concern."""

    def __init__(
        self, db: Database, clock: Clock, identity: IdentityStore, spaces: SpaceRows
    ) -> None:
        super().__init__(db, clock)
        self.members = MemberStore(db, clock, identity, spaces)
        self.invites = InviteStore(db, clock, identity, spaces)
        self.teams = TeamStore(db, clock, identity)
        self.saml = SamlStore(db, clock)
        self.fonts = FontStore(db, clock)
        self.openapi = OpenAPISpecStore(db, clock)

    # -- rendering (embedded by other domains) ------------------------------------------------

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
            "urls": app_urls(row["id"]),
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
        return self.members.render(org_id, user_id)

    # -- organizations --------------------------------------------------------------------

    def list_organizations(self, actor: Actor, *, paging: PageWindow) -> dict[str, Any]:
        """The caller's organizations (active memberships), oldest first."""
        rows = self._db.all(
            "SELECT o.id, o.created_at FROM organizations o JOIN members m ON m.org_id = o.id "
            "WHERE m.user_id = ? AND m.disabled = 0",
            (actor.user_id,),
        )
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["id"]),
            paging=paging,
            render=lambda r: self.render_organization(actor, r["id"]),
        )

    def organizations_for_email_domain(self, actor: Actor, domain: str) -> list[dict[str, Any]]:
        """The caller's organizations whose email domains include ``domain`` (any case)."""
        wanted = domain.strip().lower()
        found: list[dict[str, Any]] = []
        rows = self._db.all(
            "SELECT o.id, o.data FROM organizations o JOIN members m ON m.org_id = o.id "
            "WHERE m.user_id = ? AND m.disabled = 0 ORDER BY o.created_at, o.id",
            (actor.user_id,),
        )
        for row in rows:
            domains = (loads(row["data"]) or {}).get("emailDomains") or []
            if wanted in {str(d).lower() for d in domains}:
                found.append(self.render_organization(actor, row["id"]))
        return found

    def update_organization(
        self, actor: Actor, org_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Apply the settings in ``changes`` (already type-checked); needs organization.admin.

        ``defaultContent`` must reference a site of this organization (400 otherwise); null
        clears it, as null clears ``logo``.
        """
        org_access(self._db, actor, org_id, "admin")
        with self._db.transaction():
            row = self._db.one("SELECT title, data FROM organizations WHERE id = ?", (org_id,))
            if row is None:
                raise NotFound("organization", org_id)
            data = loads(row["data"]) or {}
            content = changes.get("defaultContent")
            if content is not None:
                self._check_default_content(org_id, content)
            for key in ORG_SETTINGS:
                if key in changes:
                    if changes[key] is None and key in ("defaultContent", "logo"):
                        data.pop(key, None)
                    else:
                        data[key] = changes[key]
            if "inviteLinks" in changes:
                data["inviteLinks"] = changes["inviteLinks"]
            title = changes.get("title", row["title"])
            self._db.execute(
                "UPDATE organizations SET title = ?, data = ? WHERE id = ?",
                (title, dumps(data), org_id),
            )
        return self.render_organization(actor, org_id)

    def _check_default_content(self, org_id: str, content: dict[str, Any]) -> None:
        site = content.get("site")
        if content.get("type") != "site" or not isinstance(site, str) or not site:
            raise Invalid(
                "defaultContent", "invalid default content: expected {type: 'site', site}"
            )
        if "sites" not in tables(self._db):
            raise Invalid("defaultContent", f"invalid default content: no site {site!r}")
        columns = {str(r["name"]) for r in self._db.all("PRAGMA table_info(sites)")}
        org_column = next((c for c in ("org_id", "organization_id") if c in columns), None)
        if org_column is None:
            found = self._db.scalar("SELECT 1 FROM sites WHERE id = ?", (site,))
        else:
            found = self._db.scalar(
                f"SELECT 1 FROM sites WHERE id = ? AND {org_column} = ?", (site, org_id)
            )
        if found is None:
            raise Invalid(
                "defaultContent", f"invalid default content: no site {site!r} in the organization"
            )
