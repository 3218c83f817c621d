"""A raw HTTP client on the local workspace serving the live operations, every answer checked
against the live contract (``tests/contract/openapi-live.json``)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache

import httpx2

from gitbook_mcp.local import LocalTransport
from tests.contract.profiles_support import CONTRACT_FILES, OAS31Contract
from tests.support.local import BASE_URL

__all__ = ["live_api", "live_contract"]


@cache
def live_contract() -> OAS31Contract:
    """The live contract, with one ambiguity of 0.202.0 relaxed: a ``page_edited`` change's
    ``attributes`` is a ``oneOf`` of three schemas (document, group, link) that all accept any
    object with one known property, so no instance can match exactly one of them; it is read as
    ``anyOf`` (every other part of the answer is checked strictly)."""
    document = json.loads(CONTRACT_FILES["live"].read_text())
    schemas = document["components"]["schemas"]
    attributes = schemas["RevisionSemanticChangePageEdited"]["properties"]["attributes"]
    attributes["anyOf"] = attributes.pop("oneOf")
    return OAS31Contract(document)


async def _check(response: httpx2.Response) -> None:
    await response.aread()
    request = response.request
    live_contract().check_response(
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
