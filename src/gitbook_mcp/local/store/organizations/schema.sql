-- The organizations domain's tables: organizations, members, teams, invite links, SAML
-- providers, custom fonts and OpenAPI specs.

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
CREATE TABLE org_invite_links (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    target_kind TEXT NOT NULL DEFAULT 'organization'
        CHECK (target_kind IN ('organization', 'space', 'collection')),
    target_id TEXT,
    role TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX org_invite_links_org ON org_invite_links(org_id);
CREATE TABLE saml_providers (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    entity_id TEXT NOT NULL DEFAULT '',
    certificate TEXT NOT NULL DEFAULT '',
    sso_url TEXT NOT NULL DEFAULT '',
    default_team TEXT REFERENCES teams(id) ON DELETE SET NULL,
    default_role TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX saml_providers_org ON saml_providers(org_id);
CREATE TABLE custom_fonts (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    font_family TEXT NOT NULL,
    faces TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX custom_fonts_org ON custom_fonts(org_id);
CREATE TABLE openapi_specs (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    source_url TEXT,
    source_text TEXT,
    visibility TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public')),
    processing_state TEXT NOT NULL DEFAULT 'pending',
    last_version TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (org_id, slug)
);
