"""A tiny HTTP responder on loopback: answers ``"METHOD /path"`` or ``"/path"`` from a table (else
404); a list of statuses is answered in turn (the last one repeats)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager

import anyio
from anyio.abc import SocketStream, TaskGroup

__all__ = ["loopback_responder"]


Table = Mapping[str, int | list[int]]


async def _answer(stream: SocketStream, table: Table, seen: list[str]) -> None:
    async with stream:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = await stream.receive()
            if not chunk:
                return
            data += chunk
        method, path, _ = data.split(b"\r\n", 1)[0].decode().split(" ", 2)
        seen.append(f"{method} {path}")
        answer = table.get(f"{method} {path}", table.get(path, 404))
        if isinstance(answer, list):
            status = answer.pop(0) if len(answer) > 1 else answer[0]
        else:
            status = answer
        head = f"HTTP/1.1 {status} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        await stream.send(head.encode())


@asynccontextmanager
async def loopback_responder(table: Table) -> AsyncIterator[tuple[int, list[str]]]:
    """``(port, requests seen)`` of a responder on 127.0.0.1, for the block's duration."""
    seen: list[str] = []
    listener = await anyio.create_tcp_listener(local_host="127.0.0.1", local_port=0)
    port = listener.extra(anyio.abc.SocketAttribute.local_port)

    async def serve(tg: TaskGroup) -> None:
        await listener.serve(lambda s: _answer(s, table, seen), task_group=tg)

    async with listener, anyio.create_task_group() as tg:
        tg.start_soon(serve, tg)
        try:
            yield port, seen
        finally:
            tg.cancel_scope.cancel()
