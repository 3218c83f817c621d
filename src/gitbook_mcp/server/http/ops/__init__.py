"""Operations around the HTTP transports: metrics, request ids, limits and draining."""
