"""The demo is made of real pages (issue 21, item 2), read over HTTP from a ``local-api --profile
live --seed demo`` process: every page, read as a JSON document, is valid against the live
contract, the pages together use most of GitBook's node types, and `check_links` finds each
kind of broken link the Cloud Guide holds, inside each kind of container."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.cli.wiring import server_for
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.document import document_links, walk
from gitbook_mcp.local.seed.cloud import (
    FILE_CLOUD_POSTMORTEM,
    PAGE_CLOUD_API,
    PAGE_CLOUD_OVERVIEW,
    PAGE_CLOUD_TROUBLESHOOTING,
)
from gitbook_mcp.local.seed.ids import SPACES
from tests.deploy.procs import Proc, api_client, running_local_api
from tests.support.contract import CONTRACT_FILES, JSON_DOCUMENT, document_contract

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_demo_content")]

TOKEN = "gb_local_admin"
CLOUD = SPACES["cloud"]
MIN_TYPES = 30
"""Distinct block and inline types the demo's pages use together (the contract has 47)."""


@pytest.fixture(scope="module")
def local_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proc]:
    with running_local_api(tmp_path_factory.mktemp("demo"), "--profile", "live") as proc:
        yield proc


@pytest.fixture
async def api(local_api: Proc) -> AsyncIterator[httpx2.AsyncClient]:
    async with api_client(local_api, TOKEN) as client:
        yield client


async def _get(api: httpx2.AsyncClient, path: str, **params: str) -> dict[str, Any]:
    answer = await api.get(path, params=params)
    assert answer.status_code == 200, f"{path}: {answer.text}"
    body: dict[str, Any] = answer.json()
    return body


async def _revisions(api: httpx2.AsyncClient) -> list[str]:
    """The content of every space (main and change requests, any status), as URL prefixes."""
    prefixes: list[str] = []
    for org in (await _get(api, "/orgs"))["items"]:
        for space in (await _get(api, f"/orgs/{org['id']}/spaces"))["items"]:
            prefixes.append(f"/spaces/{space['id']}")
            for status in ("draft", "open", "merged", "archived"):
                listed = await _get(api, f"/spaces/{space['id']}/change-requests", status=status)
                prefixes += [
                    f"/spaces/{space['id']}/change-requests/{cr['id']}" for cr in listed["items"]
                ]
    return prefixes


def _document_pages(pages: list[dict[str, Any]]) -> Iterator[str]:
    for page in pages:
        if page.get("type") == "document":
            yield str(page["id"])
        yield from _document_pages(page.get("pages", []))


async def test_every_page_of_the_demo_is_a_valid_document_of_many_types(
    api: httpx2.AsyncClient,
) -> None:
    contract = document_contract()
    types: set[str] = set()
    read = 0
    for prefix in await _revisions(api):
        content = await _get(api, f"{prefix}/content")
        for page_id in _document_pages(content["pages"]):
            page = await _get(api, f"{prefix}/content/page/{page_id}", format="document")
            contract.validate(JSON_DOCUMENT, page["document"], f"{prefix} {page_id}")
            read += 1
            for node, _ in walk(page["document"]):
                if node.get("object") in ("block", "inline"):
                    types.add(f"{node['object']}:{node['type']}")
                for leaf in node.get("leaves", []) if node.get("object") == "text" else []:
                    types |= {f"mark:{mark['type']}" for mark in leaf["marks"]}
    assert read > 20, read
    assert len({t for t in types if not t.startswith("mark:")}) >= MIN_TYPES, sorted(types)
    assert _contract_types() <= types, sorted(_contract_types() - types)


def _contract_types() -> set[str]:
    """Every block, inline and mark type the live contract names (``block:paragraph``...)."""
    schemas = json.loads(CONTRACT_FILES["live"].read_text())["components"]["schemas"]
    prefixes = {"DocumentBlock": "block", "DocumentInline": "inline", "DocumentMark": "mark"}
    found: set[str] = set()
    for name, schema in schemas.items():
        kind = next((k for p, k in prefixes.items() if name.startswith(p)), None)
        if kind is None or name.startswith("DocumentBlocks"):
            continue
        enum = schema.get("properties", {}).get("type", {}).get("enum", [])
        found |= {f"{kind}:{value}" for value in enum}
    return found


def _server(api: Proc) -> Client:
    settings = Settings(
        api_url=f"{api.url}/v1",
        api_token=TOKEN,
        profile="live",
        toolsets=("all",),
        output_schemas="full",
    )
    return Client(server_for(settings), cache=None)


async def _check(local_api: Proc, **args: str) -> dict[str, Any]:
    async with _server(local_api) as client:
        result = await client.call_tool("check_links", {"space_id": CLOUD, **args})
    assert not result.is_error, result.content
    report: dict[str, Any] = result.structured_content or {}
    return report


def _on(report: Mapping[str, Any], page_id: str) -> list[dict[str, Any]]:
    return [b for b in report["broken"] if b["page_id"] == page_id]


async def test_check_links_finds_every_kind_of_broken_link_the_demo_holds(
    local_api: Proc,
) -> None:
    broken = _on(await _check(local_api), PAGE_CLOUD_TROUBLESHOOTING)
    found = {(b["kind"], b["target"]): b["reason"] for b in broken}
    expected = {
        ("anchor", "overview#access-tokens"): "has no heading #access-tokens",  # renamed
        ("page", "install-notes"): "no page install-notes",  # resolves to nothing
        ("page", "pg_cloud_legacy_cli"): "no page pg_cloud_legacy_cli",  # deleted
        ("page", "architecture"): "no page architecture",  # moved once
        ("page", "guides/deploy"): "no page guides/deploy",  # moved twice
        ("file", "file old-console.png"): "no file old-console.png",  # missing image
        ("file", f"file {FILE_CLOUD_POSTMORTEM}"): f"no file {FILE_CLOUD_POSTMORTEM}",  # deleted
    }
    for key, reason in expected.items():
        assert key in found, (key, sorted(found))
        assert reason in found[key]
    chain = next(r for (_, t), r in found.items() if t.startswith("https://acme.gitbook.io/"))
    assert "which was deleted" in chain
    assert "via /quickstart" in chain


async def _document(api: httpx2.AsyncClient, page_id: str) -> dict[str, Any]:
    page = await _get(api, f"/spaces/{CLOUD}/content/page/{page_id}", format="document")
    document: dict[str, Any] = page["document"]
    return document


def _containers(document: Mapping[str, Any]) -> dict[str, list[Mapping[str, Any]]]:
    """The containers of the document by kind (a card table is a ``cards`` one)."""
    kinds: dict[str, list[Mapping[str, Any]]] = {}
    for node, _ in walk(document):
        kind = str(node.get("type"))
        if kind == "table" and node["data"]["view"]["type"] == "cards":
            kind = "cards"
        if kind in ("hint", "tabs-item", "table", "stepper-step", "expandable", "cards"):
            kinds.setdefault(kind, []).append(node)
    return kinds


async def test_a_broken_link_is_found_inside_every_kind_of_container(
    local_api: Proc, api: httpx2.AsyncClient
) -> None:
    broken = _on(await _check(local_api), PAGE_CLOUD_TROUBLESHOOTING)
    document = await _document(api, PAGE_CLOUD_TROUBLESHOOTING)
    containers = _containers(document)
    assert set(containers) == {"hint", "tabs-item", "table", "stepper-step", "expandable", "cards"}
    for kind, nodes in containers.items():
        inside = [field for node in nodes for field in document_links({"nodes": [node]})]
        assert inside, kind
        named = {field.text.strip() for field in inside} | {
            str(field.ref.get("url") or field.ref.get("page") or field.ref.get("file"))
            for field in inside
        }
        hits = [b for b in broken if b["text"] in named or b["target"].split()[-1] in named]
        assert hits, (kind, named, broken)


async def test_links_no_check_ran_on_are_never_ok(local_api: Proc) -> None:
    report = await _check(local_api, page_id=PAGE_CLOUD_API)
    openapi = [link for link in report["links"] if link["target"].startswith("openapi")]
    assert len(openapi) == 3, report["links"]
    for link in openapi:
        assert link["status"] == "unchecked", link
        assert "OpenAPI" in link["reason"], link
    assert not [b for b in report["broken"] if "openapi/" in b["target"]]
    overview = await _check(local_api, page_id=PAGE_CLOUD_OVERVIEW)
    for link in [*report["links"], *overview["links"]]:
        if link["status"] == "ok":  # only links a check ran on: pages, anchors, files, sites
            assert not link["target"].startswith(("openapi", "user", "http")), link
    # The footnote's text is not a link; its plumbing (#user-content-fn-1) is never checked.
    assert not [link for link in overview["links"] if "Time" in link["target"]]
    assert not [link for link in overview["links"] if "user-content-fn" in link["target"]]
