"""A CPU-time budget for one parse: markdown-it rules that end a parse taking far longer than
any real page, so that hostile markdown costs its sender a refusal, not everyone's CPU.

The budget is the parsing thread's own CPU time (``time.thread_time``), not the wall clock: a
parse waiting for the interpreter while others run is not charged for their work. The rules
sit first in the inline and block rulers, so they run between every attempt of the others
(markdown-it tries the rules at each position), and read the clock every `CHECK_EVERY` calls;
then the parse sleeps `YIELD_SECONDS`, so that the event loop is not left waiting for the
interpreter behind a long parse (without it, each of the loop's system calls waited up to the
interpreter's 5 ms switch interval, and another caller's call took seconds).
"""

from __future__ import annotations

import time
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

__all__ = [
    "BUDGET_KEY",
    "CHECK_EVERY",
    "PAGE_CPU_SECONDS",
    "YIELD_SECONDS",
    "CpuBudget",
    "ParseTooSlow",
    "budget_plugin",
]

BUDGET_KEY = "gitbook_cpu_budget"
"""Key of the `CpuBudget` in a parse's ``env`` (absent: no budget)."""
CHECK_EVERY = 256
"""Rule calls between two reads of the thread's CPU clock."""
PAGE_CPU_SECONDS = 1.0
"""CPU time parsing one page of someone else's markdown may take (an edit's, a scanned page's).
The costliest of the 449 pages of two real GitBook repositories (37-44 KB of code blocks and
tables; the largest, 73 KB, costs less) take 0.08-0.15 s on a quiet machine, but a beefree page
ran past 0.5 s of its thread's CPU in a full parallel test run (2 workers on 2 cores): the
budget keeps a wide margin over real pages, and bounds what one hostile parse can take."""
YIELD_SECONDS = 0.001
"""The pause after each read of the clock (a budgeted parse gives up the interpreter)."""


class ParseTooSlow(ValueError):
    """The parse used more CPU time than its budget allowed."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"parsing took more than {seconds:g} s of CPU time")
        self.seconds = seconds


@dataclass
class CpuBudget:
    """``seconds`` of the parsing thread's CPU time from now."""

    seconds: float
    _until: float = field(init=False)
    _calls: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self._until = time.thread_time() + self.seconds

    def spend(self) -> None:
        """Count one rule call; raise `ParseTooSlow` once the budget is spent."""
        self._calls += 1
        if self._calls % CHECK_EVERY == 0:
            if time.thread_time() > self._until:
                raise ParseTooSlow(self.seconds)
            time.sleep(YIELD_SECONDS)


def _spend(env: MutableMapping[str, Any]) -> None:
    budget = env.get(BUDGET_KEY)
    if isinstance(budget, CpuBudget):
        budget.spend()


def _inline(state: StateInline, silent: bool) -> bool:
    del silent
    _spend(state.env)
    return False


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    del start, end, silent
    _spend(state.env)
    return False


def budget_plugin(md: MarkdownIt) -> None:
    """Install the budget's rules first in the block and inline rulers."""
    md.block.ruler.before(md.block.ruler.get_all_rules()[0], "gitbook_budget", _block)
    md.inline.ruler.before(md.inline.ruler.get_all_rules()[0], "gitbook_budget", _inline)
