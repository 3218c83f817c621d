"""``check-links PATH`` on the two real Git Sync corpora (``tests/corpora/``): wall time and CPU
time of one folder check, per page (the folder read, every page parsed, every link checked,
no network). ``python -m bench.folder_check`` prints the rows alone."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any

import anyio

from gitbook_mcp.linkcheck.folder_source import check_folder

__all__ = ["CORPORA", "measure", "rows"]

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


if __name__ == "__main__":
    from gitbook_mcp.logs import configure_logging

    configure_logging(level="ERROR")
    os.write(1, ("\n".join(rows(anyio.run(measure, 5))) + "\n").encode())
