"""A caller's mistake in ``prompts/get`` or ``resources/read`` (an unknown prompt or resource,
a missing argument) is answered as invalid params (-32602), not as an internal error with a
traceback in the server's logs."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

Request = Callable[[Any], Awaitable[Any]]
MISTAKES: dict[str, Request] = {
    "unknown prompt": lambda c: c.get_prompt("no_such_prompt", {}),
    "missing prompt argument": lambda c: c.get_prompt("fix_broken_links", {}),
    "unknown resource": lambda c: c.read_resource("gitbook://no/such/thing"),
    "resource of an unknown space": lambda c: c.read_resource("gitbook://spaces/spc_nope/tree"),
}


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("mistake", sorted(MISTAKES))
async def test_a_callers_mistake_is_invalid_params_without_a_traceback(
    mcp: McpFactory, caplog: pytest.LogCaptureFixture, mistake: str, mode: str
) -> None:
    caplog.set_level(logging.DEBUG)
    async with mcp("gb_local_admin", client={"mode": mode}) as client:
        with pytest.raises(MCPError) as raised:
            await MISTAKES[mistake](client)
    assert raised.value.error.code == INVALID_PARAMS, raised.value.error
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    assert "Traceback" not in caplog.text
