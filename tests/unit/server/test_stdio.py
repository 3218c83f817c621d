"""The stdio reader hands the server whole lines, whatever chunks they arrive in, from a pipe (read
by the event loop) as from a file (read by a thread); the writer writes each message whole, a
pipe's from the event loop without blocking it while the reader is slow."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import anyio
import pytest

from gitbook_mcp.server.stdio import StdinLines, StdoutLines

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
                await out.flush()
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
        await out.flush()
        await out.write("\u00e9\n")
    assert path.read_text(encoding="utf-8") == '{"a":1}\n\u00e9\n'
