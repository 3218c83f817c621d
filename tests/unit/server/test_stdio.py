"""The stdio reader hands the server whole lines, whatever chunks they arrive in, from a pipe (read
by the event loop) as from a file (read by a thread); the writer writes each message whole, a
pipe's from the event loop without blocking it while the reader is slow. The server receives
each line parsed (a line that is no message as its error) and its answers never interleave."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import pytest
from mcp.shared.message import SessionMessage
from mcp.types import JSONRPCRequest, JSONRPCResponse

from gitbook_mcp.server.stdio import Inbound, Outbound, StdinLines, StdoutLines

pytestmark = pytest.mark.anyio


async def test_lines_are_whole_across_chunks_long_ones_and_a_last_line_without_newline() -> None:
    long = "x" * (3 * 64 * 1024 + 17)  # spans several reads
    sent = [
        b'{"a":1}\n{"b"',
        b":2}\n" + long.encode() + b"\n",
        "é\n".encode()[:1],
        "é\n".encode()[1:],
        b"tail",
    ]
    read_end, write_end = os.pipe()

    def write() -> None:
        with os.fdopen(write_end, "wb", buffering=0) as pipe:
            for part in sent:
                pipe.write(part)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        got = [line async for line in StdinLines(read_end)]
    finally:
        writer.join()
        os.close(read_end)
    assert got == ['{"a":1}\n', '{"b":2}\n', long + "\n", "é\n", "tail"]


async def test_lines_of_a_file_are_read_by_a_thread_the_same(tmp_path: Path) -> None:
    path = tmp_path / "input.jsonl"
    path.write_bytes(b'{"a":1}\n{"b":2}\n' + "\u00e9".encode() + b"\ntail")
    fd = os.open(path, os.O_RDONLY)
    try:
        got = [line async for line in StdinLines(fd)]
    finally:
        os.close(fd)
    assert got == ['{"a":1}\n', '{"b":2}\n', "\u00e9\n", "tail"]


async def test_a_message_longer_than_the_pipe_arrives_whole_and_the_loop_keeps_running() -> None:
    message = "x" * (300 * 1024) + "\n"  # several times a pipe's capacity
    read_end, write_end = os.pipe()
    received = bytearray()

    def slow_reader() -> None:
        time.sleep(0.2)  # the pipe fills up first
        while chunk := os.read(read_end, 65536):
            received.extend(chunk)

    reader = threading.Thread(target=slow_reader)
    reader.start()
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await anyio.sleep(0.01)

    try:
        with os.fdopen(write_end, "wb", buffering=0) as wire:
            async with anyio.create_task_group() as tg:
                tg.start_soon(tick)
                out = StdoutLines(wire)
                await out.write(message)
                tg.cancel_scope.cancel()
    finally:
        reader.join()
        os.close(read_end)
    assert received.decode() == message
    assert ticks >= 5  # the loop served other tasks while the reader was slow


async def test_messages_to_a_file_are_written_by_a_thread(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    with path.open("wb") as stream:
        out = StdoutLines(stream)
        await out.write('{"a":1}\n')
        await out.write("\u00e9\n")
    assert path.read_text(encoding="utf-8") == '{"a":1}\n\u00e9\n'


async def _lines(*lines: str) -> AsyncIterator[str]:
    for line in lines:
        yield line


async def test_each_line_is_received_as_its_message_and_a_line_that_is_none_as_its_error() -> None:
    inbound = Inbound(
        _lines(
            '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n',
            "not json\n",
            '{"jsonrpc":"2.0","id":1,"result":{}}\n',
        )
    )
    async with inbound:
        got = [item async for item in inbound]
        with pytest.raises(anyio.EndOfStream):
            await inbound.receive()
    assert len(got) == 3
    first, second, third = got
    assert isinstance(first, SessionMessage)
    assert isinstance(first.message, JSONRPCRequest)
    assert first.message.method == "tools/list"
    assert isinstance(second, ValueError)
    assert isinstance(third, SessionMessage)
    assert isinstance(third.message, JSONRPCResponse)
    with pytest.raises(anyio.ClosedResourceError):
        await inbound.receive()  # closed on leaving the block


def _answer(request_id: int, size: int) -> SessionMessage:
    return SessionMessage(JSONRPCResponse(jsonrpc="2.0", id=request_id, result={"t": "x" * size}))


async def test_answers_sent_at_once_arrive_whole_one_after_the_other() -> None:
    size = 200 * 1024  # each is written in many pieces, the pipe filling up in between
    read_end, write_end = os.pipe()
    received = bytearray()

    def slow_reader() -> None:
        time.sleep(0.1)
        while chunk := os.read(read_end, 8192):
            received.extend(chunk)

    reader = threading.Thread(target=slow_reader)
    reader.start()
    try:
        with os.fdopen(write_end, "wb", buffering=0) as wire:
            async with Outbound(StdoutLines(wire)) as outbound, anyio.create_task_group() as tg:
                for request_id in (1, 2, 3):
                    tg.start_soon(outbound.send, _answer(request_id, size))
            with pytest.raises(anyio.ClosedResourceError):
                await outbound.send(_answer(4, 1))
    finally:
        reader.join()
        os.close(read_end)
    lines = received.decode().splitlines()
    assert sorted(json.loads(line)["id"] for line in lines) == [1, 2, 3]
    assert all(json.loads(line)["result"]["t"] == "x" * size for line in lines)


async def test_an_answer_begun_is_finished_when_its_request_is_cancelled() -> None:
    size = 300 * 1024  # more than the pipe holds: the write waits for the reader half-way
    read_end, write_end = os.pipe()
    received = bytearray()

    def slow_reader() -> None:
        time.sleep(0.3)  # the cancellation comes while the first answer waits for room
        while chunk := os.read(read_end, 8192):
            received.extend(chunk)

    reader = threading.Thread(target=slow_reader)
    reader.start()
    try:
        with os.fdopen(write_end, "wb", buffering=0) as wire:
            outbound = Outbound(StdoutLines(wire))
            with anyio.move_on_after(0.1) as scope:
                await outbound.send(_answer(1, size))
            await outbound.send(_answer(2, 10))
    finally:
        reader.join()
        os.close(read_end)
    assert scope.cancelled_caught is False  # the begun answer was finished, not cut
    lines = received.decode().splitlines()
    assert [json.loads(line)["id"] for line in lines] == [1, 2]
