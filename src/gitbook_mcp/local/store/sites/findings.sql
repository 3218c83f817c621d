-- Findings of a site (live profile): one row per broken target of the published content, kept
-- so that its status (open, done, canceled...) outlives each scan.
CREATE TABLE site_findings (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    space_id TEXT NOT NULL,
    target TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('candidate', 'open', 'done', 'canceled')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (site_id, space_id, target)
);
