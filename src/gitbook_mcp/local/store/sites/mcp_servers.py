"""External MCP servers of a docs site (state and rules): a name, a URL and the HTTP headers
sent to the server, offered to the site's assistant. Header values are secrets (tokens): only a
caller who administers the site's organization reads them; anyone else sees the names."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.store.access import Actor, org_permissions, org_role
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.sites.rows import MCP_SERVERS, location, site, site_row

if TYPE_CHECKING:
    import sqlite3


__all__ = ["HIDDEN_HEADER", "McpServerStore"]

HIDDEN_HEADER = "[hidden]"
"""A header value as shown to a caller who does not administer the site."""


@dataclass(eq=False, repr=False)
class McpServerStore(StorePart):
    """The external MCP servers of sites (table ``site_mcp_servers``)."""

    def render(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, Any]:
        return {
            "object": "site-mcp-server",
            "id": row["id"],
            "name": row["name"],
            "url": row["url"],
            "headers": self._headers(actor, row, site),
            "urls": {"location": location(site, f"/mcp-servers/{row['id']}")},
        }

    def _headers(self, actor: Actor, row: sqlite3.Row, site: sqlite3.Row) -> dict[str, str]:
        headers: dict[str, str] = loads(row["headers"]) or {}
        if org_permissions(org_role(self._db, actor, site["org_id"]))["admin"]:
            return headers
        return dict.fromkeys(headers, HIDDEN_HEADER)

    def one(self, actor: Actor, site_id: str, ident: str) -> dict[str, Any]:
        """One server as the API answers it."""
        db = self._db
        return self.render(actor, MCP_SERVERS.row(db, site_id, ident), site_row(db, site_id))

    def list_page(
        self, actor: Actor, org_id: str, site_id: str, *, paging: PageWindow = FIRST_PAGE
    ) -> dict[str, Any]:
        """A page of the site's servers (membership checked), oldest first."""
        order = itemgetter("created_at", "seq")
        return MCP_SERVERS.page(self._db, actor, (org_id, site_id), paging, order, self.render)

    def get(self, actor: Actor, org_id: str, site_id: str, server_id: str) -> dict[str, Any]:
        site(self._db, actor, org_id, site_id)
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
            site(self._db, actor, org_id, site_id, write=True)
            self._db.execute(
                "INSERT INTO site_mcp_servers(id, site_id, name, url, headers, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (server_id, site_id, name, url, dumps(headers or {}), self._clock.stamp()),
            )
        return self.one(actor, site_id, server_id)

    def update(
        self, actor: Actor, org_id: str, site_id: str, ident: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Change ``name``, ``url`` or ``headers`` (organization.admin; the given map replaces
        the old one)."""
        MCP_SERVERS.write(
            self._db, actor, (org_id, site_id, ident), lambda row: self._change(row, changes)
        )
        return self.one(actor, site_id, ident)

    def _change(self, row: sqlite3.Row, changes: dict[str, Any]) -> None:
        MCP_SERVERS.set_columns(self._db, row, changes, {"name": "name", "url": "url"})
        MCP_SERVERS.set_columns(self._db, row, changes, {"headers": "headers"}, encode=dumps)

    def delete(self, actor: Actor, org_id: str, site_id: str, ident: str) -> bool:
        """Delete a server (organization.admin); whether it existed."""
        return MCP_SERVERS.delete(self._db, actor, (org_id, site_id, ident))
