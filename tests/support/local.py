"""Helpers to talk to an in-process local workspace, checking every answer against the contract
of the profile the app serves (``seed``: ``openapi.json``; ``live``: ``openapi-live.json``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import httpx2

from gitbook_mcp.api import Profile
from gitbook_mcp.local import LocalTransport
from tests.support.contract import load_profile_contract

BASE_URL = "http://local.test/v1"


def contract_check(profile: Profile) -> Callable[[httpx2.Response], Awaitable[None]]:
    """A response hook validating every answer against ``profile``'s contract."""
    contract = load_profile_contract(profile)

    async def check(response: httpx2.Response) -> None:
        await response.aread()
        request = response.request
        contract.check_response(
            request.method, str(request.url), response.status_code, response.content
        )

    return check


def profile_of(app: object) -> Profile:
    """The profile an app from `create_app` serves (``seed`` for anything else)."""
    inner = app
    while not hasattr(inner, "state") and hasattr(inner, "app"):
        inner = inner.app  # HostGuard and DropConnections wrap the Starlette app
    profile: Profile = getattr(getattr(inner, "state", None), "profile", "seed")
    return profile


@asynccontextmanager
async def raw_api(
    app: object,
    token: str | None = "gb_local_admin",
    *,
    check: bool = True,
    profile: Profile | None = None,
) -> AsyncIterator[httpx2.AsyncClient]:
    """An ``httpx2.AsyncClient`` on the app; every response is validated against the contract
    of ``profile`` (by default, the profile the app serves)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    hooks = {"response": [contract_check(profile or profile_of(app))]} if check else {}
    async with httpx2.AsyncClient(
        transport=LocalTransport(app),  # type: ignore[arg-type]
        base_url=BASE_URL,
        headers=headers,
        event_hooks=hooks,
    ) as client:
        yield client
