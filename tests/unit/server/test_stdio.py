"""The stdio reader hands the server whole lines, whatever chunks they arrive in."""

from __future__ import annotations

import os
import threading

import pytest

from gitbook_mcp.server.stdio import StdinLines

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
