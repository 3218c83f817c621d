"""`DrainingServer`: uvicorn's server, draining on SIGTERM or SIGINT and then returning normally.

See `gitbook_mcp.server.http.ops.drain` for what draining does; this module imports uvicorn, so only
the HTTP transports load it.
"""

from __future__ import annotations

import contextlib
import contextvars
import signal
import threading
from collections.abc import Generator
from types import FrameType

import uvicorn

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.http.ops.drain import Drain

__all__ = ["DrainingServer", "QuietServer"]

_log = get_logger("gitbook_mcp.server")
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class DrainingServer(uvicorn.Server):
    """A uvicorn server that drains on SIGTERM or SIGINT and then returns normally."""

    def __init__(self, config: uvicorn.Config, drain: Drain) -> None:
        super().__init__(config)
        self.drain = drain

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        """Install our handlers (main thread only); unlike uvicorn's, never re-raise the signal."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in _SIGNALS}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:  # noqa: ARG002 - uvicorn's signal handler signature
        """Start draining; a second SIGINT stops at once (uvicorn's rule)."""
        if not self.drain.draining:
            # A fresh context: the signal lands in whatever request's context ran.
            contextvars.Context().run(
                _log.info,
                "drain.start",
                signal=signal.Signals(sig).name,
                in_flight=self.drain.in_flight,
                grace_s=self.config.timeout_graceful_shutdown,
            )
        self.drain.draining = True
        if self.should_exit and sig == signal.SIGINT:
            self.force_exit = True
        else:
            self.should_exit = True


class QuietServer(uvicorn.Server):
    """A uvicorn server beside the main one (``--metrics-port``): it leaves signals to that one,
    which stops it by setting ``should_exit``."""

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        """Install nothing."""
        yield
