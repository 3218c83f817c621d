"""Operations around the HTTP transports: metrics, request ids, limits, sessions, the edge
checks, draining and shutdown."""
