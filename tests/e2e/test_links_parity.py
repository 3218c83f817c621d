"""Parity of `check_links` and `fix_links` in process and over HTTP (issue 21, item 7): for every
demo space and change request, the server over the in-process workspace (``--local``) and the
server pointed at a ``local-api --profile live --seed demo`` process over HTTP (as against the
real service) report the same broken links (page, target, kind, reason), the same counts and the
same fix plan (fix ids aside: they name a link's place, a pointer or a line)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.cli.wiring import server_for
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import LocalTransport, Store, create_app, load_demo
from gitbook_mcp.server.app import GitBookServer
from gitbook_mcp.server.runner import create_server
from tests.deploy.procs import Proc, running_local_api

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_links_parity")]

TOKEN = "gb_local_admin"
Case = tuple[str, str | None]


@pytest.fixture(scope="module")
def local_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proc]:
    """One ``local-api --profile live --seed demo`` process for the module."""
    with running_local_api(tmp_path_factory.mktemp("parity"), "--profile", "live") as proc:
        yield proc


@pytest.fixture
def workspace() -> Iterator[Store]:
    """The demo workspace in process, as ``--local`` opens it."""
    store = Store(":memory:")
    load_demo(store)
    try:
        yield store
    finally:
        store.close()


def _in_process(store: Store) -> GitBookServer:
    settings = Settings(local=True, profile="live", toolsets=("all",), output_schemas="full")

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token=TOKEN,
            base_url="http://local.test/v1",
            transport=LocalTransport(create_app(store, profile="live")),
            profile="live",
        ) as client:
            yield client

    return create_server(settings, factory=factory)


def _over_http(api: Proc) -> GitBookServer:
    settings = Settings(
        api_url=f"{api.url}/v1",
        api_token=TOKEN,
        profile="live",
        toolsets=("all",),
        output_schemas="full",
    )
    return server_for(settings)


async def _cases(store: Store) -> list[Case]:
    """Every space's main content and every change request of the demo, in any status."""
    cases: list[Case] = []
    async with GitBookClient(
        token=TOKEN,
        base_url="http://local.test/v1",
        transport=LocalTransport(create_app(store, profile="live")),
        profile="live",
    ) as client:
        async for org in client.orgs.list():
            async for space in client.spaces.list(org.id):
                cases.append((space.id, None))
                for status in ("draft", "open", "merged", "archived"):
                    async for cr in client.change_requests.list(space.id, status=status):
                        cases.append((space.id, cr.id))
    return sorted(set(cases), key=lambda c: (c[0], c[1] or ""))


async def _check(client: Client, case: Case) -> dict[str, Any]:
    space, cr = case
    args: dict[str, Any] = {"space_id": space}
    if cr is not None:
        args["change_request_id"] = cr
    result = await client.call_tool("check_links", args)
    assert not result.is_error, f"check_links {case}: {result.content}"
    report: dict[str, Any] = result.structured_content or {}
    broken = sorted(
        (b.get("page_path"), b["target"], b.get("kind"), b.get("reason"), b.get("status"))
        for b in report["broken"]
    )
    counts = {k: report.get(k) for k in ("pages_scanned", "links_checked", "not_checked")}
    plan = await client.call_tool("fix_links", args)
    assert not plan.is_error, f"fix_links {case}: {plan.content}"
    planned: dict[str, Any] = plan.structured_content or {}
    fixes = sorted(
        (f["page_path"], f["text"], f["broken"], f["action"], f["proposed"], f["confidence"])
        for f in planned["fixes"]
    )
    unfixed = sorted((u["page_path"], u["target"], u["reason"]) for u in planned["unfixed"])
    redirects = sorted((r["source"], r["target"]) for r in planned["redirects"])
    return {
        "counts": counts,
        "broken": broken,
        "plan": {"fixes": fixes, "unfixed": unfixed, "redirects": redirects},
    }


def _difference(case: Case, here: dict[str, Any], there: dict[str, Any]) -> str:
    lines = [f"{case[0]} {case[1] or '(main)'}:"]
    if here["counts"] != there["counts"]:
        lines.append(f"  counts in process {here['counts']} / over HTTP {there['counts']}")
    only_here = [b for b in here["broken"] if b not in there["broken"]]
    only_there = [b for b in there["broken"] if b not in here["broken"]]
    lines += [f"  only in process: {b}" for b in only_here]
    lines += [f"  only over HTTP: {b}" for b in only_there]
    for part, mine in here["plan"].items():
        theirs = there["plan"][part]
        lines += [f"  plan, only in process: {x}" for x in mine if x not in theirs]
        lines += [f"  plan, only over HTTP: {x}" for x in theirs if x not in mine]
    return "\n".join(lines)


async def test_check_and_fix_links_in_process_and_over_http_agree(
    workspace: Store, local_api: Proc
) -> None:
    cases = await _cases(workspace)
    assert len(cases) > 3, cases
    differences: list[str] = []
    async with (
        Client(_in_process(workspace), cache=None) as here,
        Client(_over_http(local_api), cache=None) as there,
    ):
        for case in cases:
            mine, theirs = await _check(here, case), await _check(there, case)
            if mine != theirs:
                differences.append(_difference(case, mine, theirs))
    assert not differences, f"{len(differences)} of {len(cases)} cases differ:\n" + "\n".join(
        differences
    )
