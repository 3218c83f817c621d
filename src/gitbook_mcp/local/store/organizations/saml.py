"""SAML single sign-on providers of an organization, and the SSO logins they offer.

Every provider operation, reads included, needs organization.admin; the list of SSO logins is
open to any member. A provider is ``active`` once its SSO URL, entity ID and certificate are
all set, ``pending`` before; only active providers offer a login. Until its SSO URL is set a
provider shows ``about:blank`` there, as the wire field is a required URI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.organizations.common import TablePart, org_access
from gitbook_mcp.local.store.organizations.render import render_team
from gitbook_mcp.local.store.organizations.table import OrgTable
from gitbook_mcp.local.store.urls import APP_URL

if TYPE_CHECKING:
    import sqlite3


__all__ = ["SAML_FIELDS", "UNSET_URL", "SamlStore"]

_PROVIDERS = OrgTable("saml_providers", "SAML provider")

UNSET_URL = "about:blank"
"""What ``ssoURL`` reads while it has not been set."""

SAML_FIELDS = {
    "label": "label",
    "entityID": "entity_id",
    "certificate": "certificate",
    "ssoURL": "sso_url",
    "defaultTeam": "default_team",
    "defaultRole": "default_role",
}
"""Wire field -> column."""


class SamlStore(TablePart):
    rows, read = _PROVIDERS, "admin"

    def render(self, actor: Actor, row: sqlite3.Row, role: str | None) -> dict[str, Any]:  # noqa: ARG002 - OrgTable's render signature
        base = _service_base(row)
        provider: dict[str, Any] = {
            "object": "saml-provider",
            "id": row["id"],
            "label": row["label"],
            "ssoURL": row["sso_url"] or UNSET_URL,
            "entityID": row["entity_id"],
            "certificate": row["certificate"],
            "defaultRole": row["default_role"],
            "createdAt": row["created_at"],
            "status": "active" if _is_active(row) else "pending",
            "service": {"acsURL": f"{base}/acs", "startURL": f"{base}/start", "entityID": base},
            "urls": {"location": f"{APP_URL}/o/{row['org_id']}/settings/saml/{row['id']}"},
        }
        if row["default_team"]:
            provider["defaultTeam"] = render_team(self._db, actor, row["default_team"])
        return provider

    def create(
        self, actor: Actor, org_id: str, fields: dict[str, Any], *, ident: str | None = None
    ) -> dict[str, Any]:
        """A provider from wire ``fields`` (``label`` required); ``defaultRole`` defaults to read.

        ``defaultTeam`` must be a team of the organization (400 otherwise).
        """
        org_access(self._db, actor, org_id, "admin")
        if not fields.get("label"):
            raise Invalid("label", "is required in the body")
        values = {"defaultRole": "read", **fields}
        self._check_team(org_id, values.get("defaultTeam"))
        provider_id = ident or new_id("saml_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO saml_providers(id, org_id, label, entity_id, certificate, sso_url, "
                "default_team, default_role, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    provider_id,
                    org_id,
                    values["label"],
                    values.get("entityID") or "",
                    values.get("certificate") or "",
                    values.get("ssoURL") or "",
                    values.get("defaultTeam"),
                    values["defaultRole"],
                    self._clock.stamp(),
                ),
            )
        return self.get(actor, org_id, provider_id)

    def update(
        self, actor: Actor, org_id: str, provider_id: str, fields: dict[str, Any]
    ) -> dict[str, Any]:
        """Change the given wire ``fields``; a null ``defaultTeam`` clears it."""
        org_access(self._db, actor, org_id, "admin")
        _PROVIDERS.row(self._db, org_id, provider_id)
        self._check_team(org_id, fields.get("defaultTeam"))
        changes = {SAML_FIELDS[k]: v for k, v in fields.items() if k in SAML_FIELDS}
        with self._db.transaction():
            _PROVIDERS.update(self._db, org_id, provider_id, changes)
        return self.get(actor, org_id, provider_id)

    def logins(self, actor: Actor, org_id: str) -> list[dict[str, Any]]:
        """``{id, label, startURL}`` of each active provider, oldest first (any member)."""
        org_access(self._db, actor, org_id)
        rows = self._db.all(
            "SELECT * FROM saml_providers WHERE org_id = ? ORDER BY rowid", (org_id,)
        )
        return [
            {"id": r["id"], "label": r["label"], "startURL": f"{_service_base(r)}/start"}
            for r in rows
            if _is_active(r)
        ]

    def _check_team(self, org_id: str, team_id: Any) -> None:
        if team_id is None:
            return
        found = self._db.scalar(
            "SELECT 1 FROM teams WHERE id = ? AND org_id = ?", (team_id, org_id)
        )
        if found is None:
            raise Invalid("defaultTeam", f"no team {team_id!r} in the organization")


def _service_base(row: sqlite3.Row) -> str:
    return f"{APP_URL}/saml/{row['org_id']}/{row['id']}"


def _is_active(row: sqlite3.Row) -> bool:
    return bool(row["sso_url"] and row["entity_id"] and row["certificate"])
