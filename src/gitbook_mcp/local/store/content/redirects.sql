-- Space-level redirects of a Git Sync folder's .gitbook.yaml (``redirects:``), kept with the
-- revision they were imported into and copied with it, so that a change request's merge
-- publishes them with its pages. A page read by a path that names no page follows them, as
-- GitBook's page-by-path lookup does before the site's own redirects.
CREATE TABLE revision_redirects (
    revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    page_id TEXT NOT NULL,
    PRIMARY KEY (revision_id, source)
);
