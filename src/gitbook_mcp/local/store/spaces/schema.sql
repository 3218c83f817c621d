-- The spaces domain's tables: collections, spaces and the user/team grants on either.

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
