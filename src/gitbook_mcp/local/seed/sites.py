"""Demo docs sites, built through the site store's own operations (so seeding obeys the rules).

``site_docs`` (acme, "Acme Docs"): sections "Guides" (default; site spaces handbook, the
default, and changelog) and "API" (site space api), a group "Reference" holding "API", five
redirects (``/quickstart`` to a handbook page deleted since) and one MCP server. ``site_globex``: one space published at the root, no sections.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.content import PAGE_INSTALL
from gitbook_mcp.local.seed.ids import ORG_ACME, ORG_GLOBEX, SITE_DOCS, SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = [
    "GROUP_REFERENCE",
    "MCP_ACME_TOOLS",
    "PAGE_QUICKSTART",
    "REDIRECTS",
    "SECTION_API",
    "SECTION_GUIDES",
    "SITE_GLOBEX",
    "SITE_SPACE_API",
    "SITE_SPACE_CHANGELOG",
    "SITE_SPACE_GLOBEX",
    "SITE_SPACE_HANDBOOK",
    "seed",
]

SITE_GLOBEX = "site_globex"
SECTION_GUIDES = "sec_guides"
SECTION_API = "sec_api"
SITE_SPACE_HANDBOOK = "ss_handbook"
SITE_SPACE_CHANGELOG = "ss_changelog"
SITE_SPACE_API = "ss_api"
SITE_SPACE_GLOBEX = "ss_globex"
GROUP_REFERENCE = "grp_reference"
MCP_ACME_TOOLS = "mcp_acme_tools"
PAGE_QUICKSTART = "pg_quickstart"
"""A handbook page deleted once ``/quickstart`` redirected to it: that redirect leads nowhere."""

REDIRECTS: dict[str, tuple[str, dict[str, str]]] = {
    "rd_old_install": ("/old-install", {"kind": "site-section", "siteSectionId": SECTION_GUIDES}),
    "rd_v1_api": ("/docs/v1/api", {"kind": "site-section", "siteSectionId": SECTION_API}),
    "rd_release_notes": (
        "/release-notes",
        {"kind": "site-space", "siteSpaceId": SITE_SPACE_CHANGELOG},
    ),
    "rd_setup": (
        "/setup",
        {"kind": "site-page", "siteSpaceId": SITE_SPACE_HANDBOOK, "pageId": PAGE_INSTALL},
    ),
    "rd_quickstart": (
        "/quickstart",
        {"kind": "site-page", "siteSpaceId": SITE_SPACE_HANDBOOK, "pageId": PAGE_QUICKSTART},
    ),
}
"""Redirect id -> (source, destination) of the demo site."""


def seed(store: Store) -> None:
    admin = Actor("usr_admin")
    sites = store.sites
    sites.create_site(ORG_ACME, SITE_DOCS, "Acme Docs", "docs", site_type="premium")
    _section(store, "handbook", "Guides", "book", SECTION_GUIDES, SITE_SPACE_HANDBOOK)
    sites.site_spaces.add(
        admin, ORG_ACME, SITE_DOCS, space_id=SPACES["changelog"], ident=SITE_SPACE_CHANGELOG
    )
    _section(store, "api", "API", "code", SECTION_API, SITE_SPACE_API)
    sites.groups.add(
        admin,
        ORG_ACME,
        SITE_DOCS,
        title="Reference",
        icon="folder",
        sections=[SECTION_API],
        ident=GROUP_REFERENCE,
    )
    revisions = store.content.revisions
    handbook = str(
        store.db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (SPACES["handbook"],))
    )
    revisions.add_page(handbook, page_id=PAGE_QUICKSTART, title="Quickstart", slug="quickstart")
    for ident, (source, destination) in REDIRECTS.items():
        sites.redirects.create(
            admin, ORG_ACME, SITE_DOCS, source=source, destination=destination, ident=ident
        )
    revisions.remove_page(handbook, PAGE_QUICKSTART)
    sites.mcp_servers.create(
        admin,
        ORG_ACME,
        SITE_DOCS,
        name="Acme Tools",
        url="https://mcp.acme.test/mcp",
        headers={"X-Docs-Team": "platform"},
        ident=MCP_ACME_TOOLS,
    )

    sites.create_site(
        ORG_GLOBEX, SITE_GLOBEX, "Globex Platform Docs", "platform", site_type="basic"
    )
    sites.site_spaces.add(
        admin, ORG_GLOBEX, SITE_GLOBEX, space_id=SPACES["globex"], ident=SITE_SPACE_GLOBEX
    )


def _section(
    store: Store, space: str, title: str, icon: str, section: str, site_space: str
) -> None:
    """A docs-site section publishing a demo space, with the fixed ids the docs and tests name."""
    store.sites.sections.add(
        Actor("usr_admin"),
        ORG_ACME,
        SITE_DOCS,
        space_id=SPACES[space],
        title=title,
        icon=icon,
        ident=section,
        site_space_ident=site_space,
    )
