-- The content domain's tables: revisions, pages, files, and the full-text index of the pages
-- of published revisions (kept by triggers).

CREATE TABLE revisions (
    id TEXT PRIMARY KEY,
    space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
    parent_id TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE pages (
    revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    parent_id TEXT,
    position REAL NOT NULL DEFAULT 0,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    path TEXT NOT NULL,
    emoji TEXT,
    description TEXT,
    markdown TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, hidden INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (revision_id, id)
);
CREATE INDEX pages_path ON pages(revision_id, path);
CREATE TABLE files (
    revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL DEFAULT 0,
    width INTEGER,
    height INTEGER,
    PRIMARY KEY (revision_id, id)
);
CREATE VIRTUAL TABLE pages_fts USING fts5(
    revision_id UNINDEXED, page_id UNINDEXED, title, markdown, tokenize = 'porter unicode61'
);
CREATE TRIGGER pages_fts_insert AFTER INSERT ON pages
WHEN new.revision_id IN (SELECT revision_id FROM spaces)
BEGIN
    INSERT INTO pages_fts(revision_id, page_id, title, markdown)
    VALUES (new.revision_id, new.id, new.title, new.markdown);
END;
CREATE TRIGGER pages_fts_update AFTER UPDATE OF title, markdown ON pages
WHEN new.revision_id IN (SELECT revision_id FROM spaces)
BEGIN
    DELETE FROM pages_fts WHERE revision_id = old.revision_id AND page_id = old.id;
    INSERT INTO pages_fts(revision_id, page_id, title, markdown)
    VALUES (new.revision_id, new.id, new.title, new.markdown);
END;
CREATE TRIGGER pages_fts_delete AFTER DELETE ON pages
WHEN old.revision_id IN (SELECT revision_id FROM spaces)
BEGIN
    DELETE FROM pages_fts WHERE revision_id = old.revision_id AND page_id = old.id;
END;
CREATE TRIGGER spaces_fts_revision AFTER UPDATE OF revision_id ON spaces
BEGIN
    DELETE FROM pages_fts WHERE revision_id = old.revision_id;
    INSERT INTO pages_fts(revision_id, page_id, title, markdown)
    SELECT revision_id, id, title, markdown FROM pages WHERE revision_id = new.revision_id;
END;
CREATE TRIGGER spaces_fts_delete AFTER DELETE ON spaces
BEGIN
    DELETE FROM pages_fts WHERE revision_id = old.revision_id;
END;
