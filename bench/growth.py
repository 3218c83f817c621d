"""Growth: `check-links` on spaces of 1,000 to 50,000 pages against ``local-api --latency-ms``,
beside a bare client making the same requests in the same run, and the cost of its rechecks.

python -m bench.growth [--pages 1000 5000] [--latency 20] [--runs 2] [--broken 100]

Each space is the demo workspace's ``spc_handbook`` main content (live profile, published on a
site: the site's findings are read too) with ``pages`` pages of ten links each and ``broken``
broken links in all, built fast: one page's document is made by the workspace's own parser, the
others are copies with their ids and targets swapped in, inserted in one transaction (the
store's page-by-page path parses and re-reads the tree per page: quadratic). Measured per size:

- ``gitbook-mcp check-links`` (a child process, its peak RSS by ``/usr/bin/time``) and a bare
  client (``httpx2``, the same cap of 8 in flight, no parsing) making the same requests, the
  two alternated ``runs`` times against one ``local-api`` process;
- the floor, ⌈requests / 8⌉ x latency: what 8 requests in flight at the given latency allow with
  no CPU time at all; it assumes an idle machine with a core free for the server and one for the
  client. The run prints the CPU it ran on (`cpu`); here, 2 cores of an AMD EPYC virtual
  machine shared with other work, so the local workspace's own CPU per answer and the check's
  come on top, and the bare client is the fair comparison;
- a check, then a recheck unchanged and one after 1% of the pages changed, counting requests.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
import httpx2

from gitbook_mcp.local import Store, load_demo
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.logs import configure_logging

__all__ = ["HEADING", "build_space", "main", "write_section"]

HEADING = "## Growth: check-links from 1,000 to 50,000 pages"

SPACE = "spc_handbook"
TOKEN = "gb_local_admin"
CAP = 8
AUTH = {"Authorization": f"Bearer {TOKEN}"}
LINKS_PER_PAGE = 10


def _markdown(i: int, pages: int, broken: bool) -> str:
    """Two headings and ten links: 4 pages, 4 anchors, an outside URL, a page or a missing one."""
    links = [f"[p{k}](bench-{(i + k) % pages}.md)" for k in range(1, 5)]
    links += [f"[a{k}](bench-{(i + 4 + k) % pages}.md#part-{k % 2})" for k in range(1, 5)]
    links.append("[site](https://example.com/docs)")
    links.append(f"[gone](missing-{i}.md)" if broken else f"[p9](bench-{(i + 9) % pages}.md)")
    return f"## Part 0\n\n{' '.join(links[:5])}\n\n## Part 1\n\n{' '.join(links[5:])}\n"


def _templates(store: Store) -> tuple[str, str, list[str]]:
    """Page 0's document with a broken link and without, from the workspace's own parser, on a
    scratch revision of 12 pages: (broken, whole, the ids page 0 links to by offset)."""
    revisions = store.content.revisions
    scratch = revisions.create(SPACE)
    ids = [revisions.add_page(scratch, title=f"T{i}", slug=f"bench-{i}") for i in range(12)]
    revisions.set_markdown(scratch, ids[0], _markdown(0, 12, True))
    broken = store.db.scalar("SELECT document FROM pages WHERE id = ?", (ids[0],))
    revisions.set_markdown(scratch, ids[0], _markdown(0, 12, False))
    whole = store.db.scalar("SELECT document FROM pages WHERE id = ?", (ids[0],))
    return str(broken), str(whole), ids


def build_space(path: Path, pages: int, broken: int) -> list[str]:
    """The demo workspace in ``path`` whose ``spc_handbook`` main content has ``pages`` pages,
    ``broken`` of them with a link to a missing page; the new pages' ids."""
    store = Store(str(path))
    try:
        load_demo(store)
        broken_doc, whole_doc, template_ids = _templates(store)
        every = max(pages // max(broken, 1), 1)
        ids = [new_id("pg_") for _ in range(pages)]
        current = store.db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (SPACE,))
        revision = store.content.revisions.create(SPACE, copy_of=str(current))
        offset = float(store.content.revisions.last_position(revision, None))
        pattern = re.compile("|".join(re.escape(i) for i in template_ids[1:]))
        rows = []
        for i, page in enumerate(ids):
            is_broken = i % every == 0 and i // every < broken
            doc = broken_doc if is_broken else whole_doc
            swap = {template_ids[k]: ids[(i + k) % pages] for k in range(1, 10)}
            doc = pattern.sub(lambda m, swap=swap: swap[m.group(0)], doc)  # type: ignore[misc]
            if is_broken:
                doc = doc.replace("missing-0", f"missing-{i}")
            rows.append((revision, page, offset + i + 1, f"Bench {i}", f"bench-{i}", doc))
        with store.db.transaction():
            store.db.executemany(
                "INSERT INTO pages(revision_id, id, parent_id, position, title, slug, path, "
                "markdown, document, hidden, created_at, updated_at) "
                "VALUES (?, ?, NULL, ?, ?, ?, ?, '', ?, 0, '2026-01-01', '2026-01-01')",
                [(r, p, pos, t, s, s, d) for r, p, pos, t, s, d in rows],
            )
            store.db.execute("UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, SPACE))
    finally:
        store.close()
    return ids


def change_pages(path: Path, ids: list[str], count: int) -> None:
    """A new main revision of the space in which ``count`` of ``ids`` have a new document."""
    store = Store(str(path))
    try:
        current = store.db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (SPACE,))
        revision = store.content.revisions.create(SPACE, copy_of=str(current))
        with store.db.transaction():
            for page in ids[1 : count + 1]:
                doc = loads(
                    store.db.scalar(
                        "SELECT document FROM pages WHERE revision_id = ? AND id = ?",
                        (revision, page),
                    )
                )
                doc["nodes"] = doc["nodes"][:2]  # the first heading and paragraph only
                store.db.execute(
                    "UPDATE pages SET document = ? WHERE revision_id = ? AND id = ?",
                    (dumps(doc), revision, page),
                )
            store.db.execute("UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, SPACE))
    finally:
        store.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server(db: Path, latency: float) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "gitbook_mcp", "local-api", "--db", str(db)]
    command += ["--port", str(port), "--latency-ms", str(latency), "--profile", "live"]
    env = {**os.environ, "GITBOOK_LOG_LEVEL": "ERROR"}
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/v1"
    for _ in range(300):
        try:
            httpx2.get(url + "/user", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=1)
            return server, url
        except httpx2.TransportError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("local-api did not start")


def _timed(command: list[str]) -> tuple[float, float, str]:
    """(seconds, peak RSS in MB, stdout) of a child process."""
    env = {**os.environ, "GITBOOK_LOG_LEVEL": "ERROR"}
    started = time.perf_counter()
    out = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *command], capture_output=True, env=env, timeout=3600
    )
    elapsed = time.perf_counter() - started
    rss_kb = int(out.stderr.decode().strip().splitlines()[-1])
    return elapsed, rss_kb / 1024, out.stdout.decode()


def _check(url: str, report: Path) -> tuple[float, float]:
    command = [sys.executable, "-m", "gitbook_mcp", "check-links", SPACE, "--api-url", url]
    command += ["--token", TOKEN, "--format", "json", "--output", str(report)]
    seconds, rss, _ = _timed(command)
    return seconds, rss


def _bare(url: str) -> tuple[float, float, int]:
    seconds, rss, out = _timed([sys.executable, "-m", "bench.growth", "--bare", url])
    return seconds, rss, int(out.strip() or 0)


async def bare_client(url: str) -> int:
    """The check's requests with no work on the answers: the space, the tree, every page as a
    document, the sites, their spaces and findings, a redirect lookup per finding."""
    headers = {"Authorization": f"Bearer {TOKEN}"}
    limits = httpx2.Limits(max_connections=CAP * 2, max_keepalive_connections=CAP)
    requests = 0
    async with httpx2.AsyncClient(base_url=url, headers=headers, limits=limits) as http:
        slots = anyio.Semaphore(CAP)

        async def get(path: str, **params: str) -> bytes:
            nonlocal requests
            async with slots:
                requests += 1
                answer = await http.get(path, params=params, timeout=120)
                return answer.content

        space = json.loads(await get(f"/spaces/{SPACE}"))
        tree = json.loads(await get(f"/spaces/{SPACE}/content"))
        stack, pages = list(tree["pages"]), []
        while stack:
            page = stack.pop()
            stack.extend(page.get("pages") or [])
            if page.get("type", "document") == "document":
                pages.append(page["id"])
        queue = iter(pages)

        async def worker() -> None:
            for page in queue:
                await get(f"/spaces/{SPACE}/content/page/{page}", format="document")

        async with anyio.create_task_group() as tg:
            for _ in range(CAP * 2):
                tg.start_soon(worker)
        org = space["organization"]
        sites = json.loads(await get(f"/orgs/{org}/sites"))["items"]
        for site in sites:
            await get(f"/orgs/{org}/sites/{site['id']}/site-spaces")
            found = json.loads(await get(f"/orgs/{org}/sites/{site['id']}/findings"))
            sources = [
                f["brokenLinkAction"]["source"]
                for f in found.get("items", [])
                if isinstance(f.get("brokenLinkAction"), dict)
            ]
            lookup = f"/orgs/{org}/sites/{site['id']}/redirect"
            async with anyio.create_task_group() as tg:
                for source in sources[:200]:
                    tg.start_soon(lambda s=source, path=lookup: get(path, source=s))
    return requests


async def rechecks(url: str, db: Path, ids: list[str]) -> dict[str, Any]:
    """Requests of a check, an unchanged recheck and one after 1% of the pages changed."""
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.linkcheck.run import CheckRequest, run_scan

    calls: Counter[str] = Counter()
    inner = httpx2.AsyncHTTPTransport()

    class Counting(httpx2.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            calls["/page/" if "/content/page/" in request.url.path else request.url.path] += 1
            return await inner.handle_async_request(request)

    request = CheckRequest(SPACE, site_findings=True)
    changed = max(len(ids) // 100, 1)
    out: dict[str, Any] = {"changed": changed}
    async with GitBookClient(
        token=TOKEN, base_url=url, transport=Counting(), profile="live", timeout=120
    ) as client:
        first = (await run_scan(client, request)).result
        out["first"], out["broken"] = sum(calls.values()), len(first.broken)
        calls.clear()
        await run_scan(client, request)
        out["unchanged"] = sum(calls.values())
        await anyio.to_thread.run_sync(change_pages, db, ids, changed)
        calls.clear()
        await run_scan(client, request)
        out["after_change"] = sum(calls.values())
        out["page_reads"] = calls["/page/"]
    return out


def measure(
    pages: int, latency: float, runs: int, broken: int, *, recheck: bool = True
) -> dict[str, Any]:
    """Every figure of one size (see the module's docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "space.db"
        started = time.perf_counter()
        ids = build_space(db, pages, broken)
        built = time.perf_counter() - started
        server, url = _server(db, latency)
        try:  # the server's first tree read renders every page's git blob: not either client's
            httpx2.get(f"{url}/spaces/{SPACE}/content", headers=AUTH, timeout=1800)
            checks, bares = [], []
            for _ in range(runs):
                checks.append(_check(url, Path(tmp) / "report.json"))
                bares.append(_bare(url))
            report = json.loads((Path(tmp) / "report.json").read_text())
            again = anyio.run(rechecks, url, db, ids) if recheck else {}
        finally:
            server.terminate()
            server.wait(timeout=30)
    requests = bares[0][2]
    floor = -(-requests // CAP) * latency / 1000
    check_s = sorted(c[0] for c in checks)
    bare_s = sorted(b[0] for b in bares)
    return {
        "pages": pages,
        "built_s": built,
        "check_s": check_s,
        "bare_s": bare_s,
        "requests": requests,
        "floor_s": floor,
        "rss_mb": max(c[1] for c in checks),
        "bare_rss_mb": max(b[1] for b in bares),
        "broken": len(report["broken"]),
        "partial": report.get("partial"),
        "recheck": again,
    }


def row(r: dict[str, Any]) -> str:
    """One line of the table in docs/benchmarks.md."""
    check, bare = min(r["check_s"]), min(r["bare_s"])
    again = r["recheck"] or {"unchanged": "-", "after_change": "-", "changed": "-"}
    return (
        f"| {r['pages']:,} | {r['built_s']:.0f} s | {check:.1f} s of {_list(r['check_s'])} | "
        f"{bare:.1f} s of {_list(r['bare_s'])} | {check / bare:.2f}x | "
        f"{r['requests']:,} requests, {r['floor_s']:.1f} s; {check / r['floor_s']:.2f}x | "
        f"{r['rss_mb']:.0f} MB (bare {r['bare_rss_mb']:.0f}) | {r['broken']} | "
        f"{again['unchanged']} | {again['after_change']} ({again['changed']} pages) |"
    )


def _list(values: list[float]) -> str:
    return "[" + ", ".join(f"{v:.1f}" for v in values) + "]"


HEAD = (
    "| pages | built in | check-links (best of runs) | bare client | check / bare | floor "
    "(⌈requests / 8⌉ x latency); check / floor | check peak RSS | broken | recheck, "
    "unchanged | recheck, 1% changed |\n|---|---|---|---|---|---|---|---|---|---|"
)


def write_section(path: Path, lines: list[str], note: str) -> None:
    """Put the run's table (and ``note``) in the benchmarks file as its growth section."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    intro = (
        "`python -m bench.growth --pages 1000 5000 20000 50000 --write docs/benchmarks.md` "
        "(kept by `bench.run`, which does not measure it). `check-links` against "
        "`local-api --latency-ms 20` beside a bare client making the same requests, one "
        "`local-api` process for both, alternated; see `bench/growth.py` for the floor model."
    )
    section = "\n".join([HEADING, "", intro, "", *lines, "", note]).rstrip("\n") + "\n"
    start = text.find(HEADING)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        end = text.find("\n## ", start + len(HEADING))
        text = text[:start] + section + ("" if end < 0 else text[end:])
    path.write_text(text, encoding="utf-8")


def cpu() -> str:
    """The CPU the figures were measured on (model name and count, from ``/proc/cpuinfo``)."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return "unknown"
    names = [line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")]
    return f"{len(names)} x {names[0]}" if names else "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--latency", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--broken", type=int, default=100)
    parser.add_argument("--no-recheck", action="store_true", help="skip the recheck counts")
    parser.add_argument("--write", type=Path, help="put the table in this benchmarks file")
    parser.add_argument("--note", default="", help="a line under the table (what else ran)")
    parser.add_argument("--bare", help=argparse.SUPPRESS)
    args = parser.parse_args()
    configure_logging(level="ERROR")
    if args.bare:
        os.write(1, str(anyio.run(bare_client, args.bare)).encode())
        return
    lines = [f"CPU: {cpu()}; load average before: {os.getloadavg()[0]:.1f}", HEAD]
    for pages in args.pages:
        result = measure(pages, args.latency, args.runs, args.broken, recheck=not args.no_recheck)
        os.write(2, (json.dumps(result) + "\n").encode())
        lines.append(row(result))
    os.write(1, ("\n".join(lines) + "\n").encode())
    if args.write:
        write_section(args.write, lines, args.note)


if __name__ == "__main__":
    main()
