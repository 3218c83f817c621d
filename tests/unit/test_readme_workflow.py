"""The README's CI workflows: they parse as YAML, never install the unclaimed bare package name
(a pinned commit, or the repository's Action at one), hold least permissions, and upload their
SARIF report even when the check fails."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_SHA_OR_PLACEHOLDER = re.compile(r"[0-9a-f]{40}|<full-commit-sha>")


def _yaml_blocks(path: Path) -> list[str]:
    """The fenced ``yaml`` blocks of a markdown file."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if current is None and line.strip() in ("```yaml", "```yml"):
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def _workflows() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in DOCS:
        for number, block in enumerate(_yaml_blocks(path)):
            data = yaml.safe_load(block)  # a block that does not parse fails here
            if isinstance(data, dict) and "jobs" in data:
                found.append((f"{path.name} block {number}", data))
    return found


WORKFLOWS = _workflows()


def _steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def _installs(run: str) -> list[str]:
    """What each ``pip install`` in a step's script installs (its non-option arguments)."""
    targets: list[str] = []
    for line in run.splitlines():
        words = shlex.split(line, comments=True)
        for i in range(len(words) - 1):
            if words[i].endswith("pip") and words[i + 1] == "install":
                targets += [w for w in words[i + 2 :] if not w.startswith("-")]
    return targets


def _our_action(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps that use this repository's Action (``<owner>/gitbook-mcp@<ref>``)."""
    return [
        s
        for s in _steps(workflow)
        if str(s.get("uses", "")).partition("@")[0].endswith("/gitbook-mcp")
    ]


def test_the_readme_has_a_workflow_and_every_yaml_block_parses() -> None:
    assert [name for name, _ in WORKFLOWS if name.startswith("README.md")]


@pytest.mark.parametrize(("name", "workflow"), WORKFLOWS, ids=[n for n, _ in WORKFLOWS])
def test_gitbook_mcp_is_installed_from_a_pinned_commit_never_by_its_bare_name(
    name: str, workflow: dict[str, Any]
) -> None:
    installs = [t for step in _steps(workflow) for t in _installs(str(step.get("run", "")))]
    ours = [t for t in installs if "gitbook-mcp" in t or "gitbook_mcp" in t]
    actions = [str(step["uses"]) for step in _our_action(workflow)]
    assert ours or actions, f"{name}: installs no gitbook-mcp"
    for uses in actions:  # the Action installs itself from the commit it is pinned to
        assert _SHA_OR_PLACEHOLDER.fullmatch(uses.rpartition("@")[2]), f"{name}: {uses}"
    for target in ours:
        assert target.startswith("git+https://"), f"{name}: {target} is not a pinned source"
        ref = target.rpartition("@")[2]
        assert _SHA_OR_PLACEHOLDER.fullmatch(ref), f"{name}: {target} pins no full commit sha"


@pytest.mark.parametrize(("name", "workflow"), WORKFLOWS, ids=[n for n, _ in WORKFLOWS])
def test_the_workflow_holds_least_permissions_and_uploads_sarif_always(
    name: str, workflow: dict[str, Any]
) -> None:
    permissions = workflow.get("permissions")
    assert isinstance(permissions, dict), f"{name}: no permissions block"
    uploads = [s for s in _steps(workflow) if "upload-sarif" in str(s.get("uses", ""))]
    action_uploads = [s for s in _our_action(workflow) if s["with"].get("upload-sarif") != "false"]
    writes = uploads or action_uploads
    expected = {"contents": "read", **({"security-events": "write"} if writes else {})}
    assert permissions == expected
    for step in uploads:
        assert str(step.get("if", "")).replace(" ", "") in ("always()", "${{always()}}")
        report = step["with"]["sarif_file"]
        assert any(f"--output {report}" in str(s.get("run", "")) for s in _steps(workflow))
