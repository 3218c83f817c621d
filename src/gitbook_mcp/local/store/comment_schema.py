"""The comment tables: threads, replies and reactions (applied after the content domain's, whose
``change_requests`` they reference)."""

from __future__ import annotations

from gitbook_mcp.local.store.db import Migration

__all__ = ["MIGRATIONS"]

MIGRATIONS: list[Migration] = [
    (
        "comments-0001-threads",
        """
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
            target TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX comments_space ON comments(space_id, change_request_id, posted_at);
        CREATE TABLE comment_replies (
            id TEXT PRIMARY KEY,
            comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
            posted_by TEXT NOT NULL REFERENCES users(id),
            posted_at TEXT NOT NULL,
            edited_at TEXT,
            markdown TEXT NOT NULL
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
        """,
    ),
    (
        "comments-0002-order-page-cleanup",
        # seq: insertion order, the tie-break of equal timestamps in lists; page_id: the target
        # page, for the targetPage filter and the live page target; reactions follow their
        # comment or reply out (also when a space or change request takes them by cascade).
        """
        ALTER TABLE comments ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
        UPDATE comments SET seq = rowid;
        ALTER TABLE comments ADD COLUMN page_id TEXT;
        UPDATE comments SET page_id = json_extract(target, '$.page.id');
        ALTER TABLE comment_replies ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
        UPDATE comment_replies SET seq = rowid;
        CREATE INDEX comments_status ON comments(space_id, change_request_id, status);
        CREATE INDEX comments_page ON comments(space_id, page_id);
        DELETE FROM reactions WHERE subject_kind = 'comment'
            AND subject_id NOT IN (SELECT id FROM comments);
        DELETE FROM reactions WHERE subject_kind = 'reply'
            AND subject_id NOT IN (SELECT id FROM comment_replies);
        CREATE TRIGGER comments_drop_reactions AFTER DELETE ON comments BEGIN
            DELETE FROM reactions WHERE subject_kind = 'comment' AND subject_id = OLD.id;
        END;
        CREATE TRIGGER comment_replies_drop_reactions AFTER DELETE ON comment_replies BEGIN
            DELETE FROM reactions WHERE subject_kind = 'reply' AND subject_id = OLD.id;
        END;
        """,
    ),
]
