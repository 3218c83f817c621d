"""Serving over stdio so that one Ctrl-C ends the server.

The SDK reads stdin in one of anyio's worker threads, which a cancellation waits for: on a
terminal, SIGINT cancels the server but the process then waits for a line that never comes
(and a second Ctrl-C ends it with a traceback). Here a daemon thread reads the lines and hands
them to the event loop; the server waits on a stream that a cancellation ends at once, and the
thread, still blocked on the terminal, does not keep the process alive.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

import anyio
import anyio.from_thread
import anyio.lowlevel
from anyio.lowlevel import EventLoopToken
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.stdio import stdio_server

from gitbook_mcp.logs import get_logger

if TYPE_CHECKING:
    from gitbook_mcp.server.app import GitBookServer

__all__ = ["StdinLines", "serve_stdio"]


_CHUNK = 64 * 1024
_log = get_logger("gitbook_mcp.server")


class StdinLines:
    """The lines read from a file descriptor by a daemon thread, as an async iterator of text.

    The thread reads with `os.read`, not through a Python file object: a daemon thread blocked
    inside a buffered reader holds its lock, which the interpreter needs at exit.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._send, self._receive = anyio.create_memory_object_stream[str]()

    def __aiter__(self) -> StdinLines:
        """Start reading, for the event loop iterating the lines."""
        token = anyio.lowlevel.current_token()
        threading.Thread(
            target=self._pump, args=(self._send, token), name="gitbook-mcp stdin", daemon=True
        ).start()
        return self

    def _chunks(self) -> Iterator[bytes]:
        """What arrives on the descriptor, until its end (or an error reading it)."""
        while True:
            try:
                chunk = os.read(self._fd, _CHUNK)
            except OSError as exc:  # a terminal gone away ends the input like its end would
                _log.info("stdio.read_failed", error=type(exc).__name__)
                return
            if not chunk:
                return
            yield chunk

    def _lines(self) -> Iterator[bytes]:
        """Whole lines (the last one may lack its newline), each byte looked at once: a long
        line is gathered in one buffer, not joined and split again with every chunk."""
        pending = bytearray()
        for chunk in self._chunks():
            start = 0
            while (end := chunk.find(b"\n", start)) >= 0:
                pending += chunk[start : end + 1]
                yield bytes(pending)
                pending.clear()
                start = end + 1
            pending += chunk[start:]
        if pending:
            yield bytes(pending)

    def _pump(self, send: MemoryObjectSendStream[str], token: EventLoopToken) -> None:
        try:
            for line in self._lines():
                text = line.decode("utf-8", errors="replace")
                anyio.from_thread.run(send.send, text, token=token)
            anyio.from_thread.run_sync(send.close, token=token)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.RunFinishedError):
            return  # the server stopped first: nobody reads the lines any more

    async def __anext__(self) -> str:
        try:
            return await self._receive.receive()
        except anyio.EndOfStream:
            self._receive.close()
            raise StopAsyncIteration from None


async def serve_stdio(server: GitBookServer, fd: int = 0) -> None:
    """Serve ``server`` over stdin (``fd``) and stdout until stdin ends or an interrupt."""
    lines = StdinLines(fd)
    # The SDK only iterates its stdin argument (`async for line in stdin`).
    stdin = cast("anyio.AsyncFile[str]", lines)
    # The SDK's `run_stdio_async` takes no stdin; this is its body, with ours, on its low-level
    # server (a private attribute: the public runner has no other way in).
    low = server._lowlevel_server
    async with stdio_server(stdin=stdin) as (read_stream, write_stream):
        await low.run(read_stream, write_stream, low.create_initialization_options())
