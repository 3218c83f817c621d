"""Serving over stdio: one Ctrl-C ends the server, and a message costs no thread hop and no
task switch of the transport's own.

The SDK reads stdin in one of anyio's worker threads, which a cancellation waits for: on a
terminal, SIGINT cancels the server but the process then waits for a line that never comes
(and a second Ctrl-C ends it with a traceback). It also writes each answer through two worker
thread round trips (write, then flush), and its reader and writer are tasks that each message
passes through. Here, when a descriptor is a pipe or a socket (what MCP clients give), the event
loop itself waits on it and reads or writes it: no thread, and a cancellation ends the wait at
once. Any other descriptor (a terminal, a file) is read by a daemon thread that hands the lines
to the event loop, and written by a worker thread, one round trip per message; the thread
still blocked on a terminal does not keep the process alive. The server receives each message
where it is parsed (`Inbound`) and sends each answer where it is written (`Outbound`).
"""

from __future__ import annotations

import os
import select
import stat
import sys
import threading
from collections import deque
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, BinaryIO, Self

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread
from anyio.lowlevel import EventLoopToken
from anyio.streams.memory import MemoryObjectSendStream
from mcp.shared.message import SessionMessage
from mcp.types import jsonrpc_message_adapter

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.sdk import claim_stdout

if TYPE_CHECKING:
    from gitbook_mcp.server.app import GitBookServer

__all__ = ["Inbound", "Outbound", "StdinLines", "StdoutLines", "serve_stdio"]


_CHUNK = 64 * 1024
_PIPE_BUF = 4096
"""A pipe the event loop saw writable takes this much at once (one free page): never blocks."""
_log = get_logger("gitbook_mcp.server")


def _pollable(fd: int) -> bool:
    """Whether the event loop can wait on ``fd``: a pipe or a socket, off Windows."""
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _split(pending: bytearray, chunk: bytes) -> Iterator[bytes]:
    """The whole lines ``chunk`` completes, the rest kept in ``pending``; each byte looked at
    once: a long line is gathered in one buffer, not joined and split again with every chunk."""
    start = 0
    while (end := chunk.find(b"\n", start)) >= 0:
        pending += chunk[start : end + 1]
        yield bytes(pending)
        pending.clear()
        start = end + 1
    pending += chunk[start:]


class StdinLines:
    """The lines read from a file descriptor, as an async iterator of text: by the event loop
    when it can wait on the descriptor (`_pollable`), else by a daemon thread.

    Both read with `os.read`, not through a Python file object: a daemon thread blocked inside a
    buffered reader holds its lock, which the interpreter needs at exit.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._send, self._receive = anyio.create_memory_object_stream[str]()

    def __aiter__(self) -> AsyncIterator[str]:
        """Start reading, for the event loop iterating the lines."""
        if _pollable(self._fd):
            self._send.close()
            self._receive.close()
            return _LoopLines(self._fd)
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
        """Whole lines (the last one may lack its newline)."""
        pending = bytearray()
        for chunk in self._chunks():
            yield from _split(pending, chunk)
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


class _LoopLines:
    """The lines of a pipe or a socket, read by the event loop when data is there."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._pending = bytearray()
        self._ready: deque[bytes] = deque()
        self._ended = False

    def __aiter__(self) -> _LoopLines:
        return self

    async def __anext__(self) -> str:
        while not self._ready and not self._ended:
            await anyio.wait_readable(self._fd)
            try:
                chunk = os.read(self._fd, _CHUNK)
            except BlockingIOError:  # a descriptor its parent made non-blocking: wait again
                continue
            except OSError as exc:  # as the thread's reader: the input ends
                _log.info("stdio.read_failed", error=type(exc).__name__)
                chunk = b""
            self._ready.extend(_split(self._pending, chunk))
            if not chunk:
                self._ended = True
                if self._pending:  # the last line, without its newline
                    self._ready.append(bytes(self._pending))
                    self._pending.clear()
        if not self._ready:
            raise StopAsyncIteration
        return self._ready.popleft().decode("utf-8", errors="replace")


class StdoutLines:
    """The messages written to a binary stream: by the event loop when its descriptor is a pipe
    or a socket (in pieces it takes at once, waiting for room between them; a reader that
    stops reading never blocks the loop), else by a worker thread, one round trip each."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._fd: int | None = None
        try:
            fd = stream.fileno()
        except (OSError, ValueError):  # an in-memory stream (in process): the thread writes
            return
        if _pollable(fd):
            self._fd = fd
            self._poll = select.poll()
            self._poll.register(fd, select.POLLOUT)

    async def write(self, text: str) -> None:
        """Write one message, whole: once its first byte is out, a cancellation (the client
        cancelled the request being answered) waits for the rest, since half a message would
        corrupt every message after it. The thread's write is never abandoned half-way."""
        data = text.encode("utf-8")
        if self._fd is None:
            await anyio.to_thread.run_sync(self._write_flush, data)
            return
        view = memoryview(data)
        while view:
            begun = len(view) < len(data)
            if not self._poll.poll(0):  # no room now: wait for it, serving the rest meanwhile
                await self._room(begun)
            try:
                view = view[os.write(self._fd, view[:_PIPE_BUF]) :]
            except BlockingIOError:  # a descriptor its parent made non-blocking: wait again
                await self._room(begun)

    async def _room(self, begun: bool) -> None:
        """Wait until the descriptor takes more; past cancellation once a message has begun."""
        assert self._fd is not None
        with anyio.CancelScope(shield=begun):
            await anyio.wait_writable(self._fd)

    def _write_flush(self, data: bytes) -> None:
        self._stream.write(data)
        self._stream.flush()


class _StreamEnd:
    """One end of the server's stream pair: closed by `aclose` or on leaving ``async with``;
    used after, it raises `anyio.ClosedResourceError`, as the SDK's memory streams do."""

    _closed = False

    async def aclose(self) -> None:
        self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise anyio.ClosedResourceError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


class Inbound(_StreamEnd):
    """The messages of a line source, parsed where they are received: the SDK's reader task
    parses each line and hands it on through a stream, one more task switch per message. A
    line that is not a JSON-RPC message is received as its error, as from the SDK's reader."""

    def __init__(self, lines: AsyncIterator[str]) -> None:
        self._lines = lines.__aiter__()

    async def receive(self) -> SessionMessage | Exception:
        """The next message (or the error of a line that is not one); `anyio.EndOfStream` at
        the input's end."""
        self._check_open()
        try:
            line = await self._lines.__anext__()
        except StopAsyncIteration:
            raise anyio.EndOfStream from None
        try:
            return SessionMessage(jsonrpc_message_adapter.validate_json(line, by_name=False))
        except ValueError as exc:  # pydantic's ValidationError is one: the dispatcher drops it
            return exc

    def __aiter__(self) -> Inbound:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None


class Outbound(_StreamEnd):
    """The messages written as lines, by the task that sends each (no writer task to switch to);
    one at a time, so that two answers never interleave on the wire."""

    def __init__(self, lines: StdoutLines) -> None:
        self._lines = lines
        self._lock = anyio.Lock(fast_acquire=True)  # the write itself waits when it must

    async def send(self, item: SessionMessage, /) -> None:
        """Write ``item`` as one line, after any message being written."""
        self._check_open()
        text = item.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
        async with self._lock:
            await self._lines.write(text)


async def serve_stdio(server: GitBookServer, fd: int = 0) -> None:
    """Serve ``server`` over stdin (``fd``) and stdout until stdin ends or an interrupt."""
    inbound = Inbound(StdinLines(fd))
    # Claimed as the SDK claims it: the wire is a duplicate of fd 1, and fd 1 points at stderr
    # while serving, so that stray output misses the protocol.
    wire, release = claim_stdout()
    outbound = Outbound(StdoutLines(wire))
    # The SDK's `run_stdio_async` takes no streams; this is its body, with ours, on its low-level
    # server.
    low = server.lowlevel
    try:
        await low.run(inbound, outbound, low.create_initialization_options())
    finally:
        if release is not None:
            release()
