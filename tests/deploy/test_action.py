"""The repository's GitHub Action: its run step (``scripts/action_check_links.py``) run as the
action runs it, on a Git Sync folder and on a space of the local workspace, writes the SARIF
report, the job summary and the step outputs; the summary keeps others' text on one safe line."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.gitsync_repo import BROKEN, write_repo

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "action_check_links.py"
    spec = importlib.util.spec_from_file_location("action_check_links", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


action = _script()


def _outputs(path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text("utf-8").splitlines())


def _run_action(tmp_path: Path, **inputs: str) -> tuple[int, dict[str, str], str]:
    """The step as action.yml runs it: inputs as variables, the files GitHub gives it."""
    env = {
        "PATH": "/usr/bin:/bin",
        "XDG_DATA_HOME": str(tmp_path / "data"),  # the local workspace's database
        "GITBOOK_MCP": f"{sys.executable} -m gitbook_mcp",
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
        **{f"INPUT_{k.upper()}": v for k, v in inputs.items()},
    }
    code = action.main(env)
    summary = (tmp_path / "summary.md").read_text("utf-8")
    return code, _outputs(tmp_path / "output.txt"), summary


@pytest.mark.timeout(90)
def test_on_a_git_sync_folder_it_writes_the_sarif_the_summary_and_the_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = write_repo(tmp_path / "repo")
    monkeypatch.chdir(repo)  # a workflow runs in the checkout
    code, outputs, summary = _run_action(tmp_path, folder=".", sarif_file="links.sarif")
    assert code == 0  # the check ran: the action's last step fails the job, after the upload
    assert outputs["exit-code"] == "1"
    assert outputs["sarif-file"] == "links.sarif"
    sarif = json.loads((repo / "links.sarif").read_text("utf-8"))
    errors = [r for r in sarif["runs"][0]["results"] if r["level"] == "error"]
    assert outputs["broken"] == str(len(errors)) == str(len(BROKEN))
    assert summary.startswith(f"### GitBook links: {len(BROKEN)} broken")
    rows = [line for line in summary.splitlines() if line.startswith("| broken |")]
    assert len(rows) == len(BROKEN)
    for file, line, _ in BROKEN:
        assert any(f"`{file}:{line}`" in row for row in rows), file


@pytest.mark.timeout(90)
def test_on_a_space_of_the_local_workspace_with_options_passed_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one run against a space: seeding the demo workspace is most of its few seconds."""
    monkeypatch.chdir(tmp_path)
    code, outputs, summary = _run_action(tmp_path, space="spc_handbook", args="--local")
    assert (code, outputs["exit-code"], outputs["broken"]) == (0, "1", "2")
    sarif = json.loads((tmp_path / "gitbook-links.sarif").read_text("utf-8"))
    assert len(sarif["runs"][0]["results"]) == 2
    assert "| broken | `getting-started/install` | `guides/old-page` |" in summary


def test_a_clean_run_says_so_in_one_line() -> None:
    text, broken, warnings = action.summary({"runs": [{"results": []}]}, "spc_api")
    assert (text, broken, warnings) == ("### GitBook links: no broken links in `spc_api`\n", 0, 0)


def test_a_check_that_cannot_run_is_said_and_leaves_no_stale_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gitbook-links.sarif").write_text("{}")  # left by an earlier run
    env_cmd = "false"  # a command that fails at once, as a missing install would
    code = action.main(
        {
            "INPUT_FOLDER": ".",
            "GITBOOK_MCP": env_cmd,
            "PATH": "/usr/bin:/bin",
            "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
            "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
        }
    )
    outputs = _outputs(tmp_path / "output.txt")
    assert (code, outputs["exit-code"], outputs["sarif-file"]) == (0, "1", "")
    assert "did not run (exit 1)" in (tmp_path / "summary.md").read_text("utf-8")
    assert not (tmp_path / "gitbook-links.sarif").exists()


@pytest.mark.parametrize(
    "inputs",
    [{}, {"INPUT_FOLDER": "docs", "INPUT_SPACE": "spc_1"}, {"INPUT_SPACE": "  "}],
)
def test_exactly_one_of_path_and_space(inputs: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        action.command(inputs)
    assert action.main({**inputs, "PATH": "/usr/bin:/bin"}) == 2


def test_inputs_become_arguments_never_shell_code() -> None:
    line = action.command(
        {
            "INPUT_SPACE": "spc_1; rm -rf /",
            "INPUT_CHANGE_REQUEST": "cr_1",
            "INPUT_GIT_SYNC_ROOT": "docs",
            "INPUT_ARGS": "--external --exclude 'a b' $(touch x)",
        }
    )
    assert line == [
        "gitbook-mcp",
        "check-links",
        "spc_1; rm -rf /",
        "--format",
        "sarif",
        "--output",
        "gitbook-links.sarif",
        "--change-request",
        "cr_1",
        "--git-sync-root",
        "docs",
        "--external",
        "--exclude",
        "a b",
        "$(touch",
        "x)",
    ]


def _result(level: str, uri: str, target: str, message: str) -> dict[str, object]:
    return {
        "level": level,
        "message": {"text": message},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri}}}],
        "properties": {"target": target},
    }


def test_the_summary_keeps_others_text_in_its_cell_and_caps_its_rows() -> None:
    hostile = _result(
        "error", "a.md", "x|`y`\n<img src=z>", "gone | <script>alert(1)</script>\nnext"
    )
    many = [_result("warning", f"p{i}.md", "https://e.test", "timed out") for i in range(60)]
    text, broken, warnings = action.summary({"runs": [{"results": [hostile, *many]}]}, "docs")
    assert (broken, warnings) == (1, 60)
    lines = text.splitlines()
    row = lines[4]
    assert row == (
        "| broken | `a.md` | `x\\|'y' <img src=z>` | gone \\| &lt;script>alert(1)&lt;/script> next |"
    )
    assert len([line for line in lines if line.startswith("| ")]) == 1 + action.ROW_CAP
    assert lines[-1] == f"{61 - action.ROW_CAP} more in the SARIF report (code scanning)."
    long = action.summary({"runs": [{"results": [_result("error", "a.md", "t", "w " * 150)]}]}, ".")
    assert long[0].splitlines()[4].endswith(" w w…" + " |")
