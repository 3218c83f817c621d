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


def _component(_: Any, __: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """A stdlib record's logger name as its ``component``, as our own events carry it."""
    record = event_dict.get("_record")
    if record is not None:
        event_dict.setdefault("component", record.name)
    return event_dict


_HANDLER = "gitbook_mcp"
"""The name of the root handler `configure_logging` installs (replaced when called again)."""


def configure_logging(*, level: str = "INFO", json: bool = False) -> None:
    """Send structured logs to stderr, as JSON lines or as readable key=value lines.

    Our own events go through structlog; every stdlib record (the API client's
    ``gitbook_mcp.client``, uvicorn's, the SDK's) through one root handler whose
    `structlog.stdlib.ProcessorFormatter` renders it the same way, redacted the same way.
    """
    renderer: Any = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    numeric = logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
    for noisy in ("httpx2", "httpx", "httpcore", "httpcore2"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(_HANDLER)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[*shared, _component, structlog.stdlib.ExtraAdder(), _redact],
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
        )
    )
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if h.get_name() != _HANDLER]
    root.addHandler(handler)
    root.setLevel(numeric)
    structlog.configure(
        processors=[*shared, _redact, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )


def get_logger(name: str) -> Any:
    """A structlog logger bound to a component name (configured for stderr if nobody did)."""
    if not structlog.is_configured():
        configure_logging()
    return structlog.get_logger(name, component=name)
