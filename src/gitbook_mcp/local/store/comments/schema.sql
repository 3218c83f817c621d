-- The comments domain's tables: comments, their replies, and reactions to either.

CREATE TABLE comments (
    id TEXT PRIMARY KEY,
    space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
    change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE,
    posted_by TEXT NOT NULL REFERENCES users(id),
    posted_at TEXT NOT NULL,
    edited_at TEXT,
    markdown TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    resolved_at TEXT,
    resolved_by TEXT REFERENCES users(id),
    target TEXT NOT NULL DEFAULT '{}',
    seq INTEGER NOT NULL DEFAULT 0,
    page_id TEXT
);
CREATE INDEX comments_space ON comments(space_id, change_request_id, posted_at);
CREATE TABLE comment_replies (
    id TEXT PRIMARY KEY,
    comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
    posted_by TEXT NOT NULL REFERENCES users(id),
    posted_at TEXT NOT NULL,
    edited_at TEXT,
    markdown TEXT NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX replies_comment ON comment_replies(comment_id, posted_at);
CREATE TABLE reactions (
    subject_kind TEXT NOT NULL CHECK (subject_kind IN ('comment', 'reply')),
    subject_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id),
    emoji TEXT NOT NULL,
    reacted_at TEXT NOT NULL,
    PRIMARY KEY (subject_kind, subject_id, user_id, emoji)
);
CREATE INDEX comments_status ON comments(space_id, change_request_id, status);
CREATE INDEX comments_page ON comments(space_id, page_id);
CREATE TRIGGER comments_drop_reactions AFTER DELETE ON comments BEGIN
    DELETE FROM reactions WHERE subject_kind = 'comment' AND subject_id = OLD.id;
END;
CREATE TRIGGER comment_replies_drop_reactions AFTER DELETE ON comment_replies BEGIN
    DELETE FROM reactions WHERE subject_kind = 'reply' AND subject_id = OLD.id;
END;
