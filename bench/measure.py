"""Measurement helpers: alternating runs, medians and spread, resident memory."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Sample", "percentile", "rss_mb"]


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


@dataclass
class Sample:
    """Timings of one subject, in milliseconds."""

    values: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def spread(self) -> float:
        """Interquartile range."""
        return percentile(self.values, 75) - percentile(self.values, 25)

    def p(self, q: float) -> float:
        return percentile(self.values, q)

    def describe(self) -> str:
        return f"median {self.median:.2f} ms (IQR {self.spread:.2f}, n={len(self.values)})"


def rss_mb(pid: int) -> float:
    """Resident memory of a process, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")
