"""Fixed ids and tokens of the demo workspace, shared by every seed module and the docs."""

from __future__ import annotations

__all__ = [
    "COLLECTIONS",
    "ORG_ACME",
    "ORG_GLOBEX",
    "SITE_DOCS",
    "SPACES",
    "TOKENS",
    "USERS",
]

ORG_ACME = "org_acme"
"""The main demo organization: every demo user is a member, with the role its name says."""
ORG_GLOBEX = "org_globex"
"""A second organization, where only the admin and the editor are members (both admins)."""

USERS: dict[str, tuple[str, str]] = {
    "usr_admin": ("Ada Admin", "ada@acme.test"),
    "usr_editor": ("Eddie Editor", "eddie@acme.test"),
    "usr_commenter": ("Cora Commenter", "cora@acme.test"),
    "usr_reader": ("Reed Reader", "reed@acme.test"),
    "usr_dana": ("Dana Docs", "dana@acme.test"),
    "usr_sam": ("Sam Support", "sam@acme.test"),
}

TOKENS: dict[str, str] = {
    "gb_local_admin": "usr_admin",
    "gb_local_editor": "usr_editor",
    "gb_local_commenter": "usr_commenter",
    "gb_local_reader": "usr_reader",
}

MEMBERSHIPS: dict[str, dict[str, str]] = {
    ORG_ACME: {
        "usr_admin": "admin",
        "usr_editor": "edit",
        "usr_commenter": "comment",
        "usr_reader": "read",
        "usr_dana": "create",
        "usr_sam": "review",
    },
    ORG_GLOBEX: {"usr_admin": "admin", "usr_editor": "admin"},
}

COLLECTIONS = {
    "product": "col_product",  # top level in acme
    "guides": "col_guides",  # nested in product
    "internal": "col_internal",  # top level in acme
}

SPACES = {
    "handbook": "spc_handbook",  # in guides: the main content space, with change requests
    "api": "spc_api",  # in product: API reference
    "changelog": "spc_changelog",  # top level in acme
    "runbooks": "spc_runbooks",  # in internal
    "archive": "spc_archive",  # deleted two days before seeding
    "globex": "spc_globex",  # in the second organization
    "cloud": "spc_cloud",  # top level in acme: real GitBook content, every block type
}

SITE_DOCS = "site_docs"
"""The docs site of acme, with sections, a section group, site spaces, redirects, MCP server."""
