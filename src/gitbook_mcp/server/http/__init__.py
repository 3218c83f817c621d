"""The HTTP edge: the transports, the operational middleware (`ops/`) and authentication (`auth/`)."""
