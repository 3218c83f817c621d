"""GitBook's document model and its markdown dialect: node vocabulary, anchors, links and refs,
and the conversions between JSON documents and GitBook markdown. Imports nothing else of ours."""

from __future__ import annotations

from gitbook_mcp.document.anchors import anchor_of, document_anchors, slug
from gitbook_mcp.document.links import LinkField, document_links
from gitbook_mcp.document.nodes import new_key, plain_text, walk
from gitbook_mcp.document.normalisations import NORMALISATIONS
from gitbook_mcp.document.parse import PAGE_CPU_SECONDS, Parsed, ParseTooSlow, parse_markdown
from gitbook_mcp.document.refs import (
    HrefWriter,
    RefResolver,
    href_to_ref,
    parse_stable,
    ref_to_href,
    stable_href,
)
from gitbook_mcp.document.render import render_markdown

__all__ = [
    "NORMALISATIONS",
    "PAGE_CPU_SECONDS",
    "HrefWriter",
    "LinkField",
    "ParseTooSlow",
    "Parsed",
    "RefResolver",
    "anchor_of",
    "document_anchors",
    "document_links",
    "href_to_ref",
    "new_key",
    "parse_markdown",
    "parse_stable",
    "plain_text",
    "ref_to_href",
    "render_markdown",
    "slug",
    "stable_href",
    "walk",
]
