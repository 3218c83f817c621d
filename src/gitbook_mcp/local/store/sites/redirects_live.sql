-- Redirects of the live profile (0.202.0): external destinations (no section or site space),
-- wildcard sources, permanent and draft redirects. A source has at most one live and one draft
-- redirect. SQLite cannot change a table's constraints, so the table is rebuilt; this is where it
-- is declared (schema.sql keeps only the columns copied from it).
CREATE TABLE site_redirects_live (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    source TEXT NOT NULL CHECK (length(source) BETWEEN 2 AND 512),
    destination TEXT NOT NULL,
    section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
    site_space_id TEXT REFERENCES site_spaces(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    capture_wildcard INTEGER NOT NULL DEFAULT 0,
    permanent INTEGER NOT NULL DEFAULT 0,
    draft INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, source, draft),
    CHECK (section_id IS NULL OR site_space_id IS NULL)
);
INSERT INTO site_redirects_live(id, site_id, source, destination, section_id, site_space_id,
    created_at)
    SELECT id, site_id, source, destination, section_id, site_space_id, created_at
    FROM site_redirects;
DROP TABLE site_redirects;
ALTER TABLE site_redirects_live RENAME TO site_redirects;
CREATE INDEX site_redirects_section ON site_redirects(section_id);
CREATE INDEX site_redirects_site_space ON site_redirects(site_space_id);
