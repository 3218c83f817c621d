"""The one rule that turns a caller's token into a key for caches, limits and logs.

A key is the SHA-256 of the token, in hex, truncated to `KEY_LENGTH` characters (128 bits): it
tells callers apart without ever holding, logging or labelling the token itself.
"""

from __future__ import annotations

import hashlib
from contextvars import ContextVar

__all__ = ["CALLER_KEY", "KEY_LENGTH", "caller_key"]

KEY_LENGTH = 32
"""Hex characters kept of the digest (128 bits: no collision among any realistic set)."""


def caller_key(token: str) -> str:
    """The caller's key: ``sha256(token)`` in hex, truncated; never the token."""
    return hashlib.sha256(token.encode()).hexdigest()[:KEY_LENGTH]


CALLER_KEY: ContextVar[str | None] = ContextVar("gitbook_mcp_caller_key", default=None)
"""The key of the caller whose MCP request is being served (``--auth upstream``), else None."""
