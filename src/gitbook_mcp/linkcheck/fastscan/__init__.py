"""Links and anchors of a page's markdown read with a compiled CommonMark parser (pyromark, the
Rust pulldown-cmark), for the link checker's scans: each page parsed once, no document built.

It reads GitBook's dialect as the project's own parser does (`gitbook_mcp.document.parse_markdown`,
links only), reusing that parser's converters for Liquid tags, HTML blocks, inline HTML and table
cells written in HTML; a page using what it does not read (footnotes, math, tags inside a list
item or a quote) gives ``None`` and is read by that parser. `tests/corpus/test_fast_scan.py`
holds both readings equal on every page of the vendored corpora.
"""

from __future__ import annotations

from gitbook_mcp.document import LinkField
from gitbook_mcp.linkcheck.extract import link_of
from gitbook_mcp.linkcheck.fastscan.events import OPTIONS, Declined, NeedsRanges, Scan, read
from gitbook_mcp.linkcheck.fastscan.liquid import read_tagged
from gitbook_mcp.linkcheck.model import Link, PageScan

__all__ = ["fast_scan"]


def fast_scan(markdown: str) -> PageScan | None:
    """The page's links and anchors, or None when it uses a construct read only by the full
    parser (`gitbook_mcp.linkcheck.markdown.parse_page`)."""
    if "$$" in markdown:  # math: the parser's
        return None
    try:
        try:
            scan = _scan(markdown, ranged=_cell_html(markdown))
        except NeedsRanges:
            scan = _scan(markdown, ranged=True)
    except Declined:
        return None
    links = [link for link in map(_link_of, scan.fields) if link is not None]
    return PageScan(links, scan.anchors())


_CELL_BLOCKS = ("<p>", "<ul>", "<ol>", "<pre")


def _cell_html(markdown: str) -> bool:
    """Whether a line of a pipe table (``| …``) holds an HTML paragraph, list or code block: a
    cell the scan reads from its source (`NeedsRanges`), so the page is read with its events'
    ranges at once, not read twice. A guess either way costs time, never a finding: each line
    looked at once per form, linear."""
    for form in _CELL_BLOCKS:
        at = markdown.find(form)
        while at >= 0:
            start = markdown.rfind("\n", 0, at) + 1
            if markdown[start:at].lstrip().startswith("|"):
                return True
            end = markdown.find("\n", at)
            at = markdown.find(form, end) if end >= 0 else -1
    return False


def _scan(markdown: str, *, ranged: bool) -> Scan:
    scan = Scan()
    if "{%" in markdown:
        read_tagged(scan, markdown, ranged)
    else:
        read(scan, markdown, OPTIONS, ranged)
    return scan


def _link_of(field: LinkField | None) -> Link | None:
    return None if field is None else link_of(field)
