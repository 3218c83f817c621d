"""The SARIF 2.1.0 report, shaped for GitHub code scanning.

One rule per kind of broken link, and one per outside URL that could not be judged (an
unresolved host, a timeout, a rate limit: warnings). Each rule has a full description and help
(text and markdown) and a help URI; the driver names the tool's home. Each result carries
``partialFingerprints`` (a hash of the rule, the page path and the link target) so that GitHub
tracks an alert across runs and closes it when the link is fixed. With ``--git-sync-root``, a
result's location is the repository file Git Sync writes its page to (line 1 when the link's
line is unknown) so that the alert lands on that file; for a Git Sync folder checked on disk, the
file read and the link's line in it; otherwise it is the page path.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import quote

from gitbook_mcp import __version__
from gitbook_mcp.linkcheck.model import Finding, ScanResult
from gitbook_mcp.linkcheck.report.base import ReportScope, category, clean, file_of, said, where

__all__ = ["FINGERPRINT", "INFORMATION_URI", "RULES", "render_sarif", "rule_id"]

INFORMATION_URI = "https://github.com/gitbook-mcp/gitbook-mcp"
"""The project's home (the namespace of its MCP registry name, ``io.github.gitbook-mcp``)."""
HELP_URI = INFORMATION_URI + "#check-links-in-ci"
FINGERPRINT = "gitbookLink/v1"
"""The key of a result's partial fingerprint (versioned: a new hash gets a new key)."""

_KIND_RULES = {
    "page": ("A link to a page that does not exist", "the page was moved, renamed or deleted"),
    "anchor": (
        "A link to a heading that does not exist on its page",
        "the heading was renamed or removed (its anchor changed)",
    ),
    "file": ("A link to a file that does not exist", "the file was deleted or replaced"),
    "space": (
        "A link to a space that does not exist or cannot be read",
        "the space was deleted, or the token cannot read it",
    ),
    "url": (
        "A link to a URL that does not answer, or to a site path that resolves to nothing",
        "the site answered an error status, or its path leads to no page",
    ),
    "other": ("A link of a kind that cannot be resolved", "its reference cannot be resolved"),
}
_CATEGORY_RULES = {
    "dns": (
        "url-host-not-found",
        "An outside URL whose host does not resolve",
        "the domain expired or is mistyped, or DNS failed during the run",
    ),
    "timeout": (
        "url-timeout",
        "An outside URL that did not answer in time",
        "the host is slow or down; every retry timed out",
    ),
    "rate-limited": (
        "url-rate-limited",
        "An outside URL whose host is rate limiting the check",
        "the host answered 429 on every try; accept 429 (`--accept`) or exclude the host",
    ),
}


def _rule(rule: str, short: str, why: str, level: str) -> dict[str, Any]:
    text = f"{short}: {why}. Fix the link in GitBook, or exclude it (`--exclude`)."
    markdown = (
        f"**{short}.** Usually {why}.\n\n"
        "Fix the link in GitBook (the `fix_links` tool proposes fixes), or leave it out of the "
        f"check with `--exclude` or `.gitbook-linkignore`. See [check-links]({HELP_URI})."
    )
    name = "".join(part.capitalize() for part in rule.split("-"))
    return {
        "id": rule,
        "name": name,
        "shortDescription": {"text": short},
        "fullDescription": {"text": f"{short}: usually {why}."},
        "help": {"text": text, "markdown": markdown},
        "helpUri": HELP_URI,
        "defaultConfiguration": {"level": level},
    }


RULES: list[dict[str, Any]] = [
    _rule(f"broken-{kind}-link", short, why, "error") for kind, (short, why) in _KIND_RULES.items()
] + [_rule(rule, short, why, "warning") for rule, short, why in _CATEGORY_RULES.values()]
_INDEX = {rule["id"]: index for index, rule in enumerate(RULES)}


def rule_id(f: Finding) -> str:
    """The rule of a finding: its category's for an outside URL that could not be judged."""
    refined = _CATEGORY_RULES.get(category(f))
    return refined[0] if refined else f"broken-{f.kind if f.kind in _KIND_RULES else 'other'}-link"


def _fingerprint(rule: str, f: Finding) -> str:
    """A stable hash of the rule, the page path and the link target (all cleaned)."""
    key = "\0".join((rule, where(f), clean(f.target)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _result(f: Finding, scope: ReportScope, paths: list[str]) -> dict[str, Any]:
    location: dict[str, Any] = {
        "logicalLocations": [{"name": where(f), "fullyQualifiedName": where(f), "kind": "resource"}]
    }
    line = f.link.line
    file = file_of(f, scope, paths)
    if file is not None:
        uri: str | None = file
        line = line or 1
    elif f.page_id:
        uri = clean(f.page_path or f.page_id) or clean(f.page_id)
    else:
        uri = None
    if uri is not None:
        physical: dict[str, Any] = {"artifactLocation": {"uri": quote(uri, safe="/")}}
        if line is not None:
            physical["region"] = {"startLine": line}
        location["physicalLocation"] = physical
    rule = rule_id(f)
    return {
        "ruleId": rule,
        "ruleIndex": _INDEX[rule],
        "level": "error" if f.status == "broken" else "warning",
        "message": {"text": said(f)},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT: _fingerprint(rule, f)},
        "properties": {"status": f.status, "category": category(f), "target": clean(f.target)},
    }


def render_sarif(result: ScanResult, scope: ReportScope) -> str:
    """The SARIF log of one run."""
    paths = [f.page_path for f in result.findings] + list(result.pages.values())
    run = {
        "tool": {
            "driver": {
                "name": "gitbook-mcp check-links",
                "version": __version__,
                "informationUri": INFORMATION_URI,
                "rules": RULES,
            }
        },
        "automationDetails": {"id": f"check-links/{clean(scope.space_id)}"},
        "results": [_result(f, scope, paths) for f in result.findings],
    }
    if result.partial:  # a call failed late: the run did not finish, and says what it missed
        notes = [
            {"level": "error", "message": {"text": f"not checked: {clean(why)}"}}
            for why in result.missing
        ]
        run["invocations"] = [{"executionSuccessful": False, "toolExecutionNotifications": notes}]
    body = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    }
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"
