"""OpenAPI specs of an organization, addressed by slug, fed from a URL or from text.

Any member may list and read specs; writes need organization.createOpenAPISpec. The local
workspace does not process specs: each create or update records a new version and leaves the
spec ``pending``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor, org_permissions
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.organizations.common import TablePart, org_access
from gitbook_mcp.local.store.organizations.table import OrgTable
from gitbook_mcp.local.store.urls import app_urls

if TYPE_CHECKING:
    import sqlite3


__all__ = ["SLUG_RE", "SPEC_VISIBILITIES", "OpenAPISpecStore", "SpecSource"]

_SPECS = OrgTable("openapi_specs", "OpenAPI spec", key="slug", order="slug")

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SPEC_VISIBILITIES = ("private", "public")

SpecSource = tuple[str | None, str | None]
"""``(url, text)``: exactly one is set."""


class OpenAPISpecStore(TablePart):
    rows, write = _SPECS, "createOpenAPISpec"

    def render(self, actor: Actor, row: sqlite3.Row, role: str | None) -> dict[str, Any]:  # noqa: ARG002 - OrgTable's render signature
        can_write = org_permissions(role)["createOpenAPISpec"]
        spec: dict[str, Any] = {
            "object": "openapi-spec",
            "id": row["id"],
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            "slug": row["slug"],
            "processingState": row["processing_state"],
            "visibility": row["visibility"],
            "permissions": {"view": True, "edit": can_write, "delete": can_write},
            "urls": app_urls(f"{row['org_id']}/openapi/{row['slug']}"),
        }
        if row["source_url"]:
            spec["sourceURL"] = row["source_url"]
        if row["last_version"]:
            spec["lastVersion"] = row["last_version"]
        if row["visibility"] == "public":
            spec["urls"]["published"] = f"https://{row['org_id']}.gitbook.io/openapi/{row['slug']}"
        return spec

    def create(self, actor: Actor, org_id: str, slug: str, source: SpecSource) -> dict[str, Any]:
        """A new spec; 400 on ``slug`` when malformed or already used in the organization."""
        org_access(self._db, actor, org_id, "createOpenAPISpec")
        _check_slug(slug)
        with self._db.transaction():
            if _SPECS.find(self._db, org_id, slug) is not None:
                raise Invalid("slug", f"{slug!r} is already used by another spec")
            self._insert(org_id, slug, source)
        return self.get(actor, org_id, slug)

    def put(
        self, actor: Actor, org_id: str, slug: str, source: SpecSource
    ) -> tuple[dict[str, Any], bool]:
        """Create the spec at ``slug`` or replace its source; returns (spec, created)."""
        org_access(self._db, actor, org_id, "createOpenAPISpec")
        _check_slug(slug)
        with self._db.transaction():
            row = _SPECS.find(self._db, org_id, slug)
            if row is None:
                self._insert(org_id, slug, source)
            else:
                values = {
                    "source_url": source[0],
                    "source_text": source[1],
                    "processing_state": "pending",
                    "last_version": new_id("ver_"),
                    "updated_at": self._clock.stamp(),
                }
                _SPECS.update(self._db, org_id, slug, values)
        return self.get(actor, org_id, slug), row is None

    def set_visibility(
        self, actor: Actor, org_id: str, slug: str, visibility: str
    ) -> dict[str, Any]:
        org_access(self._db, actor, org_id, "createOpenAPISpec")
        with self._db.transaction():
            _SPECS.row(self._db, org_id, slug)
            values = {"visibility": visibility, "updated_at": self._clock.stamp()}
            _SPECS.update(self._db, org_id, slug, values)
        return self.get(actor, org_id, slug)

    # -- helpers ----------------------------------------------------------------------------

    def _insert(self, org_id: str, slug: str, source: SpecSource) -> None:
        now = self._clock.stamp()
        self._db.execute(
            "INSERT INTO openapi_specs(id, org_id, slug, source_url, source_text, last_version, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (new_id("spec_"), org_id, slug, *source, new_id("ver_"), now, now),
        )


def _check_slug(slug: str) -> None:
    if not 1 <= len(slug) <= 100:
        raise Invalid("slug", "must be 1 to 100 characters")
    if not SLUG_RE.fullmatch(slug):
        raise Invalid("slug", f"must match the pattern {SLUG_RE.pattern}")
