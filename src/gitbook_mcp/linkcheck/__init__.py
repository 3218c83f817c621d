"""Link checking from content: extraction, checks of every link kind, and planned fixes."""

from __future__ import annotations

from gitbook_mcp.linkcheck.external.checker import ExternalChecker, UrlVerdict
from gitbook_mcp.linkcheck.fixes.edit import Edit, apply_fixes, apply_markdown_fixes
from gitbook_mcp.linkcheck.fixes.plan import UNLINK, Fix, fix_id, renamed_pages
from gitbook_mcp.linkcheck.model import (
    FileNode,
    Finding,
    Link,
    PageBody,
    PageNode,
    PublishedSite,
    PublishedSpace,
    RedirectHop,
    RevisionContent,
    ScanResult,
    Target,
)
from gitbook_mcp.linkcheck.scan import LinkScanner
from gitbook_mcp.linkcheck.source import ContentReader, SiteReader

__all__ = [
    "UNLINK",
    "ContentReader",
    "Edit",
    "ExternalChecker",
    "FileNode",
    "Finding",
    "Fix",
    "Link",
    "LinkScanner",
    "PageBody",
    "PageNode",
    "PublishedSite",
    "PublishedSpace",
    "RedirectHop",
    "RevisionContent",
    "ScanResult",
    "SiteReader",
    "Target",
    "UrlVerdict",
    "apply_fixes",
    "apply_markdown_fixes",
    "fix_id",
    "renamed_pages",
]
