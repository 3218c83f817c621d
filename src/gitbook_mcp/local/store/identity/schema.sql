-- The identity tables every domain relies on (users, their API tokens) and meta (the seed's
-- completion mark). Columns hold what rules query; data columns elsewhere hold the remaining
-- settings of an object as JSON, so that new optional fields need no schema change.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    photo_url TEXT
);
CREATE TABLE api_tokens (
    token TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
