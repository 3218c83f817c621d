"""``gitbook-mcp check-links``: every report format parses, exit codes say broken (1), clean (0) or
a usage/API error (2); the report alone is on stdout, against the local workspace (``--local``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from gitbook_mcp.cli import command as cli
from gitbook_mcp.client.errors import APITimeoutError, GitBookError
from gitbook_mcp.linkcheck import run
from gitbook_mcp.linkcheck.model import Finding, Link, ScanResult, Target
from gitbook_mcp.local.seed.content import CR_INSTALL
from tests.support.logs import kept_logging

BROKEN_MAIN = {
    ("getting-started/configure", "file spec-sheet.pdf", "file"),
    ("getting-started/install", "guides/old-page", "page"),
}


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    """The command configures logs to the captured stderr: give later tests theirs back."""
    with kept_logging():
        yield


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    environ = {"XDG_DATA_HOME": str(tmp_path)}
    with pytest.raises(SystemExit) as exited:
        cli.main(["check-links", "--local", *args], environ)
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


def test_json_report_of_broken_links_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(tmp_path, capsys, "spc_handbook", "--format", "json")
    report = json.loads(out)  # nothing but the report on stdout
    assert code == 1
    assert {(b["page_path"], b["target"], b["kind"]) for b in report["broken"]} == BROKEN_MAIN
    old = next(b for b in report["broken"] if b["target"] == "guides/old-page")
    assert old["suggested_redirect"]["source"] == "/guides/old-page"  # live: the site's finding
    assert report["pages_scanned"] == 7
    # quiet by default, as lychee: no INFO log, one summary line on stderr
    assert err == "2 broken of 14 links checked in 7 pages (space spc_handbook, main content).\n"


def test_a_one_shot_check_keeps_no_page_for_a_recheck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gitbook_mcp.linkcheck.page_cache import page_cache

    code, out, _ = _run(tmp_path, capsys, "spc_handbook", "--format", "json")
    assert code == 1
    assert json.loads(out)["pages_scanned"] == 7
    assert len(page_cache()) == 0  # the process ends with the check: nothing is rechecked


def test_verbose_shows_progress_and_info_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(tmp_path, capsys, "spc_handbook", "-v")
    assert code == 1
    assert "api.request" in err
    progress = [line for line in err.splitlines() if " pages: read " in line]
    assert [line.split(" ", 1)[0] for line in progress] == [f"{n}/7" for n in range(1, 8)]
    assert out.splitlines()[-1].startswith("2 broken of 14 links")
    assert "pages: read" not in out  # progress never mixes with the report


def test_a_clean_space_exits_0_and_the_seed_profile_has_no_site_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(tmp_path, capsys, "spc_api", "--format", "json")
    assert code == 0
    assert json.loads(out)["broken"] == []
    code, out, _ = _run(tmp_path, capsys, "spc_handbook", "--profile", "seed", "--format", "json")
    assert code == 1
    assert all(b["suggested_redirect"] is None for b in json.loads(out)["broken"])


@pytest.mark.parametrize(
    "args",
    [
        (),  # no space
        ("spc_nowhere",),  # the API answers 404
        ("spc_handbook", "--format", "yaml"),
        ("spc_handbook", "--change-request", "cr_nowhere"),
    ],
)
def test_usage_and_api_errors_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    code, out, err = _run(tmp_path, capsys, *args)
    assert (code, out) == (2, "")
    assert "check-links" in err or "--format" in err


def test_github_workflow_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        tmp_path, capsys, "spc_handbook", "--change-request", CR_INSTALL, "--format", "github"
    )
    lines = out.splitlines()
    errors = [line for line in lines if line.startswith("::error ")]
    assert code == 1
    assert len(errors) == 4
    for line in errors:
        props, message = line[len("::error ") :].split("::", 1)
        fields = dict(p.split("=", 1) for p in props.split(","))
        assert fields["file"].startswith("getting-started/")
        assert fields["title"].startswith("Broken ")
        assert message
    assert lines[-1].startswith("::notice title=check-links::4 broken")


def test_junit_has_one_testcase_per_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "links.xml"
    code, out, _ = _run(
        tmp_path, capsys, "spc_handbook", "--format", "junit", "--output", str(out_file)
    )
    assert code == 1
    assert out == ""
    root = ET.fromstring(out_file.read_text(encoding="utf-8"))
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 7 == int(suite.get("tests", "0"))
    failed = {c.get("name") for c in cases if c.find("failure") is not None}
    assert failed == {path for path, _, _ in BROKEN_MAIN}
    assert suite.get("failures") == "2"


def test_sarif_has_rules_per_kind_and_located_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(tmp_path, capsys, "spc_handbook", "--format", "sarif")
    sarif = json.loads(out)
    assert code == 1
    assert sarif["version"] == "2.1.0"
    (run,) = sarif["runs"]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert {"broken-page-link", "broken-file-link", "broken-url-link"} <= set(rules)
    found = set()
    for result in run["results"]:
        assert rules[result["ruleIndex"]] == result["ruleId"]
        (location,) = result["locations"]
        (logical,) = location["logicalLocations"]
        found.add((logical["name"], result["ruleId"]))
        assert result["level"] == "error"
    assert found == {(p, f"broken-{k}-link") for p, _, k in BROKEN_MAIN}


def test_text_report_names_the_count_and_each_broken_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(tmp_path, capsys, "spc_handbook")
    *rows, head = out.splitlines()  # the summary line comes last, as lychee's
    assert code == 1
    assert err == ""  # the text report on stdout carries the summary: nothing else is said
    assert any(r.endswith("the site suggests a redirect /guides/old-page -> guides") for r in rows)
    assert head.startswith("2 broken of ")
    assert "space spc_handbook, main content" in head
    assert sorted(r.split(":", 2)[1].strip() for r in rows) == sorted(p for p, _, _ in BROKEN_MAIN)


FORGED = "::error file=evil.md::forged"


@pytest.mark.parametrize("format", ["text", "github"])
def test_hostile_link_text_cannot_forge_a_workflow_command(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    format: str,
) -> None:
    link = Link(f"x\n{FORGED}\x1b\x01", Target("page", page_path=f"a\n{FORGED}"), "link")

    async def hostile(*_: object, **__: object) -> ScanResult:
        return ScanResult(1, 1, [Finding("pg", f"p\r\n{FORGED}", "t", link, f"gone\n{FORGED}")])

    monkeypatch.setattr(run, "run_check", hostile)
    code, out, _ = _run(tmp_path, capsys, "spc_handbook", "--format", format)
    assert code == 1
    assert len(out.splitlines()) == 2  # the head or summary and the one finding
    assert not [line for line in out.splitlines() if line.startswith("::error file=evil")]
    assert not {"\x1b", "\x01", "\r"} & set(out)


def test_an_error_message_stays_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def failing(*_: object, **__: object) -> ScanResult:
        raise GitBookError(f"upstream said\n{FORGED}\x1b[0m")

    monkeypatch.setattr(run, "run_check", failing)
    code, out, err = _run(tmp_path, capsys, "spc_handbook")
    assert (code, out) == (2, "")
    (line,) = [line for line in err.splitlines() if "check-links:" in line]
    assert line.endswith(f"upstream said {FORGED}[0m")
    assert not [line for line in err.splitlines() if line.startswith("::")]


def test_markdown_report_for_a_job_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(tmp_path, capsys, "spc_handbook", "--format", "markdown")
    assert code == 1
    assert out.startswith("# Link check: `space spc_handbook, main content`\n")
    assert "## Broken links (2)" in out
    headings = {line[4:].strip("`") for line in out.splitlines() if line.startswith("### ")}
    assert headings == {path for path, _, _ in BROKEN_MAIN}
    assert err.startswith("2 broken of 14 links")  # the summary line, on stderr


def test_exclude_path_leaves_pages_and_folders_unchecked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(
        tmp_path, capsys, "spc_handbook", "--exclude-path", "getting-started/configure"
    )
    assert code == 1
    *rows, summary = out.splitlines()
    assert [r.split(":", 2)[1].strip() for r in rows] == ["getting-started/install"]
    assert summary.startswith("1 broken of 12 links checked in 6 pages")
    code, out, _ = _run(tmp_path, capsys, "spc_handbook", "--exclude-path", "getting-started")
    assert code == 0  # the folder and what is under it; no site finding added for a part
    assert out == "0 broken of 6 links checked in 4 pages (space spc_handbook, main content).\n"


@pytest.mark.parametrize(("space", "code"), [("spc_handbook", 1), ("spc_api", 2)])
def test_a_late_timeout_still_writes_the_report_marked_partial(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    space: str,
    code: int,
) -> None:
    """The site's findings, the check's last call, time out: every page's findings are still
    reported; broken links exit 1, and a partial check with none exits 2, never 0."""

    async def timing_out(*_: object, **__: object) -> list[object]:
        raise APITimeoutError(method="GET", path="/orgs/o/sites/s/findings")

    monkeypatch.setattr(run, "read_site_findings", timing_out)
    exit_code, out, err = _run(tmp_path, capsys, space, "--format", "json")
    report = json.loads(out)
    assert exit_code == code
    assert report["partial"] is True
    (why,) = report["missing"]
    assert why.startswith("the published site's findings: not read")
    assert "timed out" in why
    assert report["pages_scanned"] > 1
    if code == 1:
        content = {b for b in BROKEN_MAIN if b[1] != "guides/old-page"}
        found = {(b["page_path"], b["target"], b["kind"]) for b in report["broken"]}
        assert content <= found
    else:
        assert "partial" in err
