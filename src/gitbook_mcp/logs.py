"""Logging: structlog to stderr, never stdout, which carries the MCP stdio protocol; secrets are
redacted by key name and by shape (a ``gb_...`` token, a bearer value) wherever they appear."""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import MutableMapping
from typing import Any

import structlog

__all__ = ["configure_logging", "get_logger"]

_REDACTED_KEYS = frozenset({"token", "authorization", "api_token", "password", "secret"})
_SECRET_KEY_PARTS = ("token", "secret", "password", "authorization", "api_key", "cookie")
REDACTED = "[redacted]"
_SECRET_SHAPES = re.compile(
    r"(?<![A-Za-z0-9])gb_[A-Za-z0-9_-]{3,}(?![A-Za-z0-9_*-])"  # a GitBook token, not a glob
    r"|(?i:\bbearer)[ \t]+[^\s,;\"'}\]]{1,4096}"  # a bearer credential, scheme included
)
"""Linear: each alternative is a literal prefix then one character class (a token is
``gb_api_...`` or ``gb_local_...``; ``gb_local_*``, a glob in a message, is kept)."""
_MAX_DEPTH = 4


def _is_secret_key(key: str) -> bool:
    lowered = key.lower()
    return lowered in _REDACTED_KEYS or any(part in lowered for part in _SECRET_KEY_PARTS)


def _scrub(value: Any, depth: int = 0) -> Any:
    """``value`` with every token-shaped substring replaced, in nested lists and maps too."""
    if isinstance(value, str):
        return _SECRET_SHAPES.sub(REDACTED, value)
    if depth >= _MAX_DEPTH:
        return value
    if isinstance(value, dict):
        return {
            k: REDACTED if isinstance(k, str) and _is_secret_key(k) else _scrub(v, depth + 1)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [_scrub(v, depth + 1) for v in value]
    return value


def _redact(_: Any, __: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    for key in list(event_dict):
        if _is_secret_key(key):
            event_dict[key] = REDACTED
        else:
            event_dict[key] = _scrub(event_dict[key])
    return event_dict


def configure_logging(*, level: str = "INFO", json: bool = False) -> None:
    """Send structured logs to stderr, as JSON lines or as readable key=value lines."""
    renderer: Any = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    for noisy in ("httpx2", "httpx", "httpcore", "httpcore2"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            _redact,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(
            logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
        ),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )


def get_logger(name: str) -> Any:
    """A structlog logger bound to a component name (configured for stderr if nobody did)."""
    if not structlog.is_configured():
        configure_logging()
    return structlog.get_logger(name, component=name)
