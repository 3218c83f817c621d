"""The compiled scanner (`gitbook_mcp.linkcheck.fastscan`) against the full parser, on every page
of both vendored corpora and on the markdown the renderer writes for every node type: each page
it reads gives the links (kind, target, text, node type, in order, then the line each is written
on) and the anchors its document gives. A page it leaves to the full parser is read by that
parser, so the two readings are the same by construction there. Each page is parsed once per
parser; no server."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gitbook_mcp.document import render_markdown
from gitbook_mcp.linkcheck.extract import anchor_map, document_links
from gitbook_mcp.linkcheck.fastscan import fast_scan
from gitbook_mcp.linkcheck.markdown import located, markdown_links, parse_page, scan_page
from gitbook_mcp.linkcheck.model import Link, PageScan
from tests.unit.document import corpus

CORPORA = Path(__file__).resolve().parents[1] / "corpora"
NAMES = ("cheqd-product-docs", "beefree-sdk-docs")


def _plain(links: list[Link]) -> list[Link]:
    """Links without where the document holds them (a pointer is the document's own)."""
    return [replace(link, pointer=None) for link in links]


def _located(markdown: str, fast: PageScan) -> PageScan:
    """The scan as `scan_page` gives it (its links located), without parsing the page again."""
    return PageScan(located(fast.links, markdown), fast.anchors)


def _same(markdown: str, fast: PageScan) -> bool:
    """Whether the scanner's reading of a page is its document's."""
    document = parse_page(markdown)
    return (
        _plain(fast.links) == _plain(document_links(document))
        and fast.anchors == anchor_map(document)
        and markdown_links(markdown, page_path="a/b", scanned=_located(markdown, fast))
        == markdown_links(markdown, page_path="a/b", parsed=document)
    )


@pytest.mark.parametrize("name", NAMES)
def test_the_fast_scanner_reads_every_page_as_the_parser_does(name: str) -> None:
    pages = sorted((CORPORA / name).rglob("*.md"))
    read = 0
    mismatched: list[str] = []
    for path in pages:
        markdown = path.read_text(encoding="utf-8")
        fast = fast_scan(markdown)
        if fast is None:
            continue
        read += 1
        if not _same(markdown, fast):
            mismatched.append(str(path.relative_to(CORPORA)))
    assert mismatched == []
    # the scanner must carry the check: most pages are read by it, not left to the parser
    assert read * 2 > len(pages), f"{read} of {len(pages)} pages read by the scanner"


@pytest.mark.parametrize("name", ["media", "containers", "tables"])
def test_the_fast_scanner_reads_the_renderers_markdown_as_the_parser_does(name: str) -> None:
    """Every node type the renderer writes (the round-trip corpus; its ``basics`` has math,
    which the scanner leaves to the parser)."""
    markdown = render_markdown(getattr(corpus, name)())
    fast = fast_scan(markdown)
    assert fast is not None
    assert fast.links
    assert _same(markdown, fast)


def test_a_page_the_scanner_leaves_is_read_by_the_parser() -> None:
    markdown = "A word[^1].\n\n[^1]: See [x](y.md).\n"
    assert fast_scan(markdown) is None  # a footnote: the parser's
    scanned = scan_page(markdown)
    assert isinstance(scanned, PageScan)
    assert [link.target.url for link in scanned.links] == ["y.md"]


def test_the_scanner_keeps_the_dialects_links_and_anchors() -> None:
    markdown = (
        "# Title\n\n"
        '## Setup <a href="#install" id="install"></a>\n\n'
        '{% hint style="info" %}\nSee [the guide](guide.md).\n{% endhint %}\n\n'
        '{% content-ref url="other.md" %}\n[other.md](other.md)\n{% endcontent-ref %}\n\n'
        '{% tabs %}\n{% tab title="Python" %}\n![](.gitbook/assets/a.png)\n{% endtab %}\n'
        "{% endtabs %}\n\n"
        '<figure><img src=".gitbook/assets/b.png" alt=""><figcaption></figcaption></figure>\n'
    )
    fast = fast_scan(markdown)
    assert fast is not None
    document = parse_page(markdown)
    assert _plain(fast.links) == _plain(document_links(document))
    assert fast.anchors == anchor_map(document)
    kinds = [(link.node_type, link.target.url) for link in fast.links]
    assert kinds == [
        ("link", "guide.md"),
        ("content-ref", "other.md"),
        ("image", ".gitbook/assets/a.png"),
        ("image", ".gitbook/assets/b.png"),
    ]
    assert set(fast.anchors) == {"install", "setup", "python"}
