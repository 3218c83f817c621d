"""The demo workspace's skeleton: users, tokens, organizations, memberships, collections, spaces.

These are bootstrapped directly (the API has no operation that creates users, organizations or
spaces); every other domain seeds through its store's own methods.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from gitbook_mcp.local.clock import iso
from gitbook_mcp.local.seed.ids import (
    COLLECTIONS,
    MEMBERSHIPS,
    ORG_ACME,
    ORG_GLOBEX,
    SPACES,
    TOKENS,
    USERS,
)
from gitbook_mcp.local.store.db import dumps

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["seed"]

_ORGS = {
    ORG_ACME: (
        "Acme Docs",
        {
            "emailDomains": ["acme.test"],
            "hostname": "acme",
            "type": "business",
            "useCase": "productDocs",
            "plan": "pro",
            "inviteLinks": True,
            "defaultRole": "read",
            "sso": False,
            "ai": True,
        },
    ),
    ORG_GLOBEX: (
        "Globex Engineering",
        {
            "emailDomains": ["globex.test"],
            "hostname": "globex",
            "type": "business",
            "plan": "free",
            "inviteLinks": False,
            "defaultRole": None,
        },
    ),
}


# collection key -> (title, description, parent key)
_COLLECTIONS = {
    "product": ("Product", "Everything customers read", None),
    "guides": ("Guides", "How-to guides", "product"),
    "internal": ("Internal", "For the team only", None),
}

# space key -> (org, title, emoji, collection key, visibility)
_SPACES = {
    "handbook": (ORG_ACME, "User Handbook", "📘", "guides", "public"),
    "api": (ORG_ACME, "API Reference", "🧩", "product", "public"),
    "changelog": (ORG_ACME, "Changelog", "📰", None, "unlisted"),
    "runbooks": (ORG_ACME, "Runbooks", "🛠", "internal", "private"),
    "archive": (ORG_ACME, "Old Docs", "🗄", None, "private"),
    "globex": (ORG_GLOBEX, "Globex Platform", "🌐", None, "private"),
    "cloud": (ORG_ACME, "Cloud Guide", "🚀", None, "public"),
}


def seed(store: Store) -> None:
    now = store.now()
    for user_id, (name, email) in USERS.items():
        store.identity.create_user(user_id, name, email)
    for token, user_id in TOKENS.items():
        store.identity.add_token(token, user_id)
    with store.db.transaction():
        for org_id, (title, data) in _ORGS.items():
            store.db.execute(
                "INSERT INTO organizations(id, title, created_at, data) VALUES (?, ?, ?, ?)",
                (org_id, title, now, dumps(data)),
            )
            for user_id, role in MEMBERSHIPS[org_id].items():
                store.db.execute(
                    "INSERT INTO members(org_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
                    (org_id, user_id, role, now),
                )
    with store.db.transaction():
        for position, (key, (title, description, parent)) in enumerate(_COLLECTIONS.items()):
            store.db.execute(
                "INSERT INTO collections(id, org_id, parent_id, title, description, position, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    COLLECTIONS[key],
                    ORG_ACME,
                    COLLECTIONS[parent] if parent else None,
                    title,
                    description,
                    float(position),
                    now,
                ),
            )
        deleted_at = iso(store.clock.now() - timedelta(days=2))
        for position, (key, (org_id, title, emoji, parent, visibility)) in enumerate(
            _SPACES.items()
        ):
            store.db.execute(
                "INSERT INTO spaces(id, org_id, parent_id, title, emoji, visibility, position, "
                "created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    SPACES[key],
                    org_id,
                    COLLECTIONS[parent] if parent else None,
                    title,
                    emoji,
                    visibility,
                    10.0 + position,
                    now,
                    now,
                    deleted_at if key == "archive" else None,
                ),
            )
