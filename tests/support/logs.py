"""Logging kept across a test that configures it (the commands configure logs to stderr)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import structlog

__all__ = ["kept_logging"]


@contextmanager
def kept_logging() -> Iterator[None]:
    """The block may configure structlog (to the captured stderr): the configuration before it
    is given back afterwards, so that later tests log where they expect."""
    configured, saved = structlog.is_configured(), structlog.get_config()
    try:
        yield
    finally:
        if configured:
            structlog.configure(**saved)
        else:
            structlog.reset_defaults()
