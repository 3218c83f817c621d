-- The sites domain's tables: sites, section groups, sections, site spaces, redirects and MCP
-- servers. A redirect's target section or site space is also a column, so that removing the
-- target removes the redirects that lead to it (a redirect always resolves).

CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    title TEXT NOT NULL CHECK (length(title) BETWEEN 2 AND 128),
    basename TEXT NOT NULL CHECK (length(basename) BETWEEN 1 AND 100),
    type TEXT NOT NULL DEFAULT 'premium' CHECK (type IN
        ('basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium')),
    visibility TEXT NOT NULL DEFAULT 'public'
        CHECK (visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')),
    published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
    created_at TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    UNIQUE (org_id, basename)
);
CREATE INDEX sites_org ON sites(org_id, created_at);
CREATE TABLE site_section_groups (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
    icon TEXT,
    position REAL NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX site_section_groups_site ON site_section_groups(site_id, position);
CREATE TABLE site_sections (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    group_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
    position REAL NOT NULL,
    title TEXT NOT NULL CHECK (length(title) BETWEEN 2 AND 128),
    path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 100),
    icon TEXT,
    description TEXT,
    condition TEXT CHECK (condition IS NULL OR length(condition) BETWEEN 1 AND 1024),
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at TEXT NOT NULL,
    UNIQUE (site_id, path)
);
CREATE UNIQUE INDEX site_sections_one_default ON site_sections(site_id)
    WHERE is_default = 1;
CREATE INDEX site_sections_group ON site_sections(group_id);
CREATE TABLE site_spaces (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
    space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
    path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 100),
    condition TEXT CHECK (condition IS NULL OR length(condition) BETWEEN 1 AND 1024),
    position REAL NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX site_spaces_path ON site_spaces(site_id, ifnull(section_id, ''), path);
CREATE UNIQUE INDEX site_spaces_one_default
    ON site_spaces(site_id, ifnull(section_id, '')) WHERE is_default = 1;
CREATE INDEX site_spaces_section ON site_spaces(section_id, position);
CREATE INDEX site_spaces_space ON site_spaces(space_id);
CREATE TRIGGER site_spaces_keep_a_default AFTER DELETE ON site_spaces
WHEN OLD.is_default = 1
BEGIN
    UPDATE site_spaces SET is_default = 1 WHERE id = (
        SELECT id FROM site_spaces
        WHERE site_id = OLD.site_id AND section_id IS OLD.section_id
        ORDER BY position, id LIMIT 1
    );
END;
-- Redirects: only the columns that redirects_live.sql copies. That later migration declares the
-- table (its constraints and indexes), rebuilding it alike on new files and on older ones.
CREATE TABLE site_redirects (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL,
    source TEXT NOT NULL,
    destination TEXT NOT NULL,
    section_id TEXT,
    site_space_id TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE site_mcp_servers (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    url TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
    headers TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
CREATE INDEX site_mcp_servers_site ON site_mcp_servers(site_id, created_at);
