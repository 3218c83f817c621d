"""In-memory readers and document builders for the link checker's unit tests."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import httpx2

from gitbook_mcp.linkcheck import ExternalChecker
from gitbook_mcp.linkcheck.model import (
    FileNode,
    PageBody,
    PageNode,
    PublishedSite,
    PublishedSpace,
    RedirectHop,
    RevisionContent,
    ScanResult,
)

Key = tuple[str, str | None]


def text(value: str) -> dict[str, Any]:
    return {"object": "text", "leaves": [{"object": "leaf", "text": value, "marks": []}]}


def link(ref: dict[str, Any], label: str) -> dict[str, Any]:
    return {"object": "inline", "type": "link", "data": {"ref": ref}, "nodes": [text(label)]}


def para(*nodes: dict[str, Any]) -> dict[str, Any]:
    return {"object": "block", "type": "paragraph", "nodes": list(nodes) or [text("")]}


def heading(label: str, level: int = 2, anchor: str | None = None) -> dict[str, Any]:
    data = {"id": anchor} if anchor else {}
    return {"object": "block", "type": f"heading-{level}", "data": data, "nodes": [text(label)]}


def block(kind: str, ref: dict[str, Any], **data: Any) -> dict[str, Any]:
    return {"object": "block", "type": kind, "isVoid": True, "data": {"ref": ref, **data}}


def doc(*nodes: dict[str, Any]) -> dict[str, Any]:
    return {"object": "document", "data": {}, "nodes": list(nodes)}


class FakeReader:
    """Spaces and change requests in memory; counts reads and the most in flight at once."""

    def __init__(self, delay: float = 0.0) -> None:
        self.revisions: dict[Key, RevisionContent] = {}
        self.bodies: dict[tuple[str, str | None, str], PageBody] = {}
        self.delay = delay
        self.reads: list[tuple[str, ...]] = []
        self.in_flight = 0
        self.max_in_flight = 0

    def add(
        self,
        space: str,
        cr: str | None,
        pages: list[tuple[PageNode, dict[str, Any] | str | None]],
        files: list[FileNode] | None = None,
    ) -> None:
        self.revisions[(space, cr)] = RevisionContent([p for p, _ in pages], files or [])
        for page, body in pages:
            if isinstance(body, str):
                self.bodies[(space, cr, page.id)] = PageBody(markdown=body)
            elif body is not None:
                self.bodies[(space, cr, page.id)] = PageBody(document=body)

    async def _enter(self, *call: str) -> None:
        self.reads.append(call)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await anyio.sleep(self.delay)
        finally:
            self.in_flight -= 1

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:
        await self._enter("revision", space_id, change_request_id or "")
        return self.revisions[(space_id, change_request_id)]

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> PageBody | None:
        await self._enter("page", space_id, change_request_id or "", page_id)
        return self.bodies.get((space_id, change_request_id, page_id))

    async def space_exists(self, space_id: str) -> bool:
        await self._enter("space", space_id)
        return any(space == space_id for space, _ in self.revisions)


class FakeSites:
    """Published sites and redirects in memory."""

    def __init__(
        self, sites: list[PublishedSite], redirects: dict[tuple[str, str], str | RedirectHop]
    ) -> None:
        self._sites = sites
        self.redirects = redirects
        self.lookups: list[tuple[str, str]] = []

    async def sites(self) -> list[PublishedSite]:
        return self._sites

    async def redirect(self, site_id: str, source: str) -> RedirectHop | None:
        self.lookups.append((site_id, source))
        found = self.redirects.get((site_id, source))
        return RedirectHop(found) if isinstance(found, str) else found


SITE_URL = "https://docs.acme.test/docs"


def world() -> tuple[FakeReader, FakeSites]:
    """Space ``s1`` (main content and change request ``cr1``), space ``s2``, one site."""
    reader = FakeReader()
    guide = doc(heading("Guide", 1), heading("Set up"), para(text("x")), heading("Run it"))
    pages = [
        (PageNode("p_home", "Home", "", "home"), None),
        (PageNode("p_guide", "Guide", "guide", "guide"), guide),
        (PageNode("p_child", "Child page", "guide/child", "child", parent_id="p_guide"), None),
        (PageNode("p_group", "Reference", "reference", "reference", type="group"), None),
    ]
    files = [FileNode("f_logo", "logo.png"), FileNode("f_manual", "manual.pdf")]
    reader.add("s1", None, pages, files)
    reader.add("s1", "cr1", pages, files)
    intro = doc(heading("Intro", 1), heading("Overview"))
    reader.add("s2", None, [(PageNode("q_intro", "Intro", "intro", "intro"), intro)])
    site = PublishedSite(
        "site1",
        SITE_URL,
        (
            PublishedSpace("site1", "ss1", "s1", SITE_URL),
            PublishedSpace("site1", "ss2", "s2", SITE_URL + "/other"),
        ),
    )
    redirects = {("site1", "/old-guide"): SITE_URL + "/guide"}
    return reader, FakeSites([site], redirects)


def set_home(reader: FakeReader, body: dict[str, Any] | str, cr: str | None = "cr1") -> None:
    """Give the home page of ``s1`` (in ``cr``) this document or markdown."""
    if isinstance(body, str):
        reader.bodies[("s1", cr, "p_home")] = PageBody(markdown=body)
    else:
        reader.bodies[("s1", cr, "p_home")] = PageBody(document=body)


PUBLIC = "93.184.215.14"


def resolver(table: dict[str, list[str]]) -> Callable[[str], Awaitable[list[str]]]:
    async def resolve(host: str) -> list[str]:
        if host not in table:
            raise OSError("no such host")
        return table[host]

    return resolve


class Server:
    """A MockTransport handler recording requests, answering from a table of (method, host)."""

    def __init__(self, answers: dict[tuple[str, str], int | str], delay: float = 0.0) -> None:
        self.answers = answers
        self.delay = delay
        self.requests: list[httpx2.Request] = []
        self.in_flight: dict[str, int] = {}
        self.max_in_flight: dict[str, int] = {}

    async def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        host = request.headers["host"]
        self.in_flight[host] = self.in_flight.get(host, 0) + 1
        self.max_in_flight[host] = max(self.max_in_flight.get(host, 0), self.in_flight[host])
        try:
            await anyio.sleep(self.delay)
            answer = self.answers.get((request.method, host + request.url.path), 404)
            if answer == "fail":
                raise httpx2.ConnectError("refused")
            if answer == "timeout":
                raise httpx2.ReadTimeout("slow")
            if isinstance(answer, str):
                return httpx2.Response(301, headers={"Location": answer})
            return httpx2.Response(answer)
        finally:
            self.in_flight[host] -= 1


def checker(server: Server, table: dict[str, list[str]], **options: Any) -> ExternalChecker:
    """A checker on ``server``; unpaced (``host_rate`` 1000/s) unless a test sets the rate."""
    http = httpx2.AsyncClient(
        transport=httpx2.MockTransport(server), headers={"Authorization": "Bearer secret"}
    )
    options.setdefault("host_rate", 1000.0)
    options.setdefault("retry_wait", 0.0)  # retries, without waiting
    return ExternalChecker(http=http, resolver=resolver(table), **options)


HOSTS = {"a.test": [PUBLIC], "b.test": [PUBLIC], "inside.test": ["192.168.0.10"]}


def home_with_urls(*links: tuple[str, str]) -> tuple[FakeReader, FakeSites]:
    """`world`, its home page in ``cr1`` holding one paragraph of (url, text) links."""
    reader, sites = world()
    set_home(reader, doc(para(*(link({"kind": "url", "url": u}, t) for u, t in links))))
    return reader, sites


async def scan_home(reader: FakeReader, sites: FakeSites, external: ExternalChecker) -> ScanResult:
    """The home page of ``s1`` in ``cr1`` scanned with ``external`` checking outside URLs."""
    from gitbook_mcp.linkcheck import LinkScanner

    return await LinkScanner(reader, sites=sites, external=external).scan_page(
        "s1", "cr1", "p_home"
    )
