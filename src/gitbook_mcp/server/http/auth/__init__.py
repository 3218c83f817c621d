"""Each caller's own token over HTTP (``--auth upstream``): verification, metadata, callers."""
