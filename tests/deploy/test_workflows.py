"""The repository's GitHub workflows (release, CI) and its Action hold together as GitHub reads
them, pin every action by full commit sha with its version in a comment, and pass zizmor
(``--offline``) with no finding; the README's example workflows pass it with no high finding.

The release publishes with PyPI's trusted publishing (an OIDC token, no stored secret) only from
its own job, after the wheel and the sdist were built once and checked, and pushes a multi-arch
image built from the repository's Dockerfile.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
FILES = [WORKFLOWS / "release.yml", WORKFLOWS / "ci.yml", ROOT / "action.yml"]
_PINNED = re.compile(r"uses: ([\w.-]+/[\w./-]+)@([0-9a-f]{40})  # (v\d+(?:\.\d+){0,2})$")
_EXPRESSION = re.compile(r"\$\{\{")
_SAMPLE_SHA = "0123456789abcdef0123456789abcdef01234567"


def _load(path: Path) -> dict[Any, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def _triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads `on` as True
    assert isinstance(triggers, dict)
    return triggers


def _run_text(steps: list[dict[str, Any]]) -> str:
    return "\n".join(str(step.get("run", "")) for step in steps)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_action_is_pinned_by_full_sha_with_its_version(path: Path) -> None:
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    uses = [line.removeprefix("- ") for line in lines if re.match(r"(- )?uses:", line)]
    assert uses, path
    for line in uses:
        assert _PINNED.fullmatch(line), f"{path.name}: {line}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_no_expression_is_spliced_into_a_script(path: Path) -> None:
    data = _load(path)
    jobs = data.get("jobs", {"action": {"steps": data.get("runs", {}).get("steps", [])}})
    for job in jobs.values():
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), step
            assert not _EXPRESSION.search(str(step.get("run", ""))), step["run"]


def test_the_release_runs_on_a_version_tag_with_no_permission_by_default() -> None:
    release = _load(WORKFLOWS / "release.yml")
    assert _triggers(release) == {"push": {"tags": ["v*"]}}
    assert release["permissions"] == {}
    assert set(release["jobs"]) == {"build", "pypi", "image"}
    assert release["jobs"]["pypi"]["needs"] == release["jobs"]["image"]["needs"] == "build"


def test_the_release_builds_once_and_checks_before_anything_is_published() -> None:
    build = _load(WORKFLOWS / "release.yml")["jobs"]["build"]
    assert build["permissions"] == {"contents": "read"}
    script = _run_text(build["steps"])
    assert "--require-hashes -r requirements-dev.lock" in script  # the locked build and twine
    assert "python -m build --no-isolation --outdir dist ." in script
    assert "twine check --strict dist/*" in script
    assert 'release_check.py --tag "$TAG" --dist dist' in script
    (upload,) = [s for s in build["steps"] if "upload-artifact" in s.get("uses", "")]
    assert upload["with"]["path"] == "dist/"


def test_pypi_is_published_with_trusted_publishing_and_no_secret() -> None:
    pypi = _load(WORKFLOWS / "release.yml")["jobs"]["pypi"]
    assert pypi["permissions"] == {"id-token": "write"}
    assert pypi["environment"]["name"] == "pypi"  # PyPI's trusted publisher names it
    download, publish = pypi["steps"]
    assert "download-artifact" in download["uses"]
    assert download["with"] == {"name": "dist", "path": "dist/"}
    assert publish["uses"].startswith("pypa/gh-action-pypi-publish@")
    assert "with" not in publish  # no password, no token: the OIDC exchange
    assert "secrets." not in yaml.safe_dump(pypi)


def test_the_image_is_built_for_two_architectures_from_the_dockerfile_and_pushed_to_ghcr() -> None:
    image = _load(WORKFLOWS / "release.yml")["jobs"]["image"]
    assert image["permissions"] == {"contents": "read", "packages": "write"}
    steps = {s["uses"].partition("@")[0]: s for s in image["steps"] if "uses" in s}
    assert {"docker/setup-qemu-action", "docker/setup-buildx-action"} <= set(steps)
    assert steps["docker/login-action"]["with"]["registry"] == "ghcr.io"
    push = steps["docker/build-push-action"]["with"]
    assert set(push["platforms"].split(",")) == {"linux/amd64", "linux/arm64"}
    assert (push["context"], push["push"]) == (".", True)
    assert (ROOT / "Dockerfile").is_file()
    naming = next(s for s in image["steps"] if s.get("id") == "image")
    assert "ghcr.io/${OWNER,,}/gitbook-mcp" in naming["run"]  # GHCR wants lower case
    assert "${TAG#v}" in naming["run"]  # the image tag server.json names: the bare version


def test_ci_runs_the_test_command_read_only() -> None:
    ci = _load(WORKFLOWS / "ci.yml")
    assert set(_triggers(ci)) == {"push", "pull_request"}
    assert ci["permissions"] == {"contents": "read"}
    (job,) = ci["jobs"].values()
    assert job["steps"][-1] == {"run": "bash .ci/run"}


def test_the_action_is_composite_and_reaches_its_script_through_declared_inputs() -> None:
    action = _load(ROOT / "action.yml")
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    for step in steps:
        assert "run" not in step or step["shell"] == "bash", step
    check = next(s for s in steps if s.get("id") == "check")
    assert '"$GITHUB_ACTION_PATH/scripts/action_check_links.py"' in check["run"]
    assert (ROOT / "scripts" / "action_check_links.py").is_file()
    inputs = set(action["inputs"])
    for value in check["env"].values():
        (name,) = re.findall(r"\$\{\{ inputs\.([\w-]+) \}\}", value)
        assert name in inputs
    upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
    assert upload["if"].startswith("always()")
    assert upload["with"]["sarif_file"] == "${{ steps.check.outputs.sarif-file }}"
    fail = steps[-1]
    assert steps.index(upload) < steps.index(fail)
    assert "steps.check.outputs.exit-code != '0'" in fail["if"]
    for name, output in action["outputs"].items():
        assert output["value"] == f"${{{{ steps.check.outputs.{name} }}}}"


def _readme_workflows() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```ya?ml\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
    return [b for b in blocks if "jobs" in (yaml.safe_load(b) or {})]


def _zizmor(*paths: Path) -> list[dict[str, Any]]:
    done = subprocess.run(
        [Path(sys.executable).parent / "zizmor", "--offline", "--format", "json", *paths],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode in (0, 10, 11, 12, 13, 14), done.stderr[-2000:]  # 1x: findings
    findings: list[dict[str, Any]] = json.loads(done.stdout)
    return findings


def test_zizmor_finds_nothing_in_the_workflows_and_the_action() -> None:
    findings = _zizmor(*FILES)
    assert [(f["ident"], f["determinations"]["severity"]) for f in findings] == []


def test_zizmor_finds_no_high_risk_in_the_readme_workflows(tmp_path: Path) -> None:
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    blocks = _readme_workflows()
    assert len(blocks) >= 3
    for number, block in enumerate(blocks):
        # The placeholders readers fill in, filled as they would be.
        block = block.replace("<owner>", "gitbook-mcp").replace("<full-commit-sha>", _SAMPLE_SHA)
        (folder / f"readme-{number}.yml").write_text(block, encoding="utf-8")
    findings = _zizmor(*sorted(folder.iterdir()))
    assert not [f["ident"] for f in findings if f["determinations"]["severity"] == "High"]
    # and the same run does see a high finding when one is there
    (folder / "unpinned.yml").write_text(_UNPINNED, encoding="utf-8")
    again = _zizmor(folder / "unpinned.yml")
    assert "unpinned-uses" in [
        f["ident"] for f in again if f["determinations"]["severity"] == "High"
    ]


_UNPINNED = """name: unpinned
on: push
permissions: {}
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/setup-python@v5
"""
