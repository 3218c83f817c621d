"""Query and body readers refuse non-finite numbers with a 400 naming the field."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local import Store
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


def _error(answer: httpx2.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == status
    message: str = error["message"]
    return message


async def test_non_finite_limits_are_400(app: object) -> None:
    async with raw_api(app, check=False) as api:
        for value in ("nan", "inf", "-inf", "NaN", "Infinity", "1e400"):
            answer = await api.get("/orgs", params={"limit": value})
            assert _error(answer, 400).startswith("limit"), value


async def test_an_integer_field_refuses_infinity_even_when_parsed(store: Store) -> None:
    from gitbook_mcp.local.errors import Invalid
    from gitbook_mcp.local.http.call import Body

    for value in (float("nan"), float("inf"), 1.5):
        with pytest.raises(Invalid):
            Body({"n": value}).integer("n")
    assert Body({"n": 3.0}).integer("n") == 3
