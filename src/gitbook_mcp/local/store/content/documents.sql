-- Pages hold the API's JSON document (``document``); ``markdown`` now holds the plain text the
-- search index reads. A page of an older file has no document until the store fills it in.
ALTER TABLE pages ADD COLUMN document TEXT;
