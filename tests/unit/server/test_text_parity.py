"""Each of the two forms stands alone, since no major client hands the model both (README, "What
the model sees"): Claude Desktop gives it the text, so the text carries each id, cursor, URL and
count of the structured result (issue 14 §1); Claude Code and VS Code give it the structured
result, serialised compactly, so that carries each id and URL the text names, and is not far
larger than the text (issue 22: a summary's text with the whole plan behind it). The server runs
with ``--output-schemas full``: each structured result is valid against its listed schema."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.server.toolsets import all_tools
from tests.unit.server.conftest import McpFactory, confirmed
from tests.unit.server.reach import conform

pytestmark = pytest.mark.anyio

ORG, SITE, SPACE, CR = "org_acme", "site_docs", "spc_handbook", "cr_install_rewrite"
SITE_IDS = {"organization_id": ORG, "site_id": SITE}
IN_CR = {"space_id": SPACE, "change_request_id": CR}
STRUCTURED_PER_TEXT = 3
"""Bytes of structured result, serialised as the clients hand it to the model (compact JSON,
UTF-8), per byte of text at most (JSON repeats its keys; 2.6 is the most any tool's example
needs), plus `STRUCTURED_SLACK` for short answers."""
STRUCTURED_SLACK = 200
_NAMED = re.compile(r"\[([A-Za-z0-9_.-]+)\]|(https?://[^\s)\]]+)")
"""An id the text names in brackets (``[pg_install]``), or a URL."""

# One call per tool with valid arguments against the demo workspace; a list asks for one item,
# so that the next-page cursor is in the answer.
EXAMPLES: dict[str, dict[str, Any]] = {
    "list_organizations": {},
    "list_spaces": {"organization_id": ORG, "limit": 1},
    "list_sites": {"organization_id": ORG, "limit": 1},
    "list_change_requests": {"space_id": SPACE, "limit": 1},
    "get_page_tree": {"space_id": SPACE},
    "refresh_permissions": {},
    "list_toolsets": {},
    "enable_toolset": {"toolset": "spaces"},
    "search_content": {"organization_id": ORG, "query": "install", "limit": 1},
    "list_comments": {"space_id": SPACE, "limit": 1},
    "list_commenters": {**IN_CR, "limit": 1},
    "post_comment": {"space_id": SPACE, "markdown": "A note.", "page_id": "pg_install"},
    "reply_to_comment": {"space_id": SPACE, "comment_id": "cm_style_question", "markdown": "Yes."},
    "update_comment": {"space_id": SPACE, "comment_id": "cm_style_question", "resolved": True},
    "delete_comment": {"space_id": SPACE, "comment_id": "cm_style_question"},
    "get_page": {"space_id": SPACE, "page_id": "pg_install"},
    "list_files": {**IN_CR, "limit": 1},
    "list_backlinks": {**IN_CR, "page_id": "pg_install", "limit": 1},
    "check_links": {"space_id": SPACE},
    "list_redirects": {**SITE_IDS, "limit": 1},
    "create_redirect": {**SITE_IDS, "source": "/guides/gone", "section_id": "sec_guides"},
    "update_redirect": {**SITE_IDS, "redirect_id": "@redirect", "section_id": "sec_api"},
    "delete_redirect": {**SITE_IDS, "redirect_id": "@redirect"},
    "delete_redirects": {**SITE_IDS, "redirect_ids": ["rd_old_install", "rd_v1_api"]},
    "list_site_spaces": {**SITE_IDS, "limit": 1},
    "add_site_space": {**SITE_IDS, "space_id": "spc_runbooks"},
    "update_site_space": {**SITE_IDS, "site_space_id": "ss_handbook", "path": "handbook-v2"},
    "move_site_space": {**SITE_IDS, "site_space_id": "ss_handbook", "after": "ss_changelog"},
    "remove_site_space": {**SITE_IDS, "site_space_id": "ss_changelog"},
    "get_site": SITE_IDS,
    "list_site_sections": {**SITE_IDS, "limit": 1},
    "write_site_section": {**SITE_IDS, "method": "update", "section_id": "sec_api", "title": "API"},
    "write_section_group": {
        **SITE_IDS,
        "method": "update",
        "group_id": "grp_reference",
        "title": "Ref",
    },
    "list_site_mcp_servers": {**SITE_IDS, "limit": 1},
    "write_site_mcp_server": {
        **SITE_IDS,
        "method": "create",
        "name": "Tools",
        "url": "https://tools.acme.test/mcp",
    },
    "delete_site_item": {**SITE_IDS, "kind": "mcp_server", "id": "mcp_acme_tools"},
    "get_space": {"space_id": SPACE},
    "get_change_request": IN_CR,
    "write_space": {"space_id": SPACE, "method": "update", "title": "Handbook"},
    "list_space_permissions": {"space_id": SPACE, "limit": 1},
    "write_space_permissions": {
        "space_id": SPACE,
        "method": "invite",
        "role": "read",
        "users": ["usr_dana"],
    },
    "import_content": {**IN_CR, "url": "@file", "source": "website"},
    "delete_space_item": {"space_id": "spc_changelog", "kind": "space"},
    "list_collections": {"organization_id": ORG, "limit": 1},
    "write_collection": {"method": "update", "collection_id": "col_guides", "title": "Guides"},
    "list_collection_permissions": {"collection_id": "col_guides", "limit": 1},
    "write_collection_permissions": {
        "collection_id": "col_guides",
        "method": "invite",
        "role": "read",
        "users": ["usr_dana"],
    },
    "delete_collection_item": {"collection_id": "col_internal", "kind": "collection"},
    "get_organization": {"organization_id": ORG},
    "update_organization": {"organization_id": ORG, "title": "Acme"},
    "list_members": {"organization_id": ORG, "limit": 1},
    "write_member": {
        "organization_id": ORG,
        "method": "update",
        "user_id": "usr_dana",
        "role": "edit",
    },
    "list_invites": {"organization_id": ORG, "limit": 1},
    "write_invite": {
        "organization_id": ORG,
        "method": "create_link",
        "role": "read",
        "space_id": SPACE,
    },
    "list_teams": {"organization_id": ORG, "limit": 1},
    "write_team": {"organization_id": ORG, "method": "create", "title": "Ops"},
    "list_saml_providers": {"organization_id": ORG, "limit": 1},
    "write_saml_provider": {
        "organization_id": ORG,
        "method": "update",
        "provider_id": "saml_okta",
        "label": "Okta",
    },
    "list_fonts": {"organization_id": ORG},
    "write_font": {
        "organization_id": ORG,
        "method": "update",
        "font_id": "font_brand",
        "family": "Brand",
    },
    "list_openapi_specs": {"organization_id": ORG, "limit": 1},
    "write_openapi_spec": {
        "organization_id": ORG,
        "method": "update",
        "slug": "internal-api",
        "visibility": "private",
        "text": "openapi: 3.0.3\ninfo:\n  title: X\n  version: 1.0.0\npaths: {}\n",
    },
    "delete_org_item": {"organization_id": ORG, "kind": "team", "id": "team_support"},
    "request_reviewers": {**IN_CR, "user_ids": ["usr_sam"]},
    "list_reviews": IN_CR,
    "submit_review": {**IN_CR, "status": "approved"},
    "update_change_request": IN_CR,
    "merge_change_request": IN_CR,
    "create_change_request": {"space_id": SPACE, "subject": "Parity"},
    "edit_pages": {
        **IN_CR,
        "edits": [{"op": "insert", "title": "Parity", "markdown": "# Parity\n\nText.\n"}],
    },
    "get_change_request_changes": IN_CR,
    "fix_links": IN_CR,
    "resolve_url": {"url": "https://acme.gitbook.io/docs/setup"},
}


def _actionable(value: Any, key: str = "") -> list[str]:
    """The ids, cursors, URLs and counts in a structured result, as text."""
    if isinstance(value, dict):
        return [v for k, item in value.items() for v in _actionable(item, k)]
    if isinstance(value, list):
        return [v for item in value for v in _actionable(item, key)]
    wanted = key in ("id", "url", "target", "next_cursor", "looked_up", "total") or key.endswith(
        ("_id", "Id", "_ids", "_url", "count")
    )
    if not wanted or isinstance(value, bool) or value is None or value == "":
        return []
    return [str(value)]


def test_every_tool_has_an_example() -> None:
    missing = sorted({t.name for t in all_tools()} - EXAMPLES.keys())
    assert not missing, f"add example arguments for {missing}"


def _profiles_tools() -> list[tuple[str, str]]:
    return [(profile, t.name) for profile in ("seed", "live") for t in all_tools()]


@pytest.mark.parametrize(("profile", "name"), _profiles_tools())
async def test_the_text_carries_every_id_cursor_url_and_count(
    mcp: McpFactory, store: Store, tmp_path: Path, profile: str, name: str
) -> None:
    document = tmp_path / "doc.md"
    document.write_text("# Imported\n\nText.\n")
    store.import_root = tmp_path
    async with mcp(toolsets=("all",), profile=profile, output_schemas="full") as client:
        offered = {t.name: t.output_schema for t in (await client.list_tools()).tools}
        if name not in offered:
            return  # not on this profile: its absence is tested in test_profiles
        args = dict(EXAMPLES.get(name, {}))
        if args.get("url") == "@file":
            args["url"] = document.as_uri()
        if "@redirect" in args.values():
            listed = await client.call_tool("list_redirects", SITE_IDS)
            first = listed.structured_content["redirects"][0]["id"]
            args = {k: first if v == "@redirect" else v for k, v in args.items()}
        result = await confirmed(client, name, args)
    text = result.content[0].text
    assert not result.is_error, f"{name} failed with its example: {text}"
    structured = result.structured_content or {}
    conform(offered[name], structured, name)  # what a typed client checks (the SDK's does)
    missing = [v for v in _actionable(structured) if v not in text]
    assert not missing, f"{name}: {missing} are in the structured result but not in the text"
    compact = json.dumps(structured, separators=(",", ":"), ensure_ascii=False)
    named = [a or b.rstrip(".,;:") for a, b in _NAMED.findall(text)]
    lacking = [v for v in named if v not in compact]
    assert not lacking, f"{name}: {lacking} are in the text but not in the structured result"
    size, text_size = len(compact.encode()), len(text.encode())
    assert size <= STRUCTURED_PER_TEXT * text_size + STRUCTURED_SLACK, (
        f"{name}: {size} B of structured result for {text_size} B of text"
    )
