"""The API client logs through stdlib `logging` (``gitbook_mcp.client``): a program using it
as a library decides, with its own logging configuration, what reaches stderr."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

LIBRARY_USER = textwrap.dedent(
    """
    import logging
    import sys

    import anyio
    import httpx2

    from gitbook_mcp.client import GitBookClient

    logging.basicConfig(level=logging.INFO)  # the program logs to stderr...
    logging.getLogger("httpx2").setLevel(logging.WARNING)  # (the HTTP stack's own lines aside)
    if sys.argv[1] == "quiet":  # ...but the client's records, when it says so
        logging.getLogger("gitbook_mcp.client").setLevel(logging.CRITICAL)


    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json={"object": "user", "id": "u1", "displayName": "Ann"})


    async def main() -> None:
        transport = httpx2.MockTransport(answer)
        url = "http://api.test/v1"
        async with GitBookClient(token="t", base_url=url, transport=transport) as client:
            await client.users.me()


    anyio.run(main)
    """
)


@pytest.mark.parametrize(("mode", "shown"), [("quiet", False), ("loud", True)])
def test_a_library_user_controls_the_clients_log_lines(mode: str, shown: bool) -> None:
    ran = subprocess.run(
        [sys.executable, "-c", LIBRARY_USER, mode],
        capture_output=True,
        timeout=60,
        check=False,
    )
    stderr = ran.stderr.decode()
    assert ran.returncode == 0, stderr
    assert ran.stdout == b""
    if shown:
        assert "api.request" in stderr
        assert "gitbook_mcp.client" in stderr
    else:
        assert stderr == ""
