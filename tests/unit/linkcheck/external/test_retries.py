"""Outside URLs in lychee's conventions: transient failures tried again with a doubling wait
(``Retry-After`` honoured within its cap), accepted statuses, excluded URLs, DNS failures and
timeouts in their own categories, and the persistent cache of lasting verdicts."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest

from gitbook_mcp.linkcheck.external.retries import MAX_RETRY_AFTER, backoff, transient
from gitbook_mcp.linkcheck.external.urlcache import MAX_CACHE_BYTES, MAX_CACHE_ENTRIES, UrlCache
from gitbook_mcp.linkcheck.external.urlrules import UrlFilter, parse_accept
from tests.unit.linkcheck.fakes import HOSTS, Server, checker, home_with_urls, scan_home

pytestmark = pytest.mark.anyio


class Sequenced(Server):
    """A server whose answers for one (method, host/path) come in turn (the last one repeats)."""

    def __init__(self, turns: dict[tuple[str, str], list[int | str | httpx2.Response]]) -> None:
        super().__init__({})
        self.turns = turns

    async def __call__(self, request: httpx2.Request) -> httpx2.Response:
        key = (request.method, request.headers["host"] + request.url.path)
        answers = self.turns.get(key, [404])
        answer = answers.pop(0) if len(answers) > 1 else answers[0]
        if isinstance(answer, httpx2.Response):
            self.requests.append(request)
            return answer
        self.answers = {key: answer}
        return await super().__call__(request)


def _waits() -> tuple[list[float], object]:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        if seconds > 0.01:  # not the per-host pace of an unpaced checker (1e-3 s and less)
            waits.append(seconds)

    return waits, sleep


def test_only_transient_statuses_are_retried_and_the_wait_doubles_to_a_cap() -> None:
    assert [s for s in (400, 404, 410, 429, 500, 501, 502, 503, 504) if transient(s)] == [
        429,
        500,
        502,
        503,
        504,
    ]
    assert [backoff(n, 1.0) for n in range(5)] == [1.0, 2.0, 4.0, 8.0, 8.0]
    assert backoff(0, 1.0, retry_after=3.0) == 3.0
    assert backoff(0, 1.0, retry_after=MAX_RETRY_AFTER + 1) is None


async def test_a_single_503_or_timeout_is_not_broken_the_next_try_answers() -> None:
    server = Sequenced(
        {
            ("HEAD", "a.test/flaky"): [503, 200],
            ("HEAD", "a.test/slow"): ["timeout", 200],
            ("GET", "a.test/slow"): ["timeout", 200],
        }
    )
    waits, sleep = _waits()
    async with checker(server, HOSTS, retry_wait=1.0, sleep=sleep, host_rate=1000.0) as check:
        flaky = await check.check("https://a.test/flaky")
        slow = await check.check("https://a.test/slow")
    assert (flaky.status, slow.status) == ("ok", "ok")
    assert waits == [1.0, 1.0]


async def test_retries_stop_after_max_retries_with_a_doubling_wait() -> None:
    server = Sequenced({("HEAD", "a.test/down"): [503]})
    waits, sleep = _waits()
    async with checker(server, HOSTS, max_retries=3, retry_wait=0.5, sleep=sleep) as check:
        verdict = await check.check("https://a.test/down")
    assert (verdict.status, verdict.reason) == ("broken", "the server answered 503 (4 tries)")
    assert not verdict.lasting
    assert waits == [0.5, 1.0, 2.0]
    assert len(server.requests) == 4


async def test_a_404_is_never_retried() -> None:
    server = Sequenced({("HEAD", "a.test/gone"): [404]})
    async with checker(server, HOSTS, max_retries=3) as check:
        verdict = await check.check("https://a.test/gone")
    assert (verdict.status, verdict.reason, verdict.lasting) == (
        "broken",
        "the server answered 404",
        True,
    )
    assert len(server.requests) == 1


async def test_429_honours_retry_after_within_its_cap_else_is_rate_limited() -> None:
    server = Sequenced(
        {
            ("HEAD", "a.test/soon"): [httpx2.Response(429, headers={"Retry-After": "3"}), 200],
            ("HEAD", "a.test/later"): [httpx2.Response(429, headers={"Retry-After": "3600"})],
        }
    )
    waits, sleep = _waits()
    async with checker(server, HOSTS, sleep=sleep, host_rate=1000.0) as check:
        soon = await check.check("https://a.test/soon")
        later = await check.check("https://a.test/later")
    assert soon.status == "ok"
    assert waits == [3.0]
    assert (later.status, later.category, later.reason) == (
        "unchecked",
        "rate-limited",
        "the host is rate limiting (429)",
    )


async def test_accepted_statuses_and_excluded_urls() -> None:
    server = Server({("HEAD", "a.test/forbidden"): 403, ("HEAD", "a.test/teapot"): 418})
    accept = parse_accept("200..=204,403,429")
    skip = UrlFilter.of(exclude=[r"^https://b\.test/"])
    async with checker(server, HOSTS, accept=accept, url_filter=skip) as check:
        forbidden = await check.check("https://a.test/forbidden")
        teapot = await check.check("https://a.test/teapot")
        excluded = await check.check("https://b.test/anything")
    assert forbidden.status == "ok"
    assert (teapot.status, teapot.reason) == ("broken", "the server answered 418")
    assert (excluded.status, excluded.reason) == (
        "skipped",
        r"excluded: it matches '^https://b\\.test/'",
    )
    assert [r.headers["host"] for r in server.requests] == ["a.test", "a.test"]


async def test_in_a_scan_dns_and_timeouts_are_their_own_categories_and_excluded_is_no_finding() -> (
    None
):
    reader, sites = home_with_urls(
        ("https://nowhere.test/", "no host"),
        ("https://a.test/slow", "slow"),
        ("https://b.test/skip", "skipped"),
        ("https://a.test/gone", "gone"),
    )
    server = Server({("HEAD", "a.test/slow"): "timeout", ("GET", "a.test/slow"): "timeout"})
    skip = UrlFilter.of(exclude=[r"b\.test"])
    async with checker(server, HOSTS, url_filter=skip) as external:
        result = await scan_home(reader, sites, external)
    assert [(f.text, f.status, f.category) for f in result.findings] == [
        ("no host", "unchecked", "dns"),
        ("slow", "unchecked", "timeout"),
        ("gone", "broken", "broken"),
    ]
    assert [f.text for f in result.broken] == ["gone"]
    assert list(result.not_checked.values()) == [r"excluded: it matches 'b\\.test'"]
    assert result.links_checked == 3


async def test_the_cache_keeps_lasting_verdicts_only_and_judges_them_again(tmp_path: Path) -> None:
    path = tmp_path / ".gitbook-linkcache"
    clock = [1000.0]
    store = UrlCache.load(path, 86400, now=lambda: clock[0])
    answers: dict[tuple[str, str], int | str] = {
        ("HEAD", "a.test/ok"): 200,
        ("HEAD", "a.test/gone"): 404,
        ("HEAD", "a.test/down"): 503,
        ("HEAD", "a.test/slow"): "timeout",
        ("GET", "a.test/slow"): "timeout",
        ("HEAD", "a.test/forbidden"): 403,
    }
    server = Server(answers)
    urls = [f"https://a.test/{p}" for p in ("ok", "gone", "down", "slow", "forbidden")]
    async with checker(server, HOSTS, store=store) as check:
        first = [await check.check(u) for u in urls]
    store.save()
    assert [v.status for v in first] == ["ok", "broken", "broken", "unchecked", "broken"]
    assert sorted(store._entries) == sorted(urls[i] for i in (0, 1, 4))

    clock[0] += 3600  # an hour later, a new run, 403 now accepted
    again = UrlCache.load(path, 86400, now=lambda: clock[0])
    server = Server(answers)
    accept = parse_accept("200..=299,403")
    async with checker(server, HOSTS, store=again, accept=accept) as check:
        second = [await check.check(u) for u in urls]
    assert [(v.status, v.reason) for v in second] == [
        ("ok", ""),
        ("broken", "the server answered 404 (cached)"),
        ("broken", "the server answered 503 (3 tries)"),
        ("unchecked", "no answer before the timeout (3 tries)"),
        ("ok", ""),
    ]
    assert again.hits == 3
    requested = {r.url.path for r in server.requests}
    assert requested == {"/down", "/slow"}  # only what was transient is asked again

    clock[0] += 86400  # past the maximum age: every entry is dropped when read
    assert len(UrlCache.load(path, 86400, now=lambda: clock[0])) == 0


def test_a_cache_file_that_is_not_ours_or_too_large_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "cache"
    for body in ('{"version": 1, "urls": []}', "not json", '{"version": 9, "urls": {}}'):
        path.write_text(body, encoding="utf-8")
        assert len(UrlCache.load(path, 86400)) == 0
    path.write_text(
        '{"version": 1, "urls": {"https://a.test/": {"at": 1e12, "status": "ok", "reason": "",'
        ' "code": 200}, "https://b.test/": {"at": 1e12, "status": "weird", "reason": ""}}}',
        encoding="utf-8",
    )
    assert len(UrlCache.load(path, 86400, now=lambda: 1e12)) == 1
    path.write_bytes(b" " * (MAX_CACHE_BYTES + 1))
    assert len(UrlCache.load(path, 86400)) == 0


def test_the_cache_file_is_bounded_the_oldest_going_first(tmp_path: Path) -> None:
    from gitbook_mcp.linkcheck.external.retries import UrlVerdict

    clock = [0.0]
    store = UrlCache.load(tmp_path / "c", 1e9, now=lambda: clock[0])
    for i in range(MAX_CACHE_ENTRIES + 5):
        clock[0] += 1
        store.put(f"https://a.test/{i}", UrlVerdict("ok", category="ok", lasting=True))
    store.put("https://a.test/t", UrlVerdict("unchecked", "no answer", "timeout"))
    store.save()
    kept = UrlCache.load(tmp_path / "c", 1e9, now=lambda: clock[0])
    assert len(kept) == MAX_CACHE_ENTRIES
    assert kept.get("https://a.test/0", parse_accept("200")) is None
    assert kept.get(f"https://a.test/{MAX_CACHE_ENTRIES + 4}", parse_accept("200")) is not None
