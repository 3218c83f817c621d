"""Calls in flight per caller: at most `IN_FLIGHT` run, `WAITING` more queue, the rest are
refused at once; another caller is not held up by them (counted, never timed)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp.types import CallToolResult

from gitbook_mcp.document.cpu import CPU_OWNER
from gitbook_mcp.local import Store
from gitbook_mcp.server.calls.fairness import (
    IN_FLIGHT,
    WAITING,
    CallSlots,
    TooManyInFlight,
    caller_of_call,
)
from gitbook_mcp.server.http.auth.keys import CALLER_KEY
from gitbook_mcp.server.http.ops.limits import CallerInFlight
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio


async def test_a_callers_calls_beyond_its_slots_queue_and_beyond_the_queue_are_refused() -> None:
    slots = CallSlots()
    release = anyio.Event()
    running = [0]
    most = [0]
    refused: list[str] = []

    async def call(caller: str) -> None:
        try:
            async with slots.hold(caller):
                assert CPU_OWNER.get() == caller  # its CPU work is charged to it
                running[0] += 1
                most[0] = max(most[0], running[0])
                await release.wait()
                running[0] -= 1
        except TooManyInFlight:
            refused.append(caller)

    async with anyio.create_task_group() as tg:
        for _ in range(IN_FLIGHT + WAITING + 5):
            tg.start_soon(call, "token:flood")
        await anyio.wait_all_tasks_blocked()
        assert refused == ["token:flood"] * 5
        assert slots.running("token:flood") == IN_FLIGHT
        # Another caller gets a slot at once while the flood's queue is full.
        with anyio.fail_after(5):
            async with slots.hold("token:victim"):
                assert slots.running("token:victim") == 1
        release.set()
    assert most[0] == IN_FLIGHT
    assert slots.callers == {}


def test_a_caller_is_the_tenant_then_the_session_then_the_address_then_the_local_user() -> None:
    class Request:
        scope: dict[str, Any] = {"client": ("10.0.0.7", 5555)}
        headers: dict[str, str] = {}

    class InSession(Request):
        headers = {"mcp-session-id": "s1"}

    assert caller_of_call(Request()) == "addr:10.0.0.7"
    assert caller_of_call(InSession()) == "session:s1"
    assert caller_of_call(None) == "local"
    token = CALLER_KEY.set("abc")
    try:
        assert caller_of_call(InSession()) == "token:abc"
    finally:
        CALLER_KEY.reset(token)


async def test_the_server_refuses_a_callers_call_beyond_its_queue(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = make_server(store)
    release = anyio.Event()
    entered = [0]

    async def held(name: str, arguments: dict[str, Any], context: Any) -> CallToolResult:
        entered[0] += 1
        await release.wait()
        return CallToolResult(content=[])

    monkeypatch.setattr(server, "_checked_call", held)
    answers: list[CallToolResult] = []

    async def call() -> None:
        answers.append(await server.call_tool("list_organizations", {}))

    async with anyio.create_task_group() as tg:
        for _ in range(IN_FLIGHT + WAITING + 3):
            tg.start_soon(call)
        await anyio.wait_all_tasks_blocked()
        assert entered[0] == IN_FLIGHT
        assert len(answers) == 3
        assert all(a.is_error and "too many calls in flight" in a.content[0].text for a in answers)
        release.set()
    assert entered[0] == IN_FLIGHT + WAITING
    assert sum(not a.is_error for a in answers) == IN_FLIGHT + WAITING


async def test_the_http_edge_queues_a_callers_requests_beyond_its_slots_then_answers_429() -> None:
    release = anyio.Event()
    inside = [0]

    async def app(scope: Any, receive: Any, send: Any) -> None:
        inside[0] += 1
        await release.wait()

    edge = CallerInFlight(app, limit=3, waiting=2, wait_seconds=30)  # type: ignore[arg-type]
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    def scope(address: str, method: str = "POST", session: bytes = b"") -> dict[str, Any]:
        headers = [(b"mcp-session-id", session)] if session else []
        return {"type": "http", "method": method, "headers": headers, "client": (address, 1)}

    async with anyio.create_task_group() as tg:
        for _ in range(5):
            tg.start_soon(edge, scope("10.0.0.1"), None, send)
        await anyio.wait_all_tasks_blocked()
        assert inside[0] == 3  # two wait, unread
        await edge(scope("10.0.0.1"), None, send)  # the sixth: refused at once
        assert sent[0]["status"] == 429
        assert (b"retry-after", b"1") in sent[0]["headers"]
        tg.start_soon(edge, scope("10.0.0.2"), None, send)  # another caller
        tg.start_soon(edge, scope("10.0.0.1", "GET"), None, send)  # a stream, not a call
        # Unverified, in a session: the session is the caller, not the address it shares.
        tg.start_soon(edge, scope("10.0.0.1", session=b"s1"), None, send)
        await anyio.wait_all_tasks_blocked()
        assert inside[0] == 6
        release.set()
    assert inside[0] == 8  # the two that waited ran
    assert edge.slots == {}
    assert [m.get("status") for m in sent if m["type"] == "http.response.start"] == [429]


async def test_a_request_waiting_past_its_time_is_answered_429() -> None:
    release = anyio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await release.wait()

    edge = CallerInFlight(app, limit=1, waiting=1, wait_seconds=0.01)  # type: ignore[arg-type]
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    request = {"type": "http", "method": "POST", "headers": [], "client": ("10.0.0.1", 1)}
    async with anyio.create_task_group() as tg:
        tg.start_soon(edge, request, None, send)
        await anyio.wait_all_tasks_blocked()
        await edge(request, None, send)
        release.set()
    assert [m.get("status") for m in sent if m["type"] == "http.response.start"] == [429]
