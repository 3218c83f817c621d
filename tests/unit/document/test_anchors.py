"""GitBook's heading anchor rule on the anchors observed in GitBook's exports (reference §9)."""

from __future__ import annotations

import pytest

from gitbook_mcp.document.anchors import MAX_ANCHOR_TEXT, document_anchors, slug
from gitbook_mcp.document.nodes import block, document, fragment, text


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Relative links", "relative-links"),
        ("GitBook's global privacy practices", "gitbooks-global-privacy-practices"),
        ("1. Create a new application in Auth0", "id-1.-create-a-new-application-in-auth0"),
        (
            "3. Configure Auth0 for Adaptive content (optional)",
            "id-3.-configure-auth0-for-adaptive-content-optional",
        ),
        (
            "1. Create an app registration in Azure AD",
            "id-1.-create-an-app-registration-in-azure-ad",
        ),
        # capitals are never spelt out (reference §9, corrected; issue 35)
        ("Step 2: Create an Issuer DID", "step-2-create-an-issuer-did"),
        ("SSL certificate", "ssl-certificate"),
        ("2. Call atclient_put_public_key", "id-2.-call-atclient_put_public_key"),
        ("Why?", "why"),
        ("", "id"),
    ],
)
def test_the_observed_anchors(heading: str, anchor: str) -> None:
    assert slug(heading) == anchor


def test_the_rule_reads_a_bounded_prefix() -> None:
    assert len(slug("a " * (MAX_ANCHOR_TEXT * 5))) <= MAX_ANCHOR_TEXT


def test_document_anchors_cover_every_anchored_block() -> None:
    doc = document(
        [
            block("heading-1", [text("Install")], {}),
            block("heading-2", [text("Renamed")], {"id": "old-id"}),
            {**block("heading-3", [text("Computed")], {}), "meta": {"id": "from-meta"}},
            block("heading-1", [text("Install")], {}),
            block("tabs", [block("tabs-item", [], {"title": "macOS"})]),
            {**block("expandable", data={}, fragments=[]), "meta": {"id": "faq"}},
            {**block("openapi-operation", data={}), "meta": {"id": "get-pets"}},
            block(
                "expandable",
                data={},
                fragments=[fragment([block("heading-1", [text("Inside")], {})], "b", "b")],
            ),
            block(
                "expandable",
                data={},
                fragments=[
                    fragment(
                        [block("paragraph", [text("Trouble shooting")])],
                        "expandable-title",
                        "expandable-title",
                    ),
                    fragment(
                        [block("paragraph", [text("Body")])], "expandable-body", "expandable-body"
                    ),
                ],
            ),
        ]
    )
    assert document_anchors(doc) == [
        "install",
        "old-id",
        "from-meta",
        "install-1",
        "macos",
        "faq",
        "get-pets",
        "inside",
        "trouble-shooting",
    ]
