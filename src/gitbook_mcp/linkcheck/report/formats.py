"""A scan's findings as a CI report: text, JSON, GitHub workflow commands, JUnit XML, SARIF 2.1.0
or markdown (a job summary or pull-request comment, `gitbook_mcp.linkcheck.report.markdown`).

Each format lists the broken links (errors) and the links that could not be checked (warnings:
unchecked, or an outside URL whose host does not resolve, that timed out or is rate limited);
the page path is the location everywhere (a file for GitHub, a test case for JUnit, a logical
location for SARIF). Findings of the published site itself have no page: ``(published site)``.
Every field someone else wrote (link text, target, page path, reason) goes through `clean` first:
one line, no control or format character, so a link text cannot forge a workflow command, a report
line or invalid XML. A partial check (a call failed late) says so in every format, with what was
not checked (`ScanResult.missing`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree as ET

from gitbook_mcp.linkcheck.model import Finding, ScanResult
from gitbook_mcp.linkcheck.report.base import (
    CATEGORY_LABELS,
    SITE,
    ReportScope,
    category,
    clean,
    file_of,
    linked,
    redirect,
    said,
    summary_line,
    where,
)
from gitbook_mcp.linkcheck.report.markdown import render_markdown
from gitbook_mcp.linkcheck.report.sarif import render_sarif

__all__ = ["FORMATS", "ReportScope", "clean", "render_report", "suggestion"]


def _line(f: Finding, scope: ReportScope | None = None) -> str:
    place = where(f)
    file = file_of(f, scope, ()) if scope is not None and scope.files is not None else None
    if file is not None:
        place = f"{file}:{f.link.line}" if f.link.line is not None else file
    line = f"{place}: {linked(f)} ({f.kind}): {clean(f.reason)}"
    suggested = redirect(f)
    if suggested:
        line += f"; {suggestion(suggested)}"
    return line


def suggestion(suggested: dict[str, Any]) -> str:
    """A site's suggested redirect in words, ``the site suggests a redirect /a -> b``, one line."""
    destination = suggested.get("destination") or {}
    to = destination.get("path") or destination.get("url") or "?"
    return clean(f"the site suggests a redirect {suggested.get('source')} -> {to}")


def _text(result: ScanResult, scope: ReportScope) -> str:
    """One line per finding, then the summary line last (as lychee ends its output)."""
    rows = [f"broken: {_line(f, scope)}" for f in result.broken]
    if result.partial:
        rows += [f"PARTIAL: {len(result.missing)} parts of the check did not run:"]
        rows += [f"not checked: {clean(why)}" for why in result.missing]
    # an unchecked link says why by its category: unchecked, dns, timeout or rate-limited
    unchecked = (f for f in result.findings if f.status == "unchecked")
    rows += [f"{category(f)}: {_line(f, scope)}" for f in unchecked]
    return "\n".join([*rows, summary_line(result, scope)]) + "\n"


def _finding_json(f: Finding, scope: ReportScope) -> dict[str, Any]:
    found = {
        "page_id": f.page_id or None,
        "page_path": where(f),
        "text": clean(f.text),
        "target": clean(f.target),
        "kind": f.kind,
        "reason": clean(f.reason),
        "status": f.status,
        "category": category(f),
        "line": f.link.line,
        "suggested_redirect": redirect(f),
        "site_finding_id": clean(f.site_finding_id) if f.site_finding_id else None,
    }
    if scope.files is not None:  # a folder checked on disk: the file the link is in
        found["file"] = file_of(f, scope, ())
    return found


def _json(result: ScanResult, scope: ReportScope) -> str:
    body: dict[str, Any] = {
        "space_id": clean(scope.space_id),
        "change_request_id": clean(scope.change_request_id) if scope.change_request_id else None,
        "pages_scanned": result.pages_scanned,
        "links_checked": result.links_checked,
        "broken": [_finding_json(f, scope) for f in result.broken],
        "unchecked": [_finding_json(f, scope) for f in result.findings if f.status == "unchecked"],
        "partial": result.partial,
        "missing": [clean(why) for why in result.missing],
    }
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(result: ScanResult, scope: ReportScope) -> str:
    lines = []
    paths = [f.page_path for f in result.findings] + list(result.pages.values())
    for f in result.findings:
        level = "error" if f.status == "broken" else "warning"
        file = file_of(f, scope, paths)
        props = f"file={_gh_property(file or where(f))}"
        if f.link.line is not None:
            props += f",line={f.link.line}"
        title = f"{CATEGORY_LABELS[category(f)]} {f.kind} link"
        lines.append(f"::{level} {props},title={_gh_property(title)}::{_gh_data(said(f))}")
    for why in result.missing:
        lines.append(f"::warning title=check-links partial::{_gh_data(clean(why))}")
    summary = f"{len(result.broken)} broken of {result.links_checked} links ({scope.describe()})"
    if result.partial:
        summary += f"; PARTIAL: {len(result.missing)} parts did not run"
    lines.append(f"::notice title=check-links::{_gh_data(summary)}")
    return "\n".join(lines) + "\n"


def _by_page(result: ScanResult) -> dict[str, list[Finding]]:
    """Findings grouped by page path, every scanned page present (in scan order)."""
    grouped: dict[str, list[Finding]] = {clean(p): [] for p in result.pages.values()}
    for f in result.findings:
        grouped.setdefault(where(f), []).append(f)
    return grouped


def _junit(result: ScanResult, scope: ReportScope) -> str:
    grouped = _by_page(result)
    suite = ET.Element(
        "testsuite",
        name=f"check-links {scope.describe()}",
        tests=str(len(grouped)),
        failures=str(sum(1 for fs in grouped.values() if any(f.status == "broken" for f in fs))),
        errors="1" if result.partial else "0",
        skipped="0",
    )
    if result.partial:  # what did not run is an error of the run, not a page's failure
        case = ET.SubElement(
            suite, "testcase", classname=clean(scope.space_id), name="(not checked)"
        )
        error = ET.SubElement(case, "error", message="partial check", type="partial")
        error.text = "\n".join(clean(why) for why in result.missing)
    for path, findings in grouped.items():
        case = ET.SubElement(suite, "testcase", classname=clean(scope.space_id), name=path or SITE)
        broken = [f for f in findings if f.status == "broken"]
        if broken:
            failure = ET.SubElement(
                case, "failure", message=f"{len(broken)} broken links", type="broken-link"
            )
            failure.text = "\n".join(_line(f) for f in broken)
        unchecked = [f for f in findings if f.status == "unchecked"]
        if unchecked:
            lines = (f"{category(f)}: {_line(f)}" for f in unchecked)
            ET.SubElement(case, "system-out").text = "\n".join(lines)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


FORMATS: dict[str, Callable[[ScanResult, ReportScope], str]] = {
    "text": _text,
    "json": _json,
    "github": _github,
    "junit": _junit,
    "sarif": render_sarif,
    "markdown": render_markdown,
}


def render_report(result: ScanResult, scope: ReportScope, format: str = "text") -> str:
    """The report in ``format`` (one of `FORMATS`)."""
    return FORMATS[format](result, scope)
