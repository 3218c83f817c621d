"""Checking outside URLs: bounded, polite, cached, and never towards an internal address.

Each URL is checked once per run (concurrent askers share the answer): HEAD first, then GET when
HEAD is refused (405, 501) or fails. Redirects are followed by hand, up to a limit, and every hop's
host is resolved and judged by `gitbook_mcp.linkcheck.external.netguard` before anything is sent. The
request goes to the address that was judged (the Host header and TLS SNI keep the name), so a
second DNS answer cannot swap in an internal address. A separate HTTP client without credentials
is used: the API token is never sent to an outside host.

A run is bounded (the constants below): a deadline per URL (time in requests, not in our own
queues) and per run, a cap on distinct URLs per run and per host (redirect hops count), and a
request rate per host. What a bound stops is ``unchecked`` with a reason starting ``limit:``,
never ``ok`` and never ``broken``.

In lychee's conventions: ``url_filter`` skips the URLs ``--include``/``--exclude`` leave out,
``accept`` says which statuses work, transient failures are tried again (`linkcheck.external.retries`),
and ``store`` keeps lasting verdicts across runs (`linkcheck.external.urlcache`). A host that does not
resolve is ``dns`` and one that does not answer in time ``timeout``: unchecked, not broken.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterator
from contextlib import contextmanager

import anyio
import httpx2

from gitbook_mcp.client.limits import Throttle
from gitbook_mcp.client.retry import parse_retry_after
from gitbook_mcp.linkcheck.external.netguard import Resolver, guard_host, system_resolver
from gitbook_mcp.linkcheck.external.retries import (
    MAX_RETRIES,
    RETRY_WAIT,
    Failure,
    UrlVerdict,
    answer_verdict,
    backoff,
    failure_verdict,
    transient,
)
from gitbook_mcp.linkcheck.external.urlcache import UrlCache
from gitbook_mcp.linkcheck.external.urlrules import Accept, UrlFilter
from gitbook_mcp.linkcheck.once import Once

__all__ = [
    "HOST_CONCURRENCY",
    "HOST_RATE",
    "MAX_CONCURRENCY",
    "MAX_URLS",
    "MAX_URLS_PER_HOST",
    "RUN_DEADLINE",
    "TIMEOUT",
    "URL_DEADLINE",
    "ExternalChecker",
    "UrlVerdict",
]

TIMEOUT = 10.0
"""Seconds one request to an outside host may take (``--external-timeout``)."""
MAX_CONCURRENCY = 8
"""Outside URLs checked at once (``--external-max-concurrency``)."""
HOST_CONCURRENCY = 2
"""Requests in flight to one host at once (``--host-concurrency``, lychee's name)."""
URL_DEADLINE = 30.0
"""Seconds one URL may spend in requests, every hop and both methods together (a host that
drips its answer cannot hold a scan)."""
RUN_DEADLINE = 300.0
"""Seconds all outside checks of one run may take, from the first; later URLs are not checked."""
MAX_URLS = 500
"""Distinct outside URLs checked in one run; the rest are not checked."""
MAX_URLS_PER_HOST = 50
"""Distinct URLs requested from one host in one run, redirect hops included (300 links to one
host must not become 600 requests)."""
HOST_RATE = 2.0
"""Requests per second to one host, HEAD and GET each counting (``--host-request-interval`` is
its inverse, 0.5 s)."""

_FALLBACK_TO_GET = frozenset({405, 501})
_Answer = tuple[int, str | None, float | None]
"""(status, Location, seconds of Retry-After)."""
_STRIPPED = ("authorization", "cookie", "proxy-authorization")
_USER_AGENT = "gitbook-mcp-linkcheck/1"


def _limit(why: str) -> UrlVerdict:
    return UrlVerdict("unchecked", f"limit: {why}")


class _UrlClock:
    """The seconds a URL has left in requests; `running` spends them (TimeoutError when out)."""

    def __init__(self, seconds: float) -> None:
        self.left = seconds

    @contextmanager
    def running(self) -> Iterator[None]:
        started = anyio.current_time()
        try:
            with anyio.fail_after(max(self.left, 0.0)):
                yield
        finally:
            self.left -= anyio.current_time() - started


class ExternalChecker:
    """Checks outside URLs under a global and a per-host limit, with a per-run cache.

    One checker is one run: its deadlines, caps and rates (the module's constants by default)
    count from its first check. ``allow``: addresses reachable although internal (only for tests'
    loopback responders). ``sleep`` is what the per-host rate waits with.
    """

    def __init__(
        self,
        *,
        http: httpx2.AsyncClient | None = None,
        resolver: Resolver = system_resolver,
        concurrency: int = MAX_CONCURRENCY,
        per_host: int = HOST_CONCURRENCY,
        timeout: float = TIMEOUT,
        max_redirects: int = 5,
        allow: Collection[str] = (),
        url_deadline: float = URL_DEADLINE,
        run_deadline: float = RUN_DEADLINE,
        max_urls: int = MAX_URLS,
        max_urls_per_host: int = MAX_URLS_PER_HOST,
        host_rate: float = HOST_RATE,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
        accept: Accept | None = None,
        url_filter: UrlFilter | None = None,
        max_retries: int = MAX_RETRIES,
        retry_wait: float = RETRY_WAIT,
        store: UrlCache | None = None,
    ) -> None:
        self._own_http = http is None
        self._http = http or httpx2.AsyncClient(follow_redirects=False, trust_env=False)
        self._resolver = resolver
        self._limit = anyio.CapacityLimiter(max(concurrency, 1))
        self._per_host = max(per_host, 1)
        self._hosts: dict[str, anyio.CapacityLimiter] = {}
        self._timeout = httpx2.Timeout(timeout)
        self._max_redirects = max_redirects
        self._allow = frozenset(allow)
        self._cache: Once[str] = Once()
        self._url_deadline = url_deadline
        self._run_deadline = run_deadline
        self._run_ends: float | None = None
        self._max_urls = max_urls
        self._urls = 0
        self._max_per_host = max_urls_per_host
        self._host_urls: dict[str, set[str]] = {}
        self._host_rate = host_rate
        self._rates: dict[str, Throttle] = {}
        self._sleep = sleep
        self._accept = accept or Accept()
        self._filter = url_filter or UrlFilter()
        self._max_retries = max(max_retries, 0)
        self._retry_wait = max(retry_wait, 0.0)
        self._store = store

    async def __aenter__(self) -> ExternalChecker:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP client if this checker made it."""
        if self._own_http:
            await self._http.aclose()

    async def check(self, url: str) -> UrlVerdict:
        """The verdict for ``url``, checked at most once per run."""
        return await self._cache.get(url, lambda: self._lookup(url))

    async def _lookup(self, url: str) -> UrlVerdict:
        """Skipped by the patterns, kept from an earlier run, or `_bounded` (and kept)."""
        why = self._filter.skip(url)
        if why is not None:
            return UrlVerdict("unchecked" if why.startswith("limit:") else "skipped", why)
        kept = self._store.get(url, self._accept) if self._store is not None else None
        if kept is not None:
            return kept
        verdict = await self._bounded(url)
        if self._store is not None:
            self._store.put(url, verdict)
        return verdict

    async def _bounded(self, url: str) -> UrlVerdict:
        """`_follow` within the run's deadline and URL cap, and the URL's own deadline."""
        now = anyio.current_time()
        if self._run_ends is None:
            self._run_ends = now + self._run_deadline
        late = _limit(f"the run's {self._run_deadline:g} s deadline for outside URLs passed")
        if now >= self._run_ends:
            return late
        if self._urls >= self._max_urls:
            return _limit(f"more than {self._max_urls} outside URLs in this run")
        self._urls += 1
        with anyio.CancelScope(deadline=self._run_ends):
            try:
                return await self._follow(url, _UrlClock(self._url_deadline))
            except TimeoutError:
                return _limit(f"no verdict within the {self._url_deadline:g} s deadline per URL")
        return late

    def _host_limit(self, host: str) -> anyio.CapacityLimiter:
        if host not in self._hosts:
            self._hosts[host] = anyio.CapacityLimiter(self._per_host)
        return self._hosts[host]

    def _admit(self, host: str, url: str) -> UrlVerdict | None:
        """None when ``url`` may be requested from ``host``; else the limit verdict."""
        seen = self._host_urls.setdefault(host, set())
        if url not in seen and len(seen) >= self._max_per_host:
            return _limit(f"more than {self._max_per_host} URLs on {host} in this run")
        seen.add(url)
        return None

    async def _pace(self, host: str) -> None:
        if host not in self._rates:
            self._rates[host] = Throttle(self._host_rate, sleep=self._sleep)
        await self._rates[host].acquire()

    async def _follow(self, url: str, clock: _UrlClock) -> UrlVerdict:
        current = url
        for _ in range(self._max_redirects + 1):
            try:
                parsed = httpx2.URL(current)
            except httpx2.InvalidURL:
                return UrlVerdict("broken", "the URL is not valid")
            if parsed.scheme not in ("http", "https") or not parsed.host:
                return UrlVerdict("unchecked", f"not checked: {parsed.scheme or 'no'} scheme")
            host = parsed.raw_host.decode("ascii")
            with clock.running():
                addresses, why = await guard_host(host, self._resolver, self._allow)
            if why is not None:
                return UrlVerdict("unchecked", why, None if addresses else "dns")
            refused = self._admit(host, str(parsed))
            if refused is not None:
                return refused
            answer, attempts = await self._tries(parsed, addresses[0], clock)
            if isinstance(answer, Failure):
                return failure_verdict(answer, attempts)
            status, location, _ = answer
            if 300 <= status < 400 and location:
                try:
                    current = str(parsed.join(location))
                except httpx2.InvalidURL:
                    reason = "the server redirected to an invalid URL"
                    return UrlVerdict("broken", reason, "broken", lasting=True)
                continue
            return answer_verdict(status, self._accept, attempts)
        reason = f"more than {self._max_redirects} redirects"
        return UrlVerdict("broken", reason, "broken", lasting=True)

    async def _tries(
        self, url: httpx2.URL, address: str, clock: _UrlClock
    ) -> tuple[_Answer | Failure, int]:
        """`_probe`, tried again after a transient failure while tries and the URL's deadline
        last (the wait doubling, or ``Retry-After``); the last answer and how many tries."""
        attempt = 0
        while True:
            async with self._limit, self._host_limit(url.raw_host.decode("ascii")):
                answer = await self._probe(url, address, clock)
            retry_after = None
            if not isinstance(answer, Failure):
                status, _, retry_after = answer
                if status in self._accept or not transient(status):
                    return answer, attempt + 1
            wait = backoff(attempt, self._retry_wait, retry_after)
            if attempt >= self._max_retries or wait is None or wait >= clock.left:
                return answer, attempt + 1
            await self._sleep(wait)
            attempt += 1

    async def _probe(self, url: httpx2.URL, address: str, clock: _UrlClock) -> _Answer | Failure:
        """(status, Location, Retry-After) from HEAD, or from GET when HEAD is refused or
        fails; else the failure.

        Each request waits for the host's rate first, then spends the URL's clock.
        """
        host = url.raw_host.decode("ascii")
        try:
            await self._pace(host)
            with clock.running():
                answer = await self._send("HEAD", url, address)
            if answer[0] not in _FALLBACK_TO_GET:
                return answer
        except httpx2.HTTPError:
            pass
        try:
            await self._pace(host)
            with clock.running():
                return await self._send("GET", url, address)
        except httpx2.TimeoutException:
            return Failure("timeout")
        except httpx2.HTTPError as exc:
            return Failure("network", exc.__class__.__name__)

    async def _send(self, method: str, url: httpx2.URL, address: str) -> _Answer:
        pinned = url.copy_with(host=address)
        host = url.netloc.decode("ascii")
        request = self._http.build_request(
            method,
            pinned,
            headers={"Host": host, "User-Agent": _USER_AGENT, "Accept": "*/*"},
            timeout=self._timeout,
            extensions={"sni_hostname": url.raw_host.decode("ascii")},
        )
        for name in _STRIPPED:
            request.headers.pop(name, None)
        response = await self._http.send(request, stream=True, follow_redirects=False)
        try:
            retry_after = (
                parse_retry_after(response.headers) if transient(response.status_code) else None
            )
            return response.status_code, response.headers.get("location"), retry_after
        finally:
            await response.aclose()
