"""Space lookups: `get` checks access and renders from one lookup, and expired spaces are
purged once per request by the HTTP edge, not on every lookup."""

from __future__ import annotations

from datetime import timedelta

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.seed.ids import SPACES
from gitbook_mcp.local.store.access import Actor

pytestmark = pytest.mark.anyio
ADMIN = Actor("usr_admin")
READER = Actor("usr_reader")


def test_get_renders_what_the_caller_may_view(store: Store) -> None:
    space = store.spaces.get(ADMIN, SPACES["handbook"])
    assert space["id"] == SPACES["handbook"]
    assert space["permissions"]["admin"] is True
    with pytest.raises(NotFound):
        store.spaces.get(Actor("usr_nobody"), SPACES["handbook"])
    with pytest.raises(NotFound):
        store.spaces.get(ADMIN, SPACES["archive"])
    archived = store.spaces.get(ADMIN, SPACES["archive"], include_deleted=True)
    assert archived["deletedAt"]


async def test_expired_spaces_are_purged_once_per_request(
    api: httpx2.AsyncClient, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    purge = store.spaces.purge_expired

    def counted() -> None:
        calls.append(1)
        purge()

    monkeypatch.setattr(store.spaces, "purge_expired", counted)
    clock.advance(timedelta(days=8))
    listed = await api.get("/orgs/org_acme/spaces")
    assert listed.status_code == 200
    assert len(calls) == 1
    assert store.db.scalar("SELECT COUNT(*) FROM spaces WHERE id = ?", (SPACES["archive"],)) == 0
    assert (await api.get(f"/spaces/{SPACES['handbook']}")).status_code == 200
    assert len(calls) == 2
