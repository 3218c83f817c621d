"""Every report format keeps someone else's text on one line per field, without control
characters: a link text cannot forge a GitHub workflow command, a report line or invalid XML."""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

import pytest

from gitbook_mcp.linkcheck.model import Finding, Link, ScanResult, Target
from gitbook_mcp.linkcheck.report.base import synced_file
from gitbook_mcp.linkcheck.report.formats import FORMATS, ReportScope, clean, render_report

FORGED = "::error file=evil.md,line=1::forged"
HOSTILE = f"click\n{FORGED}\r\n\x1b[31mred\x01\x07\x7f\x85\x9b\u2028\u2029\u202e\u200b\ufffe end"
"""A newline then a workflow command, ESC, C0, DEL, C1, line and paragraph separators, a
bidirectional override, a zero-width space and a non-character."""
CONTROLS = {chr(c) for c in range(0x20)} | {chr(c) for c in range(0x7F, 0xA0)}
INVISIBLE = CONTROLS | {"\u2028", "\u2029", "\u202e", "\u200b", "\ufffe"}


def _result() -> ScanResult:
    target = Target("url", url=f"https://example.com/{HOSTILE}")
    link = Link(text=HOSTILE, target=target, node_type="link", line=3)
    finding = Finding(
        page_id="pg_1",
        page_path=f"guides/{HOSTILE}",
        page_title="Guide",
        link=link,
        reason=f"answered 404 {HOSTILE}",
        suggested_redirect={"source": f"/old{HOSTILE}", "destination": {"path": HOSTILE}},
    )
    unchecked = Finding("pg_1", f"guides/{HOSTILE}", "Guide", link, HOSTILE, status="unchecked")
    return ScanResult(
        pages_scanned=1,
        links_checked=2,
        findings=[finding, unchecked],
        pages={"pg_1": f"guides/{HOSTILE}"},
    )


def _report(format: str) -> str:
    return render_report(_result(), ReportScope(f"spc\n{FORGED}", "cr\x1b1"), format)


def test_clean_makes_one_line_of_visible_characters() -> None:
    assert clean("a\nb\r\n\tc\x00d\x1b[0m\x9be\u2028f\u202eg") == "a b cd[0me fg"
    assert clean("  \n ") == ""


@pytest.mark.parametrize("format", sorted(FORMATS))
def test_no_format_lets_a_control_character_through(format: str) -> None:
    report = _report(format)
    assert not (set(report) - {"\n"}) & INVISIBLE


@pytest.mark.parametrize("format", ["text", "github"])
def test_a_forged_workflow_command_never_starts_a_line(format: str) -> None:
    lines = _report(format).splitlines()
    assert len(lines) == 3  # the head (or summary) and one line per finding
    starts = [line.split(" ", 1)[0] for line in lines]
    if format == "text":
        assert starts == ["broken:", "unchecked:", "1"]  # the summary line last
    else:
        assert starts == ["::error", "::warning", "::notice"]
        forged = "file=guides/click %3A%3Aerror file=evil.md%2Cline=1%3A%3Aforged [31mred end,"
        assert lines[0].startswith(f"::error {forged}line=3,title=Broken url link::[click ::")


def test_github_escapes_percent_and_property_separators() -> None:
    link = Link(text="100%", target=Target("page", page_path="a"), node_type="link")
    finding = Finding("pg", "a,b:c%d", "T", link, "gone")
    report = render_report(ScanResult(1, 1, [finding]), ReportScope("s"), "github")
    first = report.splitlines()[0]
    assert first.startswith("::error file=a%2Cb%3Ac%25d,title=Broken page link::[100%25] -> a")


def test_json_and_sarif_keep_each_field_on_one_clean_line() -> None:
    body = json.loads(_report("json"))
    broken = body["broken"][0]
    for value in (broken["text"], broken["target"], broken["page_path"], broken["reason"]):
        assert not set(value) & INVISIBLE
        assert FORGED in value  # kept as visible data, on the same line
    assert broken["suggested_redirect"]["destination"]["path"] == clean(HOSTILE)
    assert body["space_id"] == clean(f"spc\n{FORGED}")
    sarif = json.loads(_report("sarif"))
    message = sarif["runs"][0]["results"][0]["message"]["text"]
    assert message.startswith(f"[{clean(HOSTILE)}] -> ")


def test_junit_is_valid_xml_with_one_line_per_finding() -> None:
    root = ET.fromstring(_report("junit").split("\n", 1)[1])  # after the XML declaration
    case = root.find("testsuite/testcase")
    assert case is not None
    assert case.get("name") == f"guides/{clean(HOSTILE)}"
    failure = case.find("failure")
    assert failure is not None
    assert failure.text is not None
    assert len(failure.text.strip().splitlines()) == 1


def _outside(text: str, category: str | None, status: str = "unchecked") -> Finding:
    link = Link(text=text, target=Target("url", url=f"https://{text}.test/"), node_type="link")
    return Finding(
        "pg_1",
        "guides/install",
        "Install",
        link,
        "why",
        status=status,
        category=category,  # type: ignore[arg-type]
    )


def _categorised() -> ScanResult:
    findings = [
        _outside("gone", "broken", "broken"),
        _outside("nohost", "dns"),
        _outside("slow", "timeout"),
        _outside("busy", "rate-limited"),
        _outside("refused", None),
    ]
    pages = {"pg_1": "guides/install", "pg_2": "guides", "pg_0": ""}
    return ScanResult(3, 5, findings, pages=pages)


def test_every_format_names_the_category_of_an_outside_url() -> None:
    result, scope = _categorised(), ReportScope("s")
    text = render_report(result, scope, "text").splitlines()[:-1]
    assert [row.split(":", 1)[0] for row in text] == [
        "broken",
        "dns",
        "timeout",
        "rate-limited",
        "unchecked",
    ]
    body = json.loads(render_report(result, scope, "json"))
    assert [u["category"] for u in body["unchecked"]] == [
        "dns",
        "timeout",
        "rate-limited",
        "unchecked",
    ]
    titles = [
        line.split("title=", 1)[1].split("::")[0]
        for line in render_report(result, scope, "github").splitlines()[:-1]
    ]
    assert titles == [
        "Broken url link",
        "Unresolved url link",
        "Timed out url link",
        "Rate-limited url link",
        "Unchecked url link",
    ]
    sarif = json.loads(render_report(result, scope, "sarif"))["runs"][0]["results"]
    assert [(r["ruleId"], r["level"]) for r in sarif] == [
        ("broken-url-link", "error"),
        ("url-host-not-found", "warning"),
        ("url-timeout", "warning"),
        ("url-rate-limited", "warning"),
        ("broken-url-link", "warning"),
    ]


@pytest.mark.parametrize(
    ("root", "page", "file"),
    [
        ("docs", "guides/install", "docs/guides/install.md"),
        ("docs/", "guides", "docs/guides/README.md"),  # it has pages under it
        ("", "", "README.md"),  # the space's first page
        ("/site/docs/", "faq", "site/docs/faq.md"),
    ],
)
def test_git_sync_files(root: str, page: str, file: str) -> None:
    assert synced_file(root, page, ["guides/install", "guides", "faq"]) == file


def test_github_and_sarif_name_the_synced_file_and_fingerprints_ignore_it() -> None:
    result = _categorised()
    plain, synced = ReportScope("s"), ReportScope("s", git_sync_root="docs")
    github = render_report(result, synced, "github").splitlines()[0]
    assert github.startswith("::error file=docs/guides/install.md,title=Broken url link::")
    runs = [json.loads(render_report(result, s, "sarif"))["runs"][0] for s in (plain, synced)]
    uris = [r["results"][0]["locations"][0]["physicalLocation"] for r in runs]
    assert uris[0] == {"artifactLocation": {"uri": "guides/install"}}
    assert uris[1] == {
        "artifactLocation": {"uri": "docs/guides/install.md"},
        "region": {"startLine": 1},
    }
    prints = [[x["partialFingerprints"] for x in r["results"]] for r in runs]
    assert prints[0] == prints[1]
    assert len({p["gitbookLink/v1"] for p in prints[0]}) == 5


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_a_link_without_text_is_reported_by_its_target_alone(fmt: str) -> None:
    block = Link(text="", target=Target("file", file_id="fl_old"), node_type="file")
    worded = Link(text="notes", target=Target("page", page_path="install-notes"), node_type="link")
    findings = [
        Finding("pg_1", "troubleshooting", "Troubleshooting", block, "no file fl_old"),
        Finding("pg_1", "troubleshooting", "Troubleshooting", worded, "no page install-notes"),
    ]
    result = ScanResult(1, 2, findings, pages={"pg_1": "troubleshooting"})
    text = render_report(result, ReportScope("spc_cloud"), fmt)
    assert "[]" not in text
    assert "fl_old" in text
    assert "[notes] -> install-notes" in text
