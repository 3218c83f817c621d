"""The dependency audit's verdict: an audit that checked nothing says SKIPPED (never a pass) and
fails under ``AUDIT_STRICT=1``; a known vulnerability always fails."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "audit_verdict.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("audit_verdict", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


audit = _load()


def _report(checked: int, skipped: int, vulns: int = 0) -> str:
    deps: list[dict[str, Any]] = [
        {"name": f"ok{i}", "version": "1.0", "vulns": []} for i in range(checked)
    ]
    deps += [
        {"name": f"skip{i}", "skip_reason": "Dependency not found on PyPI"} for i in range(skipped)
    ]
    if vulns:
        deps[0]["vulns"] = [{"id": f"PYSEC-{i}"} for i in range(vulns)]
    return json.dumps({"dependencies": deps, "fixes": []})


@pytest.mark.parametrize("report", [_report(0, 97), None, "", "not json", "[]"])
@pytest.mark.parametrize("strict", [False, True])
def test_an_audit_that_checked_nothing_says_skipped_and_fails_when_strict(
    report: str | None, strict: bool
) -> None:
    lines, code = audit.verdict(report, 1, strict=strict)
    assert lines[0].startswith("audit: SKIPPED, NOT A PASS: ")
    assert "checked, no known" not in " ".join(lines)
    assert code == (1 if strict else 0)


@pytest.mark.parametrize("strict", [False, True])
def test_a_known_vulnerability_fails(strict: bool) -> None:
    lines, code = audit.verdict(_report(3, 1, vulns=2), 1, strict=strict)
    assert code == 1
    assert lines[:2] == ["audit: ok0 1.0: PYSEC-0", "audit: ok0 1.0: PYSEC-1"]
    assert lines[-1] == "audit: FAILED, 2 known vulnerabilities"


def test_a_full_clean_audit_passes_even_when_strict() -> None:
    assert audit.verdict(_report(5, 0), 0, strict=True) == (
        ["audit: 5 of 5 pinned packages checked, no known vulnerability"],
        0,
    )


def test_a_partial_audit_names_what_it_left_out_and_fails_when_strict() -> None:
    lines, code = audit.verdict(_report(4, 2), 0, strict=False)
    assert (lines, code) == (
        [
            "audit: 4 of 6 pinned packages checked, no known vulnerability; "
            "2 NOT checked: skip0, skip1"
        ],
        0,
    )
    lines, code = audit.verdict(_report(4, 2), 0, strict=True)
    assert code == 1
    assert lines[-1].startswith("audit: FAILED (AUDIT_STRICT=1)")


@pytest.mark.parametrize(("strict", "code"), [("", 0), ("1", 1)])
def test_the_script_reads_the_environment_and_the_report_file(
    tmp_path: Path, strict: str, code: int
) -> None:
    report = tmp_path / "report.json"
    report.write_text(_report(0, 97), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(report), "0"],
        env={"AUDIT_STRICT": strict},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == code
    assert done.stdout.startswith("audit: SKIPPED, NOT A PASS: 0 of 97 pinned packages")


def test_audit_sh_hands_its_report_to_the_verdict() -> None:
    text = (ROOT / "scripts" / "audit.sh").read_text()
    assert '"$PY" scripts/audit_verdict.py "$report" "$status"' in text
    assert "sys.exit(0)" not in text  # no verdict of its own that could pass an empty audit


def test_a_missing_pip_audit_is_named_as_the_cause_not_the_database() -> None:
    # Red team (issue 36): "no vulnerability database could be reached" when pip_audit was
    # simply not installed.
    errors = "/work/.venv/bin/python: No module named pip_audit\n"
    lines, code = audit.verdict(None, 1, strict=False, errors=errors)
    assert "pip-audit is not installed" in lines[0]
    assert "database" not in lines[0]
    assert code == 0
    timed_out, _ = audit.verdict(None, audit.TIMEOUT_STATUS, strict=True)
    assert "pip-audit timed out" in timed_out[0]
    offline, _ = audit.verdict(None, 1, strict=False, errors="ConnectionError: \x1b[31mno route\n")
    assert "could be reached (pip-audit exit 1): ConnectionError: [31mno route" in offline[0]


def test_the_script_reads_pip_audits_standard_error(tmp_path: Path) -> None:
    errors = tmp_path / "errors.txt"
    errors.write_text("python: No module named pip_audit\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "absent.json"), "1", str(errors)],
        env={},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert "pip-audit is not installed" in done.stdout
