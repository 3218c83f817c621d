"""External MCP servers of a docs site (state and rules): a name, a URL and the HTTP headers
sent to the server, offered to the site's assistant. Header values are secrets (tokens): only a
caller who administers the site's organization reads them; anyone else sees the names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.store.access import Actor, org_permissions, org_role
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.sites.part import RenderedPart

if TYPE_CHECKING:
    import sqlite3


__all__ = ["HIDDEN_HEADER", "McpServerStore"]

HIDDEN_HEADER = "[hidden]"
"""A header value as shown to a caller who does not administer the site."""


class McpServerStore(RenderedPart):
    table, kind = "site_mcp_servers", "MCP server"

    def render(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, Any]:
        return {
            "object": "site-mcp-server",
            "id": row["id"],
            "name": row["name"],
            "url": row["url"],
            "headers": self._headers(actor, row, site),
            "urls": {"location": self.location(site, f"/mcp-servers/{row['id']}")},
        }

    def _headers(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, str]:
        headers: dict[str, str] = loads(row["headers"]) or {}
        if org_permissions(org_role(self._db, actor, site["org_id"]))["admin"]:
            return headers
        return dict.fromkeys(headers, HIDDEN_HEADER)

    def order(self, row: sqlite3.Row) -> tuple[Any, ...]:
        """Oldest first."""
        return (row["created_at"], row["seq"])

    def get(self, actor: Actor, org_id: str, site_id: str, server_id: str) -> dict[str, Any]:
        self.site(actor, org_id, site_id)
        return self.one(actor, site_id, server_id)

    def create(
        self,
        actor: Actor,
        org_id: str,
        site_id: str,
        *,
        name: str,
        url: str,
        headers: dict[str, str] | None = None,
        ident: str | None = None,
    ) -> dict[str, Any]:
        server_id = ident or new_id("mcp_")
        with self._db.transaction():
            self.site(actor, org_id, site_id, write=True)
            self._db.execute(
                "INSERT INTO site_mcp_servers(id, site_id, name, url, headers, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (server_id, site_id, name, url, dumps(headers or {}), self._clock.stamp()),
            )
        return self.one(actor, site_id, server_id)

    def change(self, site: sqlite3.Row, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        """``name``, ``url`` or ``headers`` (the given map replaces the old one)."""
        self.set_columns(row, changes, {"name": "name", "url": "url"})
        self.set_columns(row, changes, {"headers": "headers"}, encode=dumps)
