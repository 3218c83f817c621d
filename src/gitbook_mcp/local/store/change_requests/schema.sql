-- The change-request domain's tables: change requests and their reviews, requested reviewers
-- and edit contributions. Applied as part of the content domain's migration (see schema.py).

CREATE TABLE change_requests (
    id TEXT PRIMARY KEY,
    space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    subject TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'open', 'merged', 'archived')),
    created_by TEXT REFERENCES users(id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    revision_id TEXT NOT NULL REFERENCES revisions(id),
    initial_revision_id TEXT NOT NULL REFERENCES revisions(id), merged_revision_id TEXT REFERENCES revisions(id),
    UNIQUE (space_id, number)
);
CREATE TABLE change_request_reviews (
    id TEXT PRIMARY KEY,
    change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
    revision_id TEXT NOT NULL,
    reviewer_id TEXT NOT NULL REFERENCES users(id),
    requested_by TEXT REFERENCES users(id),
    status TEXT NOT NULL CHECK (status IN ('approved', 'changes-requested')),
    comment_markdown TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE change_request_reviewers (
    change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    revision_id TEXT NOT NULL,
    requested_by TEXT NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (change_request_id, user_id)
);
CREATE TABLE change_request_edits (
    change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    count INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (change_request_id, user_id)
);
