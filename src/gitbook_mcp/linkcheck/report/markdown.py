"""The markdown report (``--format markdown``): a document for a GitHub job summary
(``$GITHUB_STEP_SUMMARY``) or a pull-request comment, as lychee's ``--format markdown``.

A table of counts, then the broken links and the links not checked, grouped by page (or file).
Every field someone else wrote is `clean`ed and then shown only inside a code span, where
markdown renders nothing: a link text cannot add a link, an image, HTML or an ``@`` mention to
a pull request's comment. Each list stops at `MAX_ROWS` (a comment holds 65,536 characters).
"""

from __future__ import annotations

from gitbook_mcp.linkcheck.model import Finding, ScanResult
from gitbook_mcp.linkcheck.report.base import (
    CATEGORY_LABELS,
    ReportScope,
    category,
    clean,
    file_of,
    redirect,
    where,
)

__all__ = ["MAX_ROWS", "code_span", "render_markdown"]

MAX_ROWS = 200
"""Findings listed per section; the rest are counted."""


def code_span(text: object) -> str:
    """``text`` cleaned to one line, as a code span that holds it whatever backticks it has."""
    body = clean(text)
    if not body:
        return "` `"
    longest = run = 0
    for ch in body:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    padded = f" {body} " if body[0] in "` " or body[-1] in "` " else body
    return f"{fence}{padded}{fence}"


def _place(f: Finding, scope: ReportScope, paths: list[str]) -> str:
    return file_of(f, scope, paths) or where(f)


def _row(f: Finding, scope: ReportScope) -> str:
    text = clean(f.text)
    label = f"{f.kind} link" + (f" {code_span(text)}" if text else "")
    line = f" (line {f.link.line})" if f.link.line is not None and scope.files is not None else ""
    row = f"- {code_span(f.target)}: {label}{line}: {code_span(f.reason)}"
    if f.status == "unchecked":
        row = f"- {CATEGORY_LABELS[category(f)]}: {row[2:]}"
    suggested = redirect(f)
    if suggested:
        destination = suggested.get("destination") or {}
        to = destination.get("path") or destination.get("url") or "?"
        row += f"; the site suggests a redirect {code_span(suggested.get('source'))} → "
        row += code_span(to)
    return row


def _section(
    title: str, findings: list[Finding], scope: ReportScope, paths: list[str]
) -> list[str]:
    if not findings:
        return []
    lines = ["", f"## {title} ({len(findings)})"]
    grouped: dict[str, list[Finding]] = {}
    for f in findings[:MAX_ROWS]:
        grouped.setdefault(_place(f, scope, paths), []).append(f)
    for place, found in grouped.items():
        lines += ["", f"### {code_span(place)}", ""]
        lines += [_row(f, scope) for f in found]
    if len(findings) > MAX_ROWS:
        more = len(findings) - MAX_ROWS
        lines += ["", f"…and {more} more: see the `json` or `sarif` report for all of them."]
    return lines


def render_markdown(result: ScanResult, scope: ReportScope) -> str:
    """The markdown document of one run."""
    broken = result.broken
    unchecked = [f for f in result.findings if f.status == "unchecked"]
    verdict = "✅ No broken link." if not broken else f"❌ {len(broken)} broken links."
    lines = [
        f"# Link check: {code_span(scope.describe())}",
        "",
        verdict,
        "",
        "| | count |",
        "|---|--:|",
        f"| pages checked | {result.pages_scanned} |",
        f"| links checked | {result.links_checked} |",
        f"| broken | {len(broken)} |",
        f"| not checked | {len(unchecked)} |",
    ]
    paths = [f.page_path for f in result.findings] + list(result.pages.values())
    lines += _section("Broken links", broken, scope, paths)
    lines += _section("Not checked (warnings)", unchecked, scope, paths)
    if result.partial:  # a call failed late: what was read stands, what was not is named
        lines += ["", f"## Partial: {len(result.missing)} parts did not run", ""]
        lines += [f"- {code_span(why)}" for why in result.missing]
    return "\n".join(lines) + "\n"
