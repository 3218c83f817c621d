"""Custom fonts of an organization: a family and one uploaded file per weight.

Any member may list and read fonts; creating, updating and deleting need organization.admin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from gitbook_mcp.local.errors import Invalid, NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import Actor, org_permissions
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.organizations.common import TablePart, org_access
from gitbook_mcp.local.store.organizations.table import OrgTable

if TYPE_CHECKING:
    import sqlite3


__all__ = ["FILES_URL", "REQUIRED_WEIGHTS", "FontStore"]

_FONTS = OrgTable("custom_fonts", "font")

REQUIRED_WEIGHTS = (400, 700)
"""Every custom font must provide its regular (400) and bold (700) faces."""
FILES_URL = "https://files.gitbook.local"


class FontStore(TablePart):
    rows = _FONTS

    def render(self, actor: Actor, row: sqlite3.Row, role: str | None) -> dict[str, Any]:  # noqa: ARG002 - OrgTable's render signature
        """The wire ``CustomizationFontDefinition``: faces by weight, one source each."""
        faces: dict[str, str] = loads(row["faces"]) or {}
        return {
            "id": row["id"],
            "custom": True,
            "fontFamily": row["font_family"],
            "fontFaces": [
                {"weight": int(weight), "sources": [self._source(row["org_id"], key)]}
                for weight, key in sorted(faces.items(), key=lambda item: int(item[0]))
            ],
            "permissions": {"edit": org_permissions(role)["admin"]},
        }

    def create(
        self,
        actor: Actor,
        org_id: str,
        font_family: str,
        faces: Sequence[tuple[int, str]],
        *,
        ident: str | None = None,
    ) -> dict[str, Any]:
        """Create a font from ``(weight, storageKey)`` faces.

        Rule: the faces must include weights 400 and 700 (412 "missing required weights"
        otherwise); a weight given twice is a 400 on ``fontFaces``.
        """
        org_access(self._db, actor, org_id, "admin")
        merged = self._merge({}, faces)
        font_id = ident or new_id("font_")
        now = self._clock.stamp()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO custom_fonts(id, org_id, font_family, faces, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (font_id, org_id, font_family, dumps(merged), now, now),
            )
        return self.get(actor, org_id, font_id)

    def update(
        self,
        actor: Actor,
        org_id: str,
        font_id: str,
        *,
        font_family: str | None = None,
        faces: Sequence[tuple[int, str | None]] | None = None,
    ) -> dict[str, Any]:
        """Rename the family and/or change faces: a storageKey sets that weight's file, null
        removes the weight. The result must still include weights 400 and 700 (412).
        """
        org_access(self._db, actor, org_id, "admin")
        with self._db.transaction():
            row = _FONTS.row(self._db, org_id, font_id)
            current: dict[str, str] = loads(row["faces"]) or {}
            merged = self._merge(current, faces or ())
            values = {
                "font_family": font_family or row["font_family"],
                "faces": dumps(merged),
                "updated_at": self._clock.stamp(),
            }
            _FONTS.update(self._db, org_id, font_id, values)
        return self.get(actor, org_id, font_id)

    def delete(self, actor: Actor, org_id: str, font_id: str) -> bool:
        """Delete the font. As documented, a missing organization *or* font answers "absent"
        (False) rather than 404; a member without organization.admin still gets 403.
        """
        try:
            return super().delete(actor, org_id, font_id)
        except NotFound:
            return False

    # -- helpers ----------------------------------------------------------------------------

    @staticmethod
    def _merge(current: dict[str, str], faces: Sequence[tuple[int, str | None]]) -> dict[str, str]:
        merged = dict(current)
        seen: set[int] = set()
        for weight, key in faces:
            if weight in seen:
                raise Invalid("fontFaces", f"weight {weight} is given more than once")
            seen.add(weight)
            if key is None:
                merged.pop(str(weight), None)
            else:
                merged[str(weight)] = key
        missing = [w for w in REQUIRED_WEIGHTS if str(w) not in merged]
        if missing:
            raise PreconditionFailed(
                "missing required weights: "
                + ", ".join(str(w) for w in missing)
                + " (a font needs weights 400 and 700)"
            )
        return merged

    @staticmethod
    def _source(org_id: str, key: str) -> dict[str, str]:
        font_format = "woff" if key.lower().endswith(".woff") else "woff2"
        url = f"{FILES_URL}/{quote(org_id, safe='')}/fonts/{quote(key, safe='/')}"
        return {"url": url, "format": font_format}
