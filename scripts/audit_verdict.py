"""The verdict of ``scripts/audit.sh`` on a pip-audit JSON report: pass, fail or SKIPPED.

An audit that checked nothing is not a pass: it says SKIPPED on its first line, and fails when
``AUDIT_STRICT=1`` (so does a strict audit that left any pinned package unchecked).
Usage: ``python scripts/audit_verdict.py REPORT PIP_AUDIT_EXIT_STATUS [PIP_AUDIT_STDERR]``; exits
0, or 1 on a failure. Without a report, the message names the real cause where pip-audit's
standard error shows it (not installed, timed out), not an unreachable database.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence

__all__ = ["TIMEOUT_STATUS", "cause", "main", "verdict"]


def _skipped(why: str, strict: bool) -> tuple[list[str], int]:
    hint = "AUDIT_STRICT=1 fails instead" if not strict else "failing (AUDIT_STRICT=1)"
    return [f"audit: SKIPPED, NOT A PASS: {why}; {hint}."], 1 if strict else 0


TIMEOUT_STATUS = 124
"""The exit status of ``timeout`` when it stopped pip-audit."""


def cause(status: int, errors: str) -> str:
    """Why pip-audit gave no report, from its exit status and standard error."""
    if "No module named pip_audit" in errors:
        return (
            "pip-audit is not installed in .venv (No module named pip_audit): install "
            "requirements-dev.lock"
        )
    if status == TIMEOUT_STATUS:
        return "pip-audit timed out"
    last = next((line.strip() for line in reversed(errors.splitlines()) if line.strip()), "")
    shown = "".join(c for c in last if c.isprintable())[:200]
    detail = f": {shown}" if shown else ""
    return f"no vulnerability database could be reached (pip-audit exit {status}){detail}"


def verdict(
    report: str | None, status: int, *, strict: bool, errors: str = ""
) -> tuple[list[str], int]:
    """The lines to print and the exit code for pip-audit's JSON ``report`` (None: unreadable)
    and its standard error ``errors``."""
    try:
        data = json.loads(report) if report is not None else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return _skipped(cause(status, errors), strict)
    deps = [d for d in data.get("dependencies", []) if isinstance(d, dict)]
    found = [
        (d.get("name"), d.get("version"), v.get("id")) for d in deps for v in d.get("vulns", [])
    ]
    unknown = sorted(str(d.get("name")) for d in deps if "skip_reason" in d)
    checked = len(deps) - len(unknown)
    lines = [f"audit: {name} {version}: {vuln}" for name, version, vuln in found]
    if found:
        return [*lines, f"audit: FAILED, {len(found)} known vulnerabilities"], 1
    if checked == 0:
        return _skipped(f"0 of {len(deps)} pinned packages were checked", strict)
    summary = f"audit: {checked} of {len(deps)} pinned packages checked, no known vulnerability"
    if not unknown:
        return [summary], 0
    lines = [f"{summary}; {len(unknown)} NOT checked: {', '.join(unknown)}"]
    if strict:
        return [*lines, "audit: FAILED (AUDIT_STRICT=1): some pinned packages were not checked"], 1
    return lines, 0


def main(argv: Sequence[str], environ: Mapping[str, str]) -> int:
    """Read the report named in ``argv``, print the verdict, answer the exit code."""
    path, status = argv[0], int(argv[1])
    try:
        with open(path, encoding="utf-8") as handle:
            report: str | None = handle.read()
    except OSError:
        report = None
    errors = ""
    if len(argv) > 2:
        try:
            with open(argv[2], encoding="utf-8", errors="replace") as handle:
                errors = handle.read(64 * 1024)
        except OSError:
            errors = ""
    strict = environ.get("AUDIT_STRICT", "") == "1"
    lines, code = verdict(report, status, strict=strict, errors=errors)
    sys.stdout.write("\n".join(lines) + "\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], os.environ))
