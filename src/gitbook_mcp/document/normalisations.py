"""What a trip through GitBook markdown changes, by name: document -> markdown -> document is
the identity up to these (each has its own test in tests/unit/document/test_normalisations.py),
and markdown -> document reads these variants as GitBook's own forms."""

from __future__ import annotations

__all__ = ["NORMALISATIONS"]

NORMALISATIONS: dict[str, str] = {
    "keys": "Nodes read from markdown get new keys (markdown carries none).",
    "meta": "Computed `meta` (anchor ids, tokens) is not written; GitBook computes it again.",
    "text-runs": "Text is regrouped: adjacent leaves with the same marks merge, empty leaves go "
    "(markdown is read so, so that a second trip changes nothing).",
    "table-ids": "Table column ids, record ids, order indexes and cell fragment names are new.",
    "ordered-start": "`list-ordered` `data.start` of 1 (the default) is not kept.",
    "mark-edge-space": "Spaces at the edges of a bold/italic/strikethrough run move outside it "
    "(on reading too).",
    "paragraph-edge-space": "Spaces and line breaks at the start or end of a paragraph or line "
    "are dropped; a line break in a heading is a space; an empty paragraph is not written "
    "(outside table cells), and is not kept on reading.",
    "target-less-button": '`<a class="button primary">` without a target (not valid in the '
    "contract) is read as its label's text.",
    "soft-break": "A soft line break is a space; a hard break (`\\` at the end) is a newline.",
    "code-break": "A line break inside code-marked text is written as a hard break between two "
    "code spans, and reads back without the code mark.",
    "italic-star": "`*x*` is italic (GitBook writes `_x_`, and `*` only inside a word).",
    "html-emphasis": "`<strong>`/`<b>`, `<em>`, `<s>`/`<del>` and `<code>` are marks; they are "
    "written back as `**`, `_`, `~~` and code spans unless markdown cannot delimit them there.",
    "divider-dashes": "`---` (and `___`) is a divider (GitBook writes `***`).",
    "heading-levels": "`#` first is the page title; a later `#` is heading-1; `#####`/`######` "
    "fold into heading-3.",
    "image-shorthand": "`![Caption](src)` alone in a paragraph is an image block, its text the "
    "caption.",
    "math-alone": "A paragraph holding only an inline formula (`$$x$$`) is a math block, as "
    "GitBook reads it; where a math block is not allowed it is a paragraph with inline math.",
    "container-children": "A block a container does not allow becomes a paragraph of its text "
    "(or its URL or formula); one with none of these is left out.",
    "update-date": '`date="2026-03-02"` is midnight UTC (`2026-03-02T00:00:00.000Z`) and back.',
    "integration-props": "Integration props that are not strings come back as their JSON text; "
    "`url`, `action` and `fullWidth` of an integration are not written.",
    "code-annotations": "An annotation inside a code line comes back as its plain text.",
    "openapi-display-link": "The display link inside an OpenAPI or swagger block is not kept (the "
    "block's `spec`/`src` is authoritative); it is written as the spec's stable form.",
    "heading-align": "A heading's `data.align` is not written (GitBook has no markdown for it).",
    "cell-merges": "A table's `cellMerges` are not written (their markdown is unknown).",
    "drawing-caption": "A drawing's caption fragment is not written (the `<img>` form has none).",
    "image-cell": "An image cell's bare ref comes back as `{ref}` (a bare file ref is ambiguous "
    "in the contract: it matches two branches of the record value's `oneOf`).",
    "empty-cell": "An empty text cell of a table comes back as `null`.",
}
