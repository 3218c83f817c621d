"""``gitbook-mcp check-links PATH`` on a Git Sync folder: no token, no network, every format
pointing at the file and line of each broken link (`tests.support.gitsync_repo.BROKEN`, written
by hand), and the exit codes of a space (1 broken, 0 clean, 2 not a Git Sync folder)."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import anyio
import pytest

from gitbook_mcp.cli import command as cli
from gitbook_mcp.linkcheck.folder_source import check_folder
from tests.support.gitsync_repo import BROKEN, OTHER_SPACE, write_repo
from tests.support.logs import kept_logging


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No network at all (a connection attempt fails the test), and the command's logging
    configuration undone after each test."""

    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("check-links PATH opened a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    with kept_logging():
        yield


def _run(capsys: pytest.CaptureFixture[str], tmp: Path, *args: str) -> tuple[int, str]:
    environ = {"XDG_DATA_HOME": str(tmp / "data")}  # no GITBOOK_API_TOKEN
    with pytest.raises(SystemExit) as exited:
        cli.main(["check-links", *args], environ)
    out, _ = capsys.readouterr()
    return int(exited.value.code or 0), out


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return write_repo(tmp_path / "repo")


def test_json_names_each_broken_links_file_and_line(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(capsys, tmp_path, str(repo), "--format", "json")
    report = json.loads(out)
    assert code == 1
    assert {(b["file"], b["line"], b["kind"]) for b in report["broken"]} == BROKEN
    assert report["pages_scanned"] == 5
    assert all(OTHER_SPACE not in b["target"] for b in report["broken"])  # not checked


def test_sarif_locations_are_repository_files_at_real_lines(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(capsys, tmp_path, str(repo), "--format", "sarif")
    assert code == 1
    results = json.loads(out)["runs"][0]["results"]
    located = set()
    # the broken links (errors); an unchecked link (another space) is a note, not an alert
    for result in (r for r in results if r.get("level", "error") == "error"):
        physical = result["locations"][0]["physicalLocation"]
        uri, line = physical["artifactLocation"]["uri"], physical["region"]["startLine"]
        assert (repo / uri).is_file()
        # the line holds the link's target as written
        target = result["properties"]["target"].split(" ")[-1].split("/")[-1].split("#")[-1]
        assert target.removesuffix(".md") in (repo / uri).read_text().split("\n")[line - 1]
        located.add((uri, line))
    assert located == {(file, line) for file, line, _ in BROKEN}


def test_github_annotations_and_text_name_file_and_line(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(capsys, tmp_path, str(repo), "--format", "github")
    assert code == 1
    errors = [line for line in out.splitlines() if line.startswith("::error ")]
    assert {tuple(e.split(" ", 1)[1].split(",")[:2]) for e in errors} == {
        (f"file={file}", f"line={line}") for file, line, _ in BROKEN
    }
    code, out = _run(capsys, tmp_path, str(repo))
    assert code == 1
    assert out.splitlines()[-1].startswith(f"{len(BROKEN)} broken of ")
    assert "(folder repo)" in out.splitlines()[-1]
    assert "broken: docs/start/install.md:10: [gone]" in out


def test_junit_and_a_clean_folder_exit_0(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(capsys, tmp_path, str(repo), "--format", "junit")
    assert code == 1
    suite = ET.fromstring(out).find("testsuite")
    assert suite is not None
    assert int(suite.get("failures", "0")) == len({file for file, _, _ in BROKEN})
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "SUMMARY.md").write_text("* [Home](README.md)\n* [Next](next.md)\n")
    (clean / "README.md").write_text("# Home\n\n[next](next.md#part)\n")
    (clean / "next.md").write_text("# Next\n\n## Part\n\n[home](README.md)\n")
    for format in ("text", "json", "github", "junit", "sarif"):
        code, _ = _run(capsys, tmp_path, str(clean), "--format", format)
        assert code == 0, format


def test_a_folder_that_is_not_a_git_sync_repository_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "a.md").write_text("# A\n")
    with pytest.raises(SystemExit) as exited:
        cli.main(["check-links", str(plain)], {"XDG_DATA_HOME": str(tmp_path)})
    assert exited.value.code == 2
    assert "not a Git Sync folder" in capsys.readouterr().err


def test_a_root_outside_the_repository_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / ".gitbook.yaml").write_text("root: ../elsewhere\n")
    with pytest.raises(SystemExit) as exited:
        cli.main(["check-links", str(repo)], {"XDG_DATA_HOME": str(tmp_path)})
    assert exited.value.code == 2
    assert "is not a folder of the repository" in capsys.readouterr().err


def test_a_link_to_another_space_is_counted_not_checked_with_its_reason(tmp_path: Path) -> None:
    check = anyio.run(check_folder, write_repo(tmp_path / "repo"))
    other = [f for f in check.result.findings if f.link.target.space_id == "spcOther"]
    assert [f.status for f in other] == ["unchecked"]
    assert "another space" in other[0].reason


def test_a_folder_over_the_imports_file_cap_is_still_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import's cap guards a server reading what a caller names; a checkout of a large
    site (thousands of pages and assets) is checked whole, up to the folder check's own cap."""
    from gitbook_mcp.document.gitsync import files as gitsync_files
    from gitbook_mcp.linkcheck import folder_source

    monkeypatch.setattr(gitsync_files, "MAX_FILES", 2)
    check = anyio.run(check_folder, write_repo(tmp_path / "repo"))
    assert check.result.pages_scanned > 2
    monkeypatch.setattr(folder_source, "FOLDER_MAX_FILES", 2)
    with pytest.raises(gitsync_files.FolderError, match="more than 2 files"):
        anyio.run(check_folder, tmp_path / "repo")
