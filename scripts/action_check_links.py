"""The run step of the repository's GitHub Action (action.yml): one `check-links` run, its SARIF
report written for code scanning and a markdown job summary written from that report.

Inputs come as environment variables (never spliced into a script): ``INPUT_FOLDER`` (a Git Sync
folder) or ``INPUT_SPACE`` (a space, through the API with ``GITBOOK_API_TOKEN``),
``INPUT_CHANGE_REQUEST``, ``INPUT_GIT_SYNC_ROOT``, ``INPUT_ARGS`` (more options, split as a shell
would, never evaluated), ``INPUT_SARIF_FILE``; ``GITBOOK_MCP`` is the command to run. It writes
``sarif-file``, ``broken``, ``warnings`` and ``exit-code`` to ``$GITHUB_OUTPUT`` and the summary
to ``$GITHUB_STEP_SUMMARY``, and exits 0 once the check has run, whatever it found: the action's
last step fails the job after the report is uploaded. It exits 2 when its inputs are wrong.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["ROW_CAP", "command", "main", "summary"]

ROW_CAP = 50
"""Rows of the summary's table; the rest are counted and left to the SARIF report."""


def command(env: dict[str, str]) -> list[str]:
    """The `check-links` command line the inputs ask for."""
    folder, space = env.get("INPUT_FOLDER", "").strip(), env.get("INPUT_SPACE", "").strip()
    if bool(folder) == bool(space):
        raise ValueError("set exactly one of the inputs `path` (a Git Sync folder) and `space`")
    runner = shlex.split(env.get("GITBOOK_MCP", "") or "gitbook-mcp")
    sarif = env.get("INPUT_SARIF_FILE", "") or "gitbook-links.sarif"
    line = [*runner, "check-links", folder or space, "--format", "sarif", "--output", sarif]
    if change_request := env.get("INPUT_CHANGE_REQUEST", "").strip():
        line += ["--change-request", change_request]
    if root := env.get("INPUT_GIT_SYNC_ROOT", "").strip():
        line += ["--git-sync-root", root]
    return line + shlex.split(env.get("INPUT_ARGS", ""))


def _cell(text: object, code: bool = False) -> str:
    """One table cell of someone else's text: one line, no pipe, no HTML, bounded."""
    flat = " ".join(str(text).split())
    flat = flat if len(flat) <= 200 else flat[:199] + "…"
    if code:
        return "`" + flat.replace("`", "'").replace("|", "\\|") + "`" if flat else ""
    return flat.replace("&", "&amp;").replace("<", "&lt;").replace("|", "\\|")


def _where(result: dict[str, Any]) -> str:
    location = (result.get("locations") or [{}])[0]
    physical = location.get("physicalLocation") or {}
    uri = (physical.get("artifactLocation") or {}).get("uri")
    if uri:
        line = (physical.get("region") or {}).get("startLine")
        return f"{uri}:{line}" if line else str(uri)
    logical = (location.get("logicalLocations") or [{}])[0]
    return str(logical.get("name", ""))


def summary(sarif: dict[str, Any], target: str) -> tuple[str, int, int]:
    """The markdown summary of a SARIF log, and its counts of errors and warnings."""
    results = [r for run in sarif.get("runs", []) for r in run.get("results", [])]
    broken = [r for r in results if r.get("level") == "error"]
    warnings = [r for r in results if r.get("level") != "error"]
    if not results:
        head = f"### GitBook links: no broken links in {_cell(target, code=True)}"
        return head + "\n", 0, 0
    lines = [
        f"### GitBook links: {len(broken)} broken, {len(warnings)} to look at in "
        f"{_cell(target, code=True)}",
        "",
        "| | Where | Link | Why |",
        "|---|---|---|---|",
    ]
    for result in (broken + warnings)[:ROW_CAP]:
        mark = "broken" if result.get("level") == "error" else "warning"
        target_of = (result.get("properties") or {}).get("target", "")
        message = (result.get("message") or {}).get("text", "")
        lines.append(
            f"| {mark} | {_cell(_where(result), code=True)} | {_cell(target_of, code=True)} "
            f"| {_cell(message)} |"
        )
    if len(results) > ROW_CAP:
        lines += ["", f"{len(results) - ROW_CAP} more in the SARIF report (code scanning)."]
    return "\n".join(lines) + "\n", len(broken), len(warnings)


def _append(path: str | None, text: str) -> None:
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(text)


def main(env: dict[str, str] | None = None) -> int:
    env = dict(os.environ if env is None else env)
    try:
        line = command(env)
    except ValueError as wrong:
        sys.stderr.write(f"::error::{wrong}\n")
        return 2
    sarif_file = Path(line[line.index("--output") + 1])
    sarif_file.unlink(missing_ok=True)  # a report left from an earlier run is not this run's
    code = subprocess.run(line, check=False, env=env).returncode
    target = line[line.index("check-links") + 1]
    if sarif_file.is_file():
        text, broken, warnings = summary(json.loads(sarif_file.read_text("utf-8")), target)
    else:
        text, broken, warnings = (
            f"### GitBook links: the check of {_cell(target, code=True)} did not run (exit {code})\n",
            0,
            0,
        )
    _append(env.get("GITHUB_STEP_SUMMARY"), text)
    outputs = {
        "sarif-file": str(sarif_file) if sarif_file.is_file() else "",
        "broken": str(broken),
        "warnings": str(warnings),
        "exit-code": str(code),
    }
    _append(env.get("GITHUB_OUTPUT"), "".join(f"{k}={v}\n" for k, v in outputs.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
