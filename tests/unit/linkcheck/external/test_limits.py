"""Outside-URL checks are bounded: deadlines per URL and per run, distinct URLs per run and per
host, a request rate per host; what a bound stops is ``unchecked`` with a ``limit:`` reason.
"""

from __future__ import annotations

import anyio
import httpx2
import pytest

from gitbook_mcp.linkcheck import LinkScanner
from gitbook_mcp.linkcheck.external.checker import (
    HOST_RATE,
    MAX_URLS,
    MAX_URLS_PER_HOST,
    RUN_DEADLINE,
    URL_DEADLINE,
    ExternalChecker,
    UrlVerdict,
)
from tests.unit.linkcheck.fakes import HOSTS, Server, checker, doc, link, para, set_home, world

pytestmark = pytest.mark.anyio


def _all_ok(hosts: list[str], count: int) -> dict[tuple[str, str], int | str]:
    return {("HEAD", f"{host}/{i}"): 200 for host in hosts for i in range(count)}


async def _check_all(check: ExternalChecker, urls: list[str]) -> list[UrlVerdict]:
    verdicts: dict[int, UrlVerdict] = {}

    async def one(i: int, url: str) -> None:
        verdicts[i] = await check.check(url)

    async with anyio.create_task_group() as tg:
        for i, url in enumerate(urls):
            tg.start_soon(one, i, url)
    return [verdicts[i] for i in range(len(urls))]


def test_the_limits_are_named_constants() -> None:
    assert (URL_DEADLINE, RUN_DEADLINE, MAX_URLS, MAX_URLS_PER_HOST, HOST_RATE) == (
        30.0,
        300.0,
        500,
        50,
        2.0,
    )


async def test_three_hundred_links_to_one_host_send_at_most_the_per_host_cap() -> None:
    server = Server(_all_ok(["a.test", "b.test"], 300))
    urls = [f"https://a.test/{i}" for i in range(300)] + ["https://b.test/1"]
    async with checker(server, HOSTS, max_urls_per_host=5) as check:
        verdicts = await _check_all(check, urls)
    hosts = [r.headers["host"] for r in server.requests]
    assert hosts.count("a.test") == 5
    assert hosts.count("b.test") == 1
    assert [v.status for v in verdicts].count("ok") == 6
    limited = [v for v in verdicts if v.status != "ok"]
    assert len(limited) == 295
    assert all(v.status == "unchecked" and v.limited for v in limited)
    assert limited[0].reason == "limit: more than 5 URLs on a.test in this run"


async def test_redirect_hops_count_towards_the_per_host_cap() -> None:
    server = Server(
        {("HEAD", "a.test/0"): "/1", ("HEAD", "a.test/1"): "/2", ("HEAD", "a.test/2"): 200}
    )
    async with checker(server, HOSTS, max_urls_per_host=2) as check:
        verdict = await check.check("https://a.test/0")
    assert verdict.limited
    assert len(server.requests) == 2


async def test_distinct_urls_past_the_run_cap_are_not_checked() -> None:
    server = Server(_all_ok(["a.test", "b.test"], 4))
    urls = [f"https://{h}/{i}" for i in range(4) for h in ("a.test", "b.test")]
    async with checker(server, HOSTS, max_urls=3) as check:
        verdicts = [await check.check(url) for url in urls]
        again = await check.check(urls[0])
    assert [v.status for v in verdicts] == ["ok"] * 3 + ["unchecked"] * 5
    assert verdicts[3].reason == "limit: more than 3 outside URLs in this run"
    assert again.status == "ok"
    assert len(server.requests) == 3


async def test_a_slow_host_is_cut_at_the_deadline_per_url_not_reported_broken() -> None:
    server = Server({("HEAD", "a.test/slow"): 200}, delay=30.0)
    async with checker(server, HOSTS, url_deadline=0.2) as check:
        verdict = await check.check("https://a.test/slow")
    assert verdict.status == "unchecked"
    assert verdict.reason == "limit: no verdict within the 0.2 s deadline per URL"


async def test_after_the_run_deadline_no_url_is_requested() -> None:
    server = Server({("HEAD", "a.test/slow"): 200, ("HEAD", "b.test/later"): 200}, delay=30.0)
    async with checker(server, HOSTS, run_deadline=0.2) as check:
        first = await check.check("https://a.test/slow")
        sent = len(server.requests)
        later = await check.check("https://b.test/later")
    assert first.limited
    assert later.limited
    assert later.reason == "limit: the run's 0.2 s deadline for outside URLs passed"
    assert sent == 1
    assert len(server.requests) == 1


async def test_requests_to_one_host_are_paced_by_the_host_rate() -> None:
    waits: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)

    server = Server(_all_ok(["a.test", "b.test"], 4))
    urls = [f"https://a.test/{i}" for i in range(4)] + ["https://b.test/0", "https://b.test/1"]
    async with checker(server, HOSTS, host_rate=0.01, sleep=fake_sleep) as check:
        verdicts = await _check_all(check, urls)
    assert all(v.status == "ok" for v in verdicts)
    assert len(waits) == 3 + 1  # every request to a host after its first waits its turn
    assert all(90.0 < w <= 100.0 for w in waits)


async def test_a_limited_url_is_an_unchecked_finding_never_ok_nor_broken() -> None:
    reader, sites = world()
    links = [
        link({"kind": "url", "url": "https://a.test/1"}, "first"),
        link({"kind": "url", "url": "https://a.test/2"}, "second"),
    ]
    set_home(reader, doc(para(*links)))
    server = Server({("HEAD", "a.test/1"): 200, ("HEAD", "a.test/2"): 200})
    async with checker(server, HOSTS, max_urls_per_host=1, concurrency=1) as external:
        scanner = LinkScanner(reader, sites=sites, external=external)
        result = await scanner.scan_page("s1", "cr1", "p_home")
    assert len(result.findings) == 1
    finding = result.findings[0]
    assert finding.status == "unchecked"
    assert finding.reason.startswith("limit: more than 1 URLs on a.test")
    assert result.broken == []
    assert len(server.requests) == 1


async def test_a_resolver_that_hangs_spends_the_deadline_per_url() -> None:
    async def hanging(host: str) -> list[str]:
        await anyio.sleep(30.0)
        return []

    server = Server({})
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(server))
    async with http, ExternalChecker(http=http, resolver=hanging, url_deadline=0.2) as check:
        verdict = await check.check("https://a.test/")
    assert verdict.reason == "limit: no verdict within the 0.2 s deadline per URL"
    assert server.requests == []
