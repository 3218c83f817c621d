"""Checking outside URLs: bounded, polite, cached, and never towards an internal address.

Each URL is checked once per run (concurrent askers share the answer): HEAD first, then GET when
HEAD is refused (405, 501) or fails. Redirects are followed by hand, up to a limit, and every hop's
host is resolved and judged by `gitbook_mcp.linkcheck.netguard` before anything is sent. The
request goes to the address that was judged (the Host header and TLS SNI keep the name), so a
second DNS answer cannot swap in an internal address. A separate HTTP client without credentials
is used: the API token is never sent to an outside host.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

import anyio
import httpx2

from gitbook_mcp.linkcheck.netguard import Resolver, guard_host, system_resolver
from gitbook_mcp.linkcheck.once import Once

__all__ = ["ExternalChecker", "UrlVerdict"]

_FALLBACK_TO_GET = frozenset({405, 501})
_STRIPPED = ("authorization", "cookie", "proxy-authorization")
_USER_AGENT = "gitbook-mcp-linkcheck/1"


@dataclass(frozen=True)
class UrlVerdict:
    """The outcome for one URL: ``ok``, ``broken`` (with why) or ``unchecked`` (with why)."""

    status: Literal["ok", "broken", "unchecked"]
    reason: str = ""


class ExternalChecker:
    """Checks outside URLs under a global and a per-host limit, with a per-run cache.

    ``allow``: addresses reachable although internal (only for tests' loopback responders).
    """

    def __init__(
        self,
        *,
        http: httpx2.AsyncClient | None = None,
        resolver: Resolver = system_resolver,
        concurrency: int = 8,
        per_host: int = 2,
        timeout: float = 10.0,
        max_redirects: int = 5,
        allow: Collection[str] = (),
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
        return await self._cache.get(url, lambda: self._follow(url))

    def _host_limit(self, host: str) -> anyio.CapacityLimiter:
        if host not in self._hosts:
            self._hosts[host] = anyio.CapacityLimiter(self._per_host)
        return self._hosts[host]

    async def _follow(self, url: str) -> UrlVerdict:
        current = url
        for _ in range(self._max_redirects + 1):
            try:
                parsed = httpx2.URL(current)
            except httpx2.InvalidURL:
                return UrlVerdict("broken", "the URL is not valid")
            if parsed.scheme not in ("http", "https") or not parsed.host:
                return UrlVerdict("unchecked", f"not checked: {parsed.scheme or 'no'} scheme")
            host = parsed.raw_host.decode("ascii")
            addresses, why = await guard_host(host, self._resolver, self._allow)
            if why is not None:
                return UrlVerdict("unchecked" if addresses else "broken", why)
            async with self._limit, self._host_limit(host):
                answer = await self._probe(parsed, addresses[0])
            if isinstance(answer, str):
                return UrlVerdict("broken", answer)
            status, location = answer
            if 300 <= status < 400 and location:
                try:
                    current = str(parsed.join(location))
                except httpx2.InvalidURL:
                    return UrlVerdict("broken", "the server redirected to an invalid URL")
                continue
            return _verdict(status)
        return UrlVerdict("broken", f"more than {self._max_redirects} redirects")

    async def _probe(self, url: httpx2.URL, address: str) -> tuple[int, str | None] | str:
        """(status, Location) from HEAD, or from GET when HEAD is refused or fails; else why."""
        try:
            status, location = await self._send("HEAD", url, address)
            if status not in _FALLBACK_TO_GET:
                return status, location
        except httpx2.HTTPError:
            pass
        try:
            return await self._send("GET", url, address)
        except httpx2.TimeoutException:
            return "no answer before the timeout"
        except httpx2.HTTPError as exc:
            return f"the request failed ({exc.__class__.__name__})"

    async def _send(self, method: str, url: httpx2.URL, address: str) -> tuple[int, str | None]:
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
            return response.status_code, response.headers.get("location")
        finally:
            await response.aclose()


def _verdict(status: int) -> UrlVerdict:
    if status < 400:
        return UrlVerdict("ok")
    if status == 429:
        return UrlVerdict("unchecked", "not checked: the host is rate limiting (429)")
    return UrlVerdict("broken", f"the server answered {status}")
