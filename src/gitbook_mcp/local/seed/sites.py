"""Demo docs sites, through the store: sections, a group, site spaces, redirects, an MCP server.

The ids the docs and tests name are fixed here (the store assigns the others).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.ids import ORG_ACME, ORG_GLOBEX, SITE_DOCS, SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["SECTION_API", "SECTION_GUIDES", "SITE_GLOBEX", "SITE_SPACE_HANDBOOK", "seed"]

SITE_GLOBEX = "site_globex"
SECTION_GUIDES = "sec_guides"
SECTION_API = "sec_api"
SITE_SPACE_HANDBOOK = "ss_handbook"


def seed(store: Store) -> None:
    admin = Actor("usr_admin")
    sites = store.sites
    sites.create_site(ORG_ACME, SITE_DOCS, "Acme Docs", "docs")
    sites.create_site(ORG_GLOBEX, SITE_GLOBEX, "Globex Platform Docs", "platform")
    guides = sites.sections.add_section(
        admin, ORG_ACME, SITE_DOCS, space_id=SPACES["handbook"], title="Guides", icon="book"
    )
    api = sites.sections.add_section(
        admin, ORG_ACME, SITE_DOCS, space_id=SPACES["api"], title="API", icon="code"
    )
    with store.db.transaction():
        for old, new in ((guides["id"], SECTION_GUIDES), (api["id"], SECTION_API)):
            store.db.execute("PRAGMA defer_foreign_keys = ON")
            store.db.execute("UPDATE site_sections SET id = ? WHERE id = ?", (new, old))
            store.db.execute(
                "UPDATE site_spaces SET section_id = ? WHERE section_id = ?", (new, old)
            )
        handbook_ss = guides["siteSpaces"][0]["id"]
        store.db.execute(
            "UPDATE site_spaces SET id = ? WHERE id = ?", (SITE_SPACE_HANDBOOK, handbook_ss)
        )
    changelog = sites.add_site_space(
        admin, ORG_ACME, SITE_DOCS, space_id=SPACES["changelog"], section_id=None
    )
    sites.sections.add_group(
        admin, ORG_ACME, SITE_DOCS, title="Reference", icon="folder", sections=[SECTION_API]
    )
    redirects = (
        ("/old-install", {"kind": "site-section", "siteSectionId": SECTION_GUIDES}),
        ("/docs/v1/api", {"kind": "site-section", "siteSectionId": SECTION_API}),
        ("/release-notes", {"kind": "site-space", "siteSpaceId": changelog["id"]}),
        ("/start", {"kind": "site-space", "siteSpaceId": SITE_SPACE_HANDBOOK}),
    )
    for source, destination in redirects:
        sites.links.create_redirect(
            admin, ORG_ACME, SITE_DOCS, source=source, destination=destination
        )
    sites.links.create_server(
        admin,
        ORG_ACME,
        SITE_DOCS,
        name="Acme Tools",
        url="https://mcp.acme.test/mcp",
        headers={"X-Team": "docs"},
    )
    sites.add_site_space(admin, ORG_GLOBEX, SITE_GLOBEX, space_id=SPACES["globex"], section_id=None)
