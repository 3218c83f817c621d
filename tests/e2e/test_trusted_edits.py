"""Issue 34's done-when lines for heading renames and the merge preview, over HTTP with the
default options against `gitbook-mcp local-api --profile live --seed demo` in its own process,
in both of ``update_page``'s modes (a node tree accepted, or refused so that pages go as
markdown): a heading rename offers the update of its links, and applying it leaves no broken
anchor; a merge preview with a pending review, a changes-requested verdict and broken links
names all three and is not an error."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.local.seed.cloud import PAGE_CLOUD_OVERVIEW
from gitbook_mcp.local.seed.ids import SPACES
from tests.deploy.procs import Proc, start_local_api, start_server, stop

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_trusted_edits")]

SPACE = {"space_id": SPACES["cloud"]}
# The demo's overview has "## Tokens", which the quickstart links to twice (#tokens), and which
# troubleshooting still links to by its older name (#access-tokens).
RENAME = {
    "op": "replace",
    "page_id": PAGE_CLOUD_OVERVIEW,
    "replacements": [{"find": "Tokens", "replace": "Access tokens"}],
}
CALL = re.compile(r"update them in one call: fix_links\(([^)]*)\)", re.IGNORECASE)


@pytest.fixture(scope="module", params=["accept", "refuse"])
def served(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Proc]:
    folder = tmp_path_factory.mktemp(f"trusted-{request.param}")
    api = start_local_api(folder, "--profile", "live", "--tree-updates", str(request.param))
    # The true defaults: text only, no structuredContent (the harness's environment asks for
    # output schemas; the flag wins over it).
    server = start_server(folder, api, "gb_local_admin", "--output-schemas", "none")
    try:
        yield server
    finally:
        stop(server, api)


@pytest.fixture
async def client(served: Proc) -> AsyncIterator[Client]:
    async with Client(f"{served.url}/mcp", cache=None) as client:
        yield client


async def _call(client: Client, name: str, **arguments: Any) -> tuple[bool, str]:
    result = await client.call_tool(name, arguments)
    assert result.structured_content is None  # the default declares no output schema
    return result.is_error, "\n".join(getattr(c, "text", "") for c in result.content)


async def _ok(client: Client, name: str, **arguments: Any) -> str:
    failed, text = await _call(client, name, **arguments)
    assert not failed, f"{name}: {text}"
    return text


def _arguments(call: str) -> dict[str, Any]:
    """The arguments of a call written ``name(a=1, b=x)`` in an answer, as an agent reads them."""
    out: dict[str, Any] = {}
    for pair in call.split(", "):
        name, _, value = pair.partition("=")
        out[name] = {"true": True, "false": False}.get(value, value)
        if name == "min_confidence":
            out[name] = float(value)
    return out


def _cr_id(answer: str) -> str:
    found = re.search(r"\[(cr_[^\]]+)\]", answer)
    assert found is not None, answer
    return found.group(1)


def _broken_anchors(check: str) -> list[str]:
    return [
        line for line in check.splitlines() if re.search(r"#\S+ \(the page .* no heading", line)
    ]


async def test_a_heading_rename_offers_its_links_update_and_leaves_no_broken_anchor(
    client: Client,
) -> None:
    opened = await _ok(client, "create_change_request", **SPACE, subject="Rename a heading")
    cr = {**SPACE, "change_request_id": _cr_id(opened)}
    renamed = await _ok(client, "edit_pages", **cr, edits=[RENAME])
    assert "Heading #tokens of overview" in renamed
    assert "becomes #access-tokens: 2 links point at #tokens:" in renamed
    broken = _broken_anchors(await _ok(client, "check_links", **cr))
    assert len(broken) == 2, broken
    offered = CALL.search(renamed)
    assert offered is not None, renamed
    applied = await _ok(client, "fix_links", **_arguments(offered.group(1)))
    assert "Applied 2 link fixes (of " in applied, applied
    after = await _ok(client, "check_links", **cr)
    assert _broken_anchors(after) == [], after


async def test_a_merge_preview_names_what_stands_in_the_way_and_is_no_error(
    client: Client,
) -> None:
    opened = await _ok(client, "create_change_request", **SPACE, subject="Reword the overview")
    cr = {**SPACE, "change_request_id": _cr_id(opened)}
    edit = {
        "op": "replace",
        "page_id": PAGE_CLOUD_OVERVIEW,
        "replacements": [{"find": "Create a token in the settings", "replace": "Make a token"}],
    }
    await _ok(client, "edit_pages", **cr, edits=[edit])
    await _ok(client, "request_reviewers", **cr, user_ids=["usr_sam"])
    await _ok(client, "submit_review", **cr, status="changes-requested", comment="Not yet.")
    failed, preview = await _call(client, "merge_change_request", **cr)
    assert not failed, preview
    assert "Requested reviews pending: Sam Support [usr_sam]." in preview
    assert "Changes requested by: Ada Admin [usr_admin]" in preview
    # The demo's troubleshooting page keeps the broken links of an old wiki.
    found = re.search(r"Broken links in the change request \((\d+)\)", preview)
    assert found is not None, preview
    assert int(found.group(1)) > 0, preview
    assert "troubleshooting" in preview
    assert "confirm=" in preview
    listed = await _ok(client, "list_change_requests", **SPACE)
    assert "Reword the overview" in listed
