"""GitBook's document model and its markdown dialect: node vocabulary, anchors, links and refs,
and the conversions between JSON documents and GitBook markdown. Imports nothing else of ours."""

from __future__ import annotations

from gitbook_mcp.document.anchors import document_anchors, slug
from gitbook_mcp.document.links import LinkField, document_links
from gitbook_mcp.document.nodes import new_key, plain_text, walk
from gitbook_mcp.document.refs import href_to_ref, ref_to_href

__all__ = [
    "LinkField",
    "document_anchors",
    "document_links",
    "href_to_ref",
    "new_key",
    "plain_text",
    "ref_to_href",
    "slug",
    "walk",
]
