"""Helpers shared by the docs-site tests: site paths, paging through a list, error checks."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2

__all__ = ["GLOBEX", "NON_ADMINS", "SITE", "ApiAs", "collect", "expect_error"]

SITE = "/orgs/org_acme/sites/site_docs"
GLOBEX = "/orgs/org_globex/sites/site_globex"
NON_ADMINS = ("gb_local_editor", "gb_local_commenter", "gb_local_reader")
"""Demo tokens that are members of org_acme without the admin role."""

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


async def collect(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    """Every item of a paginated list, following ``next.page``; checks ``count`` on each page."""
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    count: int | None = None
    while True:
        query = {**params, **({"page": cursor} if cursor else {})}
        response = await api.get(url, params=query)
        assert response.status_code == 200, response.text
        body = response.json()
        assert count is None or body["count"] == count
        count = body["count"]
        items += body["items"]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            assert len(items) == count
            return items


def expect_error(response: httpx2.Response, status: int, mentions: str | None = None) -> str:
    """Assert the status (and that the message names ``mentions``); return the message."""
    assert response.status_code == status, response.text
    message: str = response.json()["error"]["message"]
    if mentions is not None:
        assert mentions in message, message
    return message
