"""The core tables every domain relies on; domain modules add their own migrations after these.

Columns hold what rules query (ids, parents, roles, positions, timestamps); ``data`` holds the
remaining settings of an object as JSON, so that new optional fields need no migration.
"""

from __future__ import annotations

from gitbook_mcp.local.store.db import Migration

__all__ = ["CORE_MIGRATIONS"]

CORE_MIGRATIONS: list[Migration] = [
    (
        "core-0001-identity",
        """
        CREATE TABLE users (
            id TEXT PRIMARY KEY,
            display_name TEXT NOT NULL,
            email TEXT NOT NULL UNIQUE,
            photo_url TEXT
        );
        CREATE TABLE api_tokens (
            token TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE
        );
        CREATE TABLE organizations (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            created_at TEXT NOT NULL,
            data TEXT NOT NULL DEFAULT '{}'
        );
        CREATE TABLE members (
            org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role TEXT,
            joined_at TEXT NOT NULL,
            last_seen_at TEXT,
            disabled INTEGER NOT NULL DEFAULT 0,
            sso INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (org_id, user_id)
        );
        CREATE INDEX members_user ON members(user_id);
        CREATE TABLE teams (
            id TEXT PRIMARY KEY,
            org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX teams_org ON teams(org_id);
        CREATE TABLE team_members (
            team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
            PRIMARY KEY (team_id, user_id)
        );
        """,
    ),
    (
        "core-0002-content-containers",
        """
        CREATE TABLE collections (
            id TEXT PRIMARY KEY,
            org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
            parent_id TEXT REFERENCES collections(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            description TEXT,
            default_level TEXT,
            position REAL NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        );
        CREATE INDEX collections_org ON collections(org_id, parent_id);
        CREATE TABLE spaces (
            id TEXT PRIMARY KEY,
            org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
            parent_id TEXT REFERENCES collections(id) ON DELETE SET NULL,
            title TEXT NOT NULL,
            emoji TEXT,
            visibility TEXT NOT NULL DEFAULT 'private',
            edit_mode TEXT NOT NULL DEFAULT 'live',
            language TEXT,
            default_level TEXT,
            position REAL NOT NULL DEFAULT 0,
            revision_id TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            deleted_at TEXT,
            data TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX spaces_org ON spaces(org_id, parent_id);
        CREATE TABLE grants (
            target_kind TEXT NOT NULL CHECK (target_kind IN ('space', 'collection')),
            target_id TEXT NOT NULL,
            principal_kind TEXT NOT NULL CHECK (principal_kind IN ('user', 'team')),
            principal_id TEXT NOT NULL,
            role TEXT,
            PRIMARY KEY (target_kind, target_id, principal_kind, principal_id)
        );
        CREATE INDEX grants_principal ON grants(principal_kind, principal_id);
        """,
    ),
    (
        "core-0003-meta",
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """,
    ),
]
