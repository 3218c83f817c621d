"""Helpers to talk to an in-process local workspace, checking every answer against the contract."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx2

from gitbook_mcp.local import LocalTransport
from tests.support.contract import load_contract

BASE_URL = "http://local.test/v1"


async def _check(response: httpx2.Response) -> None:
    await response.aread()
    request = response.request
    load_contract().check_response(
        request.method, str(request.url), response.status_code, response.content
    )


@asynccontextmanager
async def raw_api(
    app: object, token: str | None = "gb_local_admin", *, check: bool = True
) -> AsyncIterator[httpx2.AsyncClient]:
    """An ``httpx2.AsyncClient`` on the app; every response is validated against the contract."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    hooks = {"response": [_check]} if check else {}
    async with httpx2.AsyncClient(
        transport=LocalTransport(app),  # type: ignore[arg-type]
        base_url=BASE_URL,
        headers=headers,
        event_hooks=hooks,
    ) as client:
        yield client
