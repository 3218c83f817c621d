"""The demo organization administration: teams, invite links, SAML, fonts, OpenAPI specs.

Everything goes through the org store's own methods (as the demo admin, or as the member
being pinged), so seeding exercises the same rules as the API. Ids are fixed for docs and tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.ids import ORG_ACME
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = [
    "FONT_BRAND",
    "FONT_MONO",
    "INVITE_EDIT",
    "INVITE_READ",
    "SAML_OKTA",
    "SPEC_INTERNAL",
    "SPEC_PETSTORE",
    "TEAM_SUPPORT",
    "TEAM_WRITERS",
    "seed",
]

TEAM_WRITERS = "team_writers"
"""Writers: usr_editor (owner) and usr_dana (member)."""
TEAM_SUPPORT = "team_support"
"""Support: usr_sam (member)."""
INVITE_READ = "inv_read"
INVITE_EDIT = "inv_edit"
SAML_OKTA = "saml_okta"
"""An active provider whose new users join the Support team with the read role."""
FONT_BRAND = "font_brand"
FONT_MONO = "font_mono"
SPEC_PETSTORE = "petstore"
"""Public spec, fed from a URL."""
SPEC_INTERNAL = "internal-api"
"""Private spec, fed from text."""

_PETSTORE_URL = "https://petstore3.swagger.io/api/v3/openapi.json"
_INTERNAL_TEXT = "openapi: 3.0.3\ninfo:\n  title: Acme internal API\n  version: 1.0.0\npaths: {}\n"


def seed(store: Store) -> None:
    admin = Actor("usr_admin")
    orgs = store.orgs
    orgs.teams.create(admin, ORG_ACME, "Writers", ["usr_editor", "usr_dana"], ident=TEAM_WRITERS)
    orgs.teams.put_member(admin, ORG_ACME, TEAM_WRITERS, "usr_editor", "owner")
    orgs.teams.create(admin, ORG_ACME, "Support", ["usr_sam"], ident=TEAM_SUPPORT)

    orgs.invites.create_link(admin, ORG_ACME, "read", ident=INVITE_READ)
    orgs.invites.create_link(admin, ORG_ACME, "edit", ident=INVITE_EDIT)

    orgs.saml.create(
        admin,
        ORG_ACME,
        {
            "label": "Okta",
            "entityID": "http://www.okta.com/exk-acme",
            "certificate": "MIIDpDCCAoygAwIBAgIGAYacmeDemoCertificate",
            "ssoURL": "https://acme.okta.test/app/acme/sso/saml",
            "defaultTeam": TEAM_SUPPORT,
            "defaultRole": "read",
        },
        ident=SAML_OKTA,
    )

    orgs.fonts.create(
        admin,
        ORG_ACME,
        "Acme Sans",
        [(400, "fonts/acme-sans-regular.woff2"), (700, "fonts/acme-sans-bold.woff2")],
        ident=FONT_BRAND,
    )
    orgs.fonts.create(
        admin,
        ORG_ACME,
        "Acme Mono",
        [
            (400, "fonts/acme-mono-regular.woff"),
            (500, "fonts/acme-mono-medium.woff"),
            (700, "fonts/acme-mono-bold.woff"),
        ],
        ident=FONT_MONO,
    )

    orgs.openapi.create(admin, ORG_ACME, SPEC_PETSTORE, (_PETSTORE_URL, None))
    orgs.openapi.set_visibility(admin, ORG_ACME, SPEC_PETSTORE, "public")
    orgs.openapi.create(admin, ORG_ACME, SPEC_INTERNAL, (None, _INTERNAL_TEXT))

    for user_id in ("usr_admin", "usr_editor", "usr_dana"):
        orgs.members.ping(Actor(user_id), ORG_ACME)
