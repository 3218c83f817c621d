"""Outside URLs: the address guard, HEAD then GET, redirects, per-host limit, cache, no token."""

from __future__ import annotations

import anyio
import pytest

from gitbook_mcp.linkcheck.external.netguard import guard_host, refusal
from tests.unit.linkcheck.fakes import (
    HOSTS,
    PUBLIC,
    Server,
    checker,
    home_with_urls,
    resolver,
    scan_home,
)

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("127.0.0.1", "a loopback address"),
        ("127.8.9.10", "a loopback address"),
        ("::1", "a loopback address"),
        ("10.1.2.3", "a private address"),
        ("172.16.0.1", "a private address"),
        ("192.168.1.1", "a private address"),
        ("fc00::1", "a private address"),
        ("fd12:3456::1", "a private address"),
        ("169.254.169.254", "a link-local address"),
        ("fe80::1%eth0", "a link-local address"),
        ("224.0.0.1", "a multicast address"),
        ("ff02::1", "a multicast address"),
        ("0.0.0.0", "an unspecified address"),
        ("::", "an unspecified address"),
        ("240.0.0.1", "a private address"),
        ("::ffff:127.0.0.1", "a loopback address"),
        ("::ffff:10.0.0.1", "a private address"),
        ("2002:7f00:1::", "a loopback address"),
        ("64:ff9b::a9fe:a9fe", "a link-local address"),
    ],
)
def test_refused_addresses(address: str, why: str) -> None:
    assert refusal(address) == why


@pytest.mark.parametrize(
    ("form", "address", "why"),
    [
        ("site-local IPv6 (fec0::/10)", "fec0::1", "a site-local address"),
        ("site-local IPv6, top of range", "feff:ffff::1", "a site-local address"),
        ("IPv4-mapped, private", "::ffff:192.168.1.1", "a private address"),
        ("IPv4-compatible, private", "::10.0.0.1", "a private address"),
        ("IPv4-compatible, loopback", "::127.0.0.1", "a loopback address"),
        ("IPv4-translated (SIIT), private", "::ffff:0:10.0.0.1", "a private address"),
        ("6to4 of a private v4", "2002:a00:1::1", "a private address"),
        ("6to4 of CGNAT", "2002:6440:1::", "a shared (CGNAT) address"),
        ("Teredo, client 10.0.0.1", "2001:0:4136:e378:8000:63bf:f5ff:fffe", "a private address"),
        ("NAT64 of a private v4", "64:ff9b::10.0.0.1", "a private address"),
        ("NAT64 local-use of a private v4", "64:ff9b:1::10.0.0.1", "a private address"),
        ("NAT64 of the metadata address", "64:ff9b::169.254.169.254", "a link-local address"),
        ("this network (0.0.0.0/8)", "0.1.2.3", "a this-network address"),
        ("CGNAT (100.64/10)", "100.64.0.1", "a shared (CGNAT) address"),
        ("CGNAT, top of range", "100.127.255.254", "a shared (CGNAT) address"),
        ("benchmarking (198.18/15)", "198.18.0.1", "a benchmarking address"),
        ("benchmarking, top of range", "198.19.255.254", "a benchmarking address"),
    ],
)
def test_every_form_of_a_non_public_address_is_refused(form: str, address: str, why: str) -> None:
    assert refusal(address) == why, form


@pytest.mark.parametrize(
    "address",
    [
        "192.0.0.8",  # RFC 7600 IPv4 dummy address (red team, issue 36): 3.11 called it global
        "192.0.0.1",  # IETF protocol assignments (192.0.0.0/24), DS-Lite among them
        "192.0.0.171",  # NAT64/DNS64 discovery
        "192.0.2.1",  # TEST-NET-1
        "198.51.100.7",  # TEST-NET-2
        "203.0.113.9",  # TEST-NET-3
        "192.88.99.1",  # deprecated 6to4 relay anycast
        "255.255.255.255",  # limited broadcast
        "100::1",  # IPv6 discard-only
        "100:0:0:1::1",  # IPv6 dummy prefix
        "2001:2::1",  # benchmarking, in the IETF protocol assignments (2001::/23)
        "2001:db8::1",  # documentation
        "3fff::1",  # documentation (RFC 9637)
        "5f00::1",  # segment-routing SIDs
    ],
)
def test_the_iana_special_purpose_blocks_not_globally_reachable_are_refused(address: str) -> None:
    assert refusal(address) is not None, address


@pytest.mark.parametrize(
    "address", ["::ffff:8.8.8.8", "::8.8.8.8", "64:ff9b::8.8.8.8", "fec0::1", "100.64.0.1"]
)
async def test_a_host_resolving_to_an_embedded_or_non_public_address_gets_no_request(
    address: str,
) -> None:
    server = Server({("HEAD", "odd.test/"): 200})
    async with checker(server, {"odd.test": [address]}) as check:
        verdict = await check.check("https://odd.test/")
    assert verdict.status == "unchecked"
    assert verdict.reason.startswith(f"refused: odd.test resolves to {address}")
    assert server.requests == []


@pytest.mark.parametrize(
    "address", [PUBLIC, "8.8.8.8", "100.128.0.1", "198.20.0.1", "2606:4700::1111", "2002:808:808::"]
)
def test_public_addresses_pass(address: str) -> None:
    assert refusal(address) is None


async def test_guard_judges_every_resolved_address_and_ip_literals() -> None:
    table = {"mixed.test": [PUBLIC, "10.0.0.5"], "ok.test": [PUBLIC]}
    assert await guard_host("ok.test", resolver(table)) == ([PUBLIC], None)
    _addresses, why = await guard_host("mixed.test", resolver(table))
    assert why == "refused: mixed.test resolves to 10.0.0.5, a private address"
    assert await guard_host("[::1]", resolver({})) == (
        ["::1"],
        "refused: [::1] resolves to ::1, a loopback address",
    )
    assert (await guard_host("nowhere.test", resolver(table)))[1] == (
        "the host nowhere.test could not be resolved (OSError)"
    )


async def test_head_first_then_get_when_refused_or_failing() -> None:
    server = Server(
        {
            ("HEAD", "a.test/ok"): 200,
            ("HEAD", "a.test/no-head"): 405,
            ("GET", "a.test/no-head"): 200,
            ("HEAD", "a.test/unimplemented"): 501,
            ("GET", "a.test/unimplemented"): 404,
            ("HEAD", "a.test/flaky"): "fail",
            ("GET", "a.test/flaky"): 204,
            ("HEAD", "a.test/slow"): "timeout",
            ("GET", "a.test/slow"): "timeout",
        }
    )
    async with checker(server, HOSTS) as check:
        verdicts = {
            path: await check.check(f"https://a.test/{path}")
            for path in ("ok", "no-head", "unimplemented", "flaky", "slow", "missing")
        }
    assert {p: (v.status, v.reason) for p, v in verdicts.items()} == {
        "ok": ("ok", ""),
        "no-head": ("ok", ""),
        "unimplemented": ("broken", "the server answered 404"),
        "flaky": ("ok", ""),
        "slow": ("unchecked", "no answer before the timeout (3 tries)"),
        "missing": ("broken", "the server answered 404"),
    }
    assert [(r.method, r.url.path) for r in server.requests[:3]] == [
        ("HEAD", "/ok"),
        ("HEAD", "/no-head"),
        ("GET", "/no-head"),
    ]


async def test_requests_go_to_the_judged_address_without_credentials() -> None:
    server = Server({("HEAD", "a.test/x"): 200})
    async with checker(server, HOSTS) as check:
        assert (await check.check("https://a.test/x")).status == "ok"
    request = server.requests[0]
    assert request.url.host == PUBLIC
    assert request.headers["host"] == "a.test"
    assert request.extensions["sni_hostname"] == "a.test"
    assert "authorization" not in request.headers
    assert "cookie" not in request.headers


async def test_internal_hosts_are_refused_before_any_request() -> None:
    server = Server({})
    async with checker(server, HOSTS) as check:
        inside = await check.check("http://inside.test/admin")
        metadata = await check.check("http://169.254.169.254/latest/meta-data")
        unknown = await check.check("https://unknown.test/")
    assert (inside.status, inside.reason) == (
        "unchecked",
        "refused: inside.test resolves to 192.168.0.10, a private address",
    )
    assert metadata.status == "unchecked"
    assert "link-local" in metadata.reason
    assert (unknown.status, unknown.category, unknown.reason) == (
        "unchecked",
        "dns",
        "the host unknown.test could not be resolved (OSError)",
    )
    assert server.requests == []


async def test_redirects_are_followed_and_each_hop_is_guarded() -> None:
    server = Server(
        {
            ("HEAD", "a.test/moved"): "https://b.test/new",
            ("HEAD", "b.test/new"): 200,
            ("HEAD", "a.test/sneaky"): "http://inside.test/secret",
            ("HEAD", "a.test/loop"): "/loop",
            ("HEAD", "a.test/garbage"): "http://[::1",
        }
    )
    async with checker(server, HOSTS, max_redirects=3) as check:
        moved = await check.check("https://a.test/moved")
        sneaky = await check.check("https://a.test/sneaky")
        loop = await check.check("https://a.test/loop")
        garbage = await check.check("https://a.test/garbage")
    assert moved.status == "ok"
    assert sneaky.status == "unchecked"
    assert "192.168.0.10" in sneaky.reason
    assert (loop.status, loop.reason) == ("broken", "more than 3 redirects")
    assert garbage.reason == "the server redirected to an invalid URL"
    assert not any(r.headers["host"] == "inside.test" for r in server.requests)


async def test_per_host_limit_and_cache() -> None:
    answers: dict[tuple[str, str], int | str] = {}
    for i in range(6):
        answers[("HEAD", f"a.test/{i}")] = 200
        answers[("HEAD", f"b.test/{i}")] = 200
    server = Server(answers, delay=0.02)
    check = checker(server, HOSTS, per_host=2, concurrency=10)
    async with check, anyio.create_task_group() as tg:
        for _ in range(3):
            for i in range(6):
                tg.start_soon(check.check, f"https://a.test/{i}")
                tg.start_soon(check.check, f"https://b.test/{i}")
    assert server.max_in_flight == {"a.test": 2, "b.test": 2}
    assert len(server.requests) == 12


async def test_scan_with_external_reports_dead_and_refused_urls() -> None:
    reader, sites = home_with_urls(
        ("https://a.test/ok", "fine"),
        ("https://a.test/dead", "dead"),
        ("http://inside.test/", "inside"),
        ("mailto:someone@a.test", "mail"),
    )
    server = Server({("HEAD", "a.test/ok"): 200})
    async with checker(server, HOSTS) as external:
        result = await scan_home(reader, sites, external)
    assert [(f.text, f.status, f.reason) for f in result.findings] == [
        ("dead", "broken", "the server answered 404"),
        ("inside", "unchecked", "refused: inside.test resolves to 192.168.0.10, a private address"),
    ]
    assert result.links_checked == 3
    assert [f.text for f in result.broken] == ["dead"]


async def test_international_and_ipv6_hosts_are_pinned_by_their_ascii_name() -> None:
    server = Server({("HEAD", "xn--bcher-kva.test/x"): 200})
    table = {"xn--bcher-kva.test": ["2606:4700::1111"]}
    async with checker(server, table) as check:
        assert (await check.check("https://bücher.test/x")).status == "ok"
    request = server.requests[0]
    assert str(request.url) == "https://[2606:4700::1111]/x"
    assert request.extensions["sni_hostname"] == "xn--bcher-kva.test"
