"""GitBook markdown -> JSON document: the dialect GitBook writes (Liquid tags, its HTML forms,
footnote annotations, ``$$`` math), read with markdown-it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gitbook_mcp.document.nodes import HEADINGS, Node, document, nodes_of
from gitbook_mcp.document.parse.blocks import Cursor
from gitbook_mcp.document.parse.budget import BUDGET_KEY, PAGE_CPU_SECONDS, CpuBudget, ParseTooSlow
from gitbook_mcp.document.parse.reader import Reader
from gitbook_mcp.document.parse.setup import parser
from gitbook_mcp.document.parse.tagblocks import conform
from gitbook_mcp.document.refs import RefResolver
from gitbook_mcp.document.render.inline import normal_inlines

__all__ = ["PAGE_CPU_SECONDS", "ParseTooSlow", "Parsed", "parse_markdown"]


@dataclass(frozen=True)
class Parsed:
    """A parsed page: its document, the ``# title`` of its first line (not a block), its
    frontmatter's raw YAML, and the link targets that could not be resolved (left as text)."""

    document: Node
    title: str | None = None
    frontmatter: str | None = None
    unresolved: list[str] = field(default_factory=list)


def parse_markdown(
    text: str,
    ref: RefResolver | None = None,
    *,
    cpu_seconds: float | None = None,
    links_only: bool = False,
) -> Parsed:
    """The document of GitBook markdown. ``ref`` resolves link targets the stable forms do not
    cover (relative ``.md`` paths); a target nobody resolves becomes plain text and is listed
    in ``unresolved``. CPU-bound: call it off the event loop for untrusted input, with
    ``cpu_seconds`` (`ParseTooSlow` once markdown-it has used that much of the thread's CPU).

    ``links_only``: a document read only for its links and anchors (the link checker), whose
    paragraphs are left as parsed; the text of its links and headings, the only text read
    then, is normalised as in a full parse."""
    md = parser()
    env: dict[str, Any] = {} if cpu_seconds is None else {BUDGET_KEY: CpuBudget(cpu_seconds)}
    reader = Reader(md=md, resolve=ref)
    cursor = Cursor(md.parse(text, env), reader)
    doc = document(conform("document", cursor.until()))
    if links_only:
        _normalise_links(doc)
    else:
        _normalise(doc)
    return Parsed(doc, cursor.title, cursor.frontmatter, reader.unresolved)


def _normalise(doc: Node) -> None:
    """Text as the renderer writes it (`normal_inlines`), and no empty paragraph where the
    renderer writes none (outside table cells), so that a document read from markdown reads
    the same after another trip through markdown."""
    parents: list[Node] = []
    for node in nodes_of(doc):
        kind = node.get("type")
        if kind in ("paragraph", "link") or kind in HEADINGS:
            node["nodes"] = normal_inlines(node.get("nodes", []), one_line=kind in HEADINGS)
        elif (
            node.get("object") != "fragment"
            or node.get("type")
            or node.get("fragment") == "caption"
        ):
            parents.append(node)
    for node in parents:
        children = node.get("nodes")
        if isinstance(children, list):
            node["nodes"] = [child for child in children if not _empty(child)]


_LABELLED = frozenset(
    {"mention", "content-ref", "drawing", "file", "swagger", "embed", "reusable-content"}
    | {"openapi-operation", "openapi-schemas", "openapi-webhook"}
)
"""Blocks and inlines carrying a link whose label is the text under them
(`gitbook_mcp.document.links`): normalised whole, as a full parse does."""


def _normalise_links(doc: Node) -> None:
    """Only the text a link check reads normalised as `_normalise` does: links', headings', and
    all under a node whose text labels its link."""
    for node in nodes_of(doc):
        kind = node.get("type")
        if kind == "link" or kind in HEADINGS:
            node["nodes"] = normal_inlines(node.get("nodes", []), one_line=kind in HEADINGS)
        elif kind in _LABELLED and node.get("nodes"):
            _normalise(node)


def _empty(node: Node) -> bool:
    return node.get("type") == "paragraph" and not node.get("nodes") and not node.get("data")
