"""The contract's ``pattern`` rules that the local workspace applies to what it stores, declared
here: the workspace reads neither the client package nor the vendored contracts at run time.

A JSON Schema pattern is searched, not anchored, and its ``.`` stops at a line end (ECMA-262),
so each rule keeps the contract's text beside the Python regex that means the same; a test
checks both against the vendored contracts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ORGANIZATION_TITLE", "PATTERNS", "ContractPattern"]


@dataclass(frozen=True)
class ContractPattern:
    """One schema's pattern: ``pattern`` as the contract writes it, ``regex`` searched."""

    schema: str
    pattern: str
    regex: re.Pattern[str]

    def accepts(self, value: str) -> bool:
        return self.regex.search(value) is not None


_LINE = r"[^\n\r\u2028\u2029]"
"""ECMA-262's ``.``: any character but a line terminator."""

ORGANIZATION_TITLE = ContractPattern(
    "OrganizationTitle", r"\S.*\S", re.compile(rf"\S{_LINE}*\S")
)  # linear: one class between two fixed atoms, and titles are at most 255 characters
PATTERNS = (ORGANIZATION_TITLE,)
