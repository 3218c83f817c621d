"""A scan's findings as a CI report: text, JSON, GitHub workflow commands, JUnit XML or SARIF 2.1.0.

Each format lists the broken links (errors) and the links that could not be checked (warnings);
the page path is the location everywhere (a file for GitHub, a test case for JUnit, a logical
location for SARIF). Findings of the published site itself have no page: ``(published site)``.
Every field someone else wrote (link text, target, page path, reason) goes through `clean` first:
one line, no control or format character, so a link text cannot forge a workflow command, a report
line or invalid XML.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree as ET

from gitbook_mcp import __version__
from gitbook_mcp.linkcheck.model import Finding, ScanResult

__all__ = ["FORMATS", "ReportScope", "clean", "render_report", "suggestion"]

SITE = "(published site)"
KINDS = ("page", "anchor", "file", "space", "url", "other")
_RULE_TEXT = {
    "page": "A link to a page that does not exist",
    "anchor": "A link to a heading that does not exist on its page",
    "file": "A link to a file that does not exist",
    "space": "A link to a space that does not exist or cannot be read",
    "url": "A link to a URL that does not answer, or to a site path that resolves to nothing",
    "other": "A link of a kind that cannot be resolved",
}


_DROPPED = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Control (C0, DEL, C1), format (bidirectional, zero-width), surrogate, private and unassigned
characters, and line or paragraph separators: none belongs in a one-line report field."""


def clean(text: object) -> str:
    """``text`` as one line: each control, format or separator character dropped (a space where
    it breaks a line or spaces words), every run of whitespace one space, ends stripped."""
    kept = "".join(
        (" " if ch.isspace() else "") if unicodedata.category(ch) in _DROPPED else ch
        for ch in str(text)
    )
    return " ".join(kept.split())


@dataclass(frozen=True)
class ReportScope:
    """What was checked: the space and the change request (None: the main content)."""

    space_id: str
    change_request_id: str | None = None

    def describe(self) -> str:
        """``space X, change request Y`` or ``space X, main content``."""
        change_request = clean(self.change_request_id or "")
        where = f"change request {change_request}" if change_request else "main content"
        return f"space {clean(self.space_id)}, {where}"


def _where(f: Finding) -> str:
    return clean(f.page_path or f.page_title or SITE) or SITE if f.page_id else SITE


def _said(f: Finding) -> str:
    """``[text] -> target: reason``, each field cleaned."""
    return f"[{clean(f.text)}] -> {clean(f.target)}: {clean(f.reason)}"


def _redirect(f: Finding) -> dict[str, Any] | None:
    """The site's suggested redirect, its strings cleaned (nested ones too)."""
    if not f.suggested_redirect:
        return None
    return {clean(key): _cleaned(value) for key, value in f.suggested_redirect.items()}


def _cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean(k): _cleaned(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_cleaned(v) for v in value]
    return value


def _line(f: Finding) -> str:
    line = f"{_where(f)}: [{clean(f.text)}] -> {clean(f.target)} ({f.kind}): {clean(f.reason)}"
    redirect = _redirect(f)
    if redirect:
        line += f"; {suggestion(redirect)}"
    return line


def suggestion(redirect: dict[str, Any]) -> str:
    """A site's suggested redirect in words, ``the site suggests a redirect /a -> b``, one line."""
    destination = redirect.get("destination") or {}
    to = destination.get("path") or destination.get("url") or "?"
    return clean(f"the site suggests a redirect {redirect.get('source')} -> {to}")


def _text(result: ScanResult, scope: ReportScope) -> str:
    broken = result.broken
    head = (
        f"{len(broken)} broken of {result.links_checked} links checked in "
        f"{result.pages_scanned} pages ({scope.describe()})."
    )
    rows = [f"broken: {_line(f)}" for f in broken]
    rows += [f"unchecked: {_line(f)}" for f in result.findings if f.status == "unchecked"]
    return "\n".join([head, *rows]) + "\n"


def _finding_json(f: Finding) -> dict[str, Any]:
    return {
        "page_id": f.page_id or None,
        "page_path": _where(f),
        "text": clean(f.text),
        "target": clean(f.target),
        "kind": f.kind,
        "reason": clean(f.reason),
        "status": f.status,
        "line": f.link.line,
        "suggested_redirect": _redirect(f),
        "site_finding_id": clean(f.site_finding_id) if f.site_finding_id else None,
    }


def _json(result: ScanResult, scope: ReportScope) -> str:
    body = {
        "space_id": clean(scope.space_id),
        "change_request_id": clean(scope.change_request_id) if scope.change_request_id else None,
        "pages_scanned": result.pages_scanned,
        "links_checked": result.links_checked,
        "broken": [_finding_json(f) for f in result.broken],
        "unchecked": [_finding_json(f) for f in result.findings if f.status == "unchecked"],
    }
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(result: ScanResult, scope: ReportScope) -> str:
    lines = []
    for f in result.findings:
        level = "error" if f.status == "broken" else "warning"
        props = f"file={_gh_property(_where(f))}"
        if f.link.line is not None:
            props += f",line={f.link.line}"
        title = f"{'Broken' if level == 'error' else 'Unchecked'} {f.kind} link"
        lines.append(f"::{level} {props},title={_gh_property(title)}::{_gh_data(_said(f))}")
    summary = f"{len(result.broken)} broken of {result.links_checked} links ({scope.describe()})"
    lines.append(f"::notice title=check-links::{_gh_data(summary)}")
    return "\n".join(lines) + "\n"


def _by_page(result: ScanResult) -> dict[str, list[Finding]]:
    """Findings grouped by page path, every scanned page present (in scan order)."""
    grouped: dict[str, list[Finding]] = {clean(p): [] for p in result.pages.values()}
    for f in result.findings:
        grouped.setdefault(_where(f), []).append(f)
    return grouped


def _junit(result: ScanResult, scope: ReportScope) -> str:
    grouped = _by_page(result)
    suite = ET.Element(
        "testsuite",
        name=f"check-links {scope.describe()}",
        tests=str(len(grouped)),
        failures=str(sum(1 for fs in grouped.values() if any(f.status == "broken" for f in fs))),
        errors="0",
        skipped="0",
    )
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
            ET.SubElement(case, "system-out").text = "\n".join(_line(f) for f in unchecked)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _sarif_result(f: Finding) -> dict[str, Any]:
    location: dict[str, Any] = {
        "logicalLocations": [
            {"name": _where(f), "fullyQualifiedName": _where(f), "kind": "resource"}
        ]
    }
    if f.page_id:
        uri = clean(f.page_path or f.page_id) or clean(f.page_id)
        physical: dict[str, Any] = {"artifactLocation": {"uri": uri}}
        if f.link.line is not None:
            physical["region"] = {"startLine": f.link.line}
        location["physicalLocation"] = physical
    return {
        "ruleId": f"broken-{f.kind}-link",
        "ruleIndex": KINDS.index(f.kind),
        "level": "error" if f.status == "broken" else "warning",
        "message": {"text": _said(f)},
        "locations": [location],
        "properties": {"status": f.status, "target": clean(f.target)},
    }


def _sarif(result: ScanResult, scope: ReportScope) -> str:
    rules = [
        {
            "id": f"broken-{kind}-link",
            "name": f"Broken{kind.capitalize()}Link",
            "shortDescription": {"text": _RULE_TEXT[kind]},
            "defaultConfiguration": {"level": "error"},
        }
        for kind in KINDS
    ]
    run = {
        "tool": {
            "driver": {
                "name": "gitbook-mcp check-links",
                "version": __version__,
                "rules": rules,
            }
        },
        "automationDetails": {"id": f"check-links/{clean(scope.space_id)}"},
        "results": [_sarif_result(f) for f in result.findings],
    }
    body = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    }
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[ScanResult, ReportScope], str]] = {
    "text": _text,
    "json": _json,
    "github": _github,
    "junit": _junit,
    "sarif": _sarif,
}


def render_report(result: ScanResult, scope: ReportScope, format: str = "text") -> str:
    """The report in ``format`` (one of `FORMATS`)."""
    return FORMATS[format](result, scope)
