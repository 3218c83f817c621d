"""Demo users, their tokens, the two organizations and their memberships."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.ids import MEMBERSHIPS, ORG_ACME, ORG_GLOBEX, TOKENS, USERS
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
