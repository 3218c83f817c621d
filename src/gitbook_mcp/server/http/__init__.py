"""The HTTP edge: the transports (`transports`), the operations around them (`ops/`) and each
caller's own token (`auth/`)."""
