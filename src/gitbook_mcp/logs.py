"""Logging: structlog to stderr, never stdout, which carries the MCP stdio protocol; secrets are
redacted by key name and by shape (a ``gb_...`` token, a bearer value) wherever they appear.

structlog is imported for the first event that passes the level, not at start-up: until then
`configure_logging` only records the configuration (and installs the root handler, whose
formatter is built with the first stdlib record it renders), and an event below the level is
dropped as the configured chain would drop it. Once structlog is imported (by an event or by
anyone else) the configuration is applied as it was given.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import MutableMapping
from functools import partialmethod
from types import ModuleType
from typing import Any, TextIO

__all__ = ["configure_logging", "get_logger", "is_configured"]

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
_LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "exception": logging.ERROR,
    "critical": logging.CRITICAL,
}
_pending: tuple[int, bool, TextIO] | None = None
"""The configuration given while structlog was not imported: level, JSON, stream."""


def _shared() -> list[Any]:
    import structlog  # imported with the first event, not at start-up

    return [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]


def _renderer(json: bool) -> Any:
    import structlog  # imported with the first event, not at start-up

    return (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )


def _apply(numeric: int, json: bool, stream: TextIO) -> None:
    """Configure structlog: our events, redacted and rendered to ``stream``."""
    import structlog  # imported with the first event, not at start-up

    structlog.configure(
        processors=[*_shared(), _redact, _renderer(json)],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=stream),
        cache_logger_on_first_use=False,
    )


def _with_pending() -> ModuleType:
    """structlog, the recorded configuration applied (unless someone configured it since)."""
    global _pending
    import structlog  # imported with the first event, not at start-up

    pending, _pending = _pending, None
    if pending is not None and not structlog.is_configured():
        _apply(*pending)
    return structlog


def _structlog() -> ModuleType:
    """structlog, configured: as recorded, or else the default configuration."""
    structlog = _with_pending()
    if not structlog.is_configured():
        configure_logging()
    return structlog


class _RootHandler(logging.StreamHandler[TextIO]):
    """Every stdlib record, rendered by structlog's formatter as our own events are (built, and
    structlog imported, for the first record that passes the level)."""

    def __init__(self, stream: TextIO, json: bool) -> None:
        super().__init__(stream)
        self._json = json

    def format(self, record: logging.LogRecord) -> str:
        if self.formatter is None:
            structlog = _with_pending()
            self.setFormatter(
                structlog.stdlib.ProcessorFormatter(
                    foreign_pre_chain=[
                        *_shared(),
                        _component,
                        structlog.stdlib.ExtraAdder(),
                        _redact,
                    ],
                    processors=[
                        structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                        _renderer(self._json),
                    ],
                )
            )
        return super().format(record)


def configure_logging(*, level: str = "INFO", json: bool = False) -> None:
    """Send structured logs to stderr, as JSON lines or as readable key=value lines.

    Our own events go through structlog; every stdlib record (the API client's
    ``gitbook_mcp.client``, uvicorn's, the SDK's) through one root handler whose
    `structlog.stdlib.ProcessorFormatter` renders it the same way, redacted the same way.
    """
    global _pending
    numeric = logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
    for noisy in ("httpx2", "httpx", "httpcore", "httpcore2"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    handler = _RootHandler(sys.stderr, json)
    handler.set_name(_HANDLER)
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if h.get_name() != _HANDLER]
    root.addHandler(handler)
    root.setLevel(numeric)
    if "structlog" in sys.modules:  # already imported: configured now, as always
        _pending = None
        _apply(numeric, json, sys.stderr)
    else:
        _pending = (numeric, json, sys.stderr)


def is_configured() -> bool:
    """Whether logging was configured (by `configure_logging` or, structlog's, by anyone)."""
    structlog = sys.modules.get("structlog")
    return _pending is not None or (structlog is not None and structlog.is_configured())


class _Logger:
    """A structlog logger bound to a component name, structlog imported on its first event
    that passes the level (`_pending`'s); any other use imports it at once."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._bound: Any = None

    def _real(self) -> Any:
        if self._bound is None:
            self._bound = _structlog().get_logger(self._name, component=self._name)
        return self._bound

    def _emit(self, method: str, event: str, **fields: Any) -> Any:
        pending = _pending
        if pending is not None and _LEVELS[method] < pending[0] and "structlog" not in sys.modules:
            return None  # the configured chain drops it too
        return getattr(self._real(), method)(event, **fields)

    debug = partialmethod(_emit, "debug")
    info = partialmethod(_emit, "info")
    warning = partialmethod(_emit, "warning")
    error = partialmethod(_emit, "error")
    exception = partialmethod(_emit, "exception")
    critical = partialmethod(_emit, "critical")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real(), name)


def get_logger(name: str) -> Any:
    """A structlog logger bound to a component name (configured for stderr if nobody did)."""
    if not is_configured():
        configure_logging()
    return _Logger(name)
