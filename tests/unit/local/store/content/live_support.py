"""A raw HTTP client on the local workspace serving the live operations, every answer checked
against the live contract (``tests/contract/openapi-live.json``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx2

from gitbook_mcp.local import LocalTransport
from tests.contract.profiles_support import load_profile_contract
from tests.support.local import BASE_URL

__all__ = ["live_api"]


async def _check(response: httpx2.Response) -> None:
    await response.aread()
    request = response.request
    load_profile_contract("live").check_response(
        request.method, str(request.url), response.status_code, response.content
    )


@asynccontextmanager
async def live_api(app: object, token: str) -> AsyncIterator[httpx2.AsyncClient]:
    """An ``httpx2.AsyncClient`` for ``token`` whose responses the live contract validates."""
    async with httpx2.AsyncClient(
        transport=LocalTransport(app),  # type: ignore[arg-type]
        base_url=BASE_URL,
        headers={"Authorization": f"Bearer {token}"},
        event_hooks={"response": [_check]},
    ) as client:
        yield client
