"""Space and change-request content through HTTP: revisions, page trees, pages by id and by
path, the ``format``/``metadata`` switches, files, and copies of content between spaces."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    FILE_DIAGRAM,
    FILE_PRICING,
    PAGE_GETTING_STARTED,
    PAGE_GUIDES,
    PAGE_INSTALL,
    PAGE_UPGRADE,
    PAGE_WRITING,
)

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"


def _paths(pages: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for page in pages:
        out.append(page["path"])
        out += _paths(page.get("pages", []))
    return out


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = {**params, **({"page": cursor} if cursor else {})}
        body = (await api.get(url, params=query)).json()
        items += body["items"]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            return items


async def test_current_revision_holds_the_nested_page_tree_and_files(
    api: httpx2.AsyncClient,
) -> None:
    revision = (await api.get(f"{SPACE}/content")).json()
    space = (await api.get(SPACE)).json()
    assert revision["object"] == "revision"
    assert revision["id"] == space["revision"]
    assert [p["path"] for p in revision["pages"]] == ["getting-started", "guides", "faq"]
    first = revision["pages"][0]
    assert [p["id"] for p in first["pages"]] == [PAGE_INSTALL, "pg_configure"]
    assert {f["id"] for f in revision["files"]} == {FILE_DIAGRAM, FILE_PRICING}
    tree = (await api.get(f"{SPACE}/content/pages")).json()["pages"]
    assert _paths(tree) == [
        "getting-started",
        "getting-started/install",
        "getting-started/configure",
        "guides",
        "guides/writing",
        "guides/publishing",
        "faq",
    ]


async def test_content_reads_of_a_missing_or_unviewable_space_are_404(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    for url in ("/spaces/spc_nope/content", "/spaces/spc_nope/content/pages"):
        missing = await api.get(url)
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == 404
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/spaces/spc_globex/content")).status_code == 404
        assert (await reader.get(f"{SPACE}/content/pages")).status_code == 200


async def test_page_by_id_and_by_path_agree(api: httpx2.AsyncClient) -> None:
    by_id = (
        await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}", params={"format": "markdown"})
    ).json()
    by_path = (await api.get(f"{SPACE}/content/path/getting-started/install")).json()
    assert by_id["id"] == by_path["id"] == PAGE_INSTALL
    assert "Download the installer" in by_id["markdown"]
    assert by_id["path"] == "getting-started/install"
    for variant in ("getting-started/install.md", "getting-started/install/"):
        again = await api.get(f"{SPACE}/content/path/{variant}")
        assert again.json()["id"] == PAGE_INSTALL
    assert (await api.get(f"{SPACE}/content/page/pg_nope")).status_code == 404
    assert (await api.get(f"{SPACE}/content/path/no/such/page")).status_code == 404


async def test_a_page_read_carries_its_children(api: httpx2.AsyncClient) -> None:
    guides = (await api.get(f"{SPACE}/content/page/{PAGE_GUIDES}")).json()
    assert [p["id"] for p in guides["pages"]] == [PAGE_WRITING, "pg_publishing"]
    leaf = (await api.get(f"{SPACE}/content/page/{PAGE_WRITING}")).json()
    assert leaf["pages"] == []


async def test_format_document_gives_a_json_document_instead_of_markdown(
    api: httpx2.AsyncClient,
) -> None:
    page = (
        await api.get(f"{SPACE}/content/page/{PAGE_GUIDES}", params={"format": "document"})
    ).json()
    assert "markdown" not in page
    nodes = page["document"]["nodes"]
    assert nodes[0]["type"] == "heading-1"
    assert nodes[0]["meta"] == {"id": "guides"}
    listing = nodes[1]
    assert listing["type"] == "list-unordered"
    links = [item["nodes"][0]["nodes"][0] for item in listing["nodes"]]
    assert [link["type"] for link in links] == ["link", "link"]
    assert [link["nodes"][0]["leaves"][0]["text"] for link in links] == ["Writing", "Publishing"]
    assert [link["data"]["ref"] for link in links] == [
        {"kind": "page", "page": PAGE_WRITING},
        {"kind": "page", "page": "pg_publishing"},
    ]


async def test_bad_switch_values_are_400_naming_them(api: httpx2.AsyncClient) -> None:
    cases = [
        (f"{SPACE}/content/page/{PAGE_INSTALL}", {"format": "pdf"}, "format"),
        (f"{SPACE}/content", {"metadata": "sometimes"}, "metadata"),
        (f"{SPACE}/content/pages", {"computed": "maybe"}, "computed"),
        (f"{CR}/content/path/getting-started/install", {"evaluated": "x"}, "evaluated"),
    ]
    for url, params, field in cases:
        answer = await api.get(url, params=params)
        assert answer.status_code == 400, url
        assert field in answer.json()["error"]["message"]


async def test_metadata_switch_omits_git_metadata_of_a_git_synced_space(
    api: httpx2.AsyncClient, store: Store
) -> None:
    plain = (await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}")).json()
    assert "git" not in plain
    store.db.execute(
        "UPDATE spaces SET data = ? WHERE id = 'spc_handbook'",
        ('{"gitSync": {"repoName": "acme/handbook"}}',),
    )
    synced = (await api.get(f"{SPACE}/content/page/{PAGE_GETTING_STARTED}")).json()
    assert synced["git"]["path"] == "getting-started/README.md"
    assert synced["pages"][0]["git"]["path"] == "getting-started/install.md"
    assert len(synced["git"]["oid"]) == 40
    files = (await api.get(f"{CR}/content/files")).json()["items"]
    assert {f["git"]["path"] for f in files} == {
        ".gitbook/assets/diagram.png",
        ".gitbook/assets/pricing.pdf",
    }
    bare = (
        await api.get(f"{SPACE}/content/page/{PAGE_GETTING_STARTED}", params={"metadata": "false"})
    ).json()
    assert "git" not in bare
    assert "git" not in bare["pages"][0]
    bare_file = (
        await api.get(f"{CR}/content/files/{FILE_DIAGRAM}", params={"metadata": "false"})
    ).json()
    assert "git" not in bare_file


async def test_hidden_pages_say_so(api: httpx2.AsyncClient, store: Store) -> None:
    revision = str(store.db.scalar("SELECT revision_id FROM spaces WHERE id = 'spc_handbook'"))
    store.content.revisions.add_page(
        revision, page_id="pg_secret", title="Secret", slug="secret", hidden=True
    )
    page = (await api.get(f"{SPACE}/content/page/pg_secret")).json()
    assert page["hidden"] is True
    assert "hidden" not in (await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}")).json()


async def test_change_request_content_is_its_own_revision(api: httpx2.AsyncClient) -> None:
    cr_revision = (await api.get(f"{CR}/content")).json()
    cr = (await api.get(f"{SPACE}/change-requests/{CR_INSTALL}")).json()
    assert cr_revision["id"] == cr["revision"]
    assert cr_revision["id"] != (await api.get(f"{SPACE}/content")).json()["id"]
    cr_paths = _paths((await api.get(f"{CR}/content/pages")).json()["pages"])
    space_paths = _paths((await api.get(f"{SPACE}/content/pages")).json()["pages"])
    assert set(cr_paths) - set(space_paths) == {"getting-started/upgrade"}
    page = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}")).json()
    assert "acme install" in page["markdown"]
    published = (await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}")).json()
    assert "acme install" not in published["markdown"]
    by_path = await api.get(f"{CR}/content/path/getting-started/upgrade")
    assert by_path.json()["id"] == PAGE_UPGRADE
    assert (await api.get(f"{SPACE}/content/page/{PAGE_UPGRADE}")).status_code == 404


async def test_change_request_content_by_number_and_missing_ones(
    api: httpx2.AsyncClient,
) -> None:
    by_number = (await api.get(f"{SPACE}/change-requests/1/content/page/{PAGE_UPGRADE}")).json()
    assert by_number["id"] == PAGE_UPGRADE
    base = f"{SPACE}/change-requests"
    for url in (
        f"{base}/99/content",
        f"{base}/cr_nope/content/pages",
        f"{base}/1/content/page/pg_nope",
        f"{base}/1/content/path/nowhere",
        f"{base}/1/content/files/fl_nope",
        f"/spaces/spc_api/change-requests/{CR_INSTALL}/content",
    ):
        answer = await api.get(url)
        assert answer.status_code == 404, url


async def test_files_are_paged_and_read_one_by_one(api: httpx2.AsyncClient) -> None:
    files = await _all(api, f"{CR}/content/files", limit=1)
    assert [f["name"] for f in files] == ["diagram.png", "pricing.pdf"]
    first = (await api.get(f"{CR}/content/files", params={"limit": 1})).json()
    assert first["count"] == 2
    assert "next" in first
    diagram = (await api.get(f"{CR}/content/files/{FILE_DIAGRAM}")).json()
    assert diagram["dimensions"] == {"width": 1200, "height": 800}
    assert diagram["contentType"] == "image/png"
    pdf = (await api.get(f"{CR}/content/files/{FILE_PRICING}")).json()
    assert "dimensions" not in pdf
    assert (await api.get(f"{CR}/content/files", params={"limit": 5000})).status_code == 400
    assert (await api.get(f"{CR}/content/files", params={"page": "%%%"})).status_code == 400


async def test_files_beyond_one_page_are_all_listed_once(
    api: httpx2.AsyncClient, store: Store
) -> None:
    revision = str(
        store.db.scalar(f"SELECT revision_id FROM change_requests WHERE id = '{CR_INSTALL}'")
    )
    for index in range(7):
        store.content.revisions.add_file(
            revision, name=f"shot-{index}.png", content_type="image/png", size=10 + index
        )
    files = await _all(api, f"{CR}/content/files", limit=3)
    names = [f["name"] for f in files]
    assert len(names) == 9
    assert len(set(names)) == 9
    assert names == sorted(names)


async def test_a_space_without_content_reads_as_an_empty_revision(
    api: httpx2.AsyncClient, store: Store
) -> None:
    now = store.now()
    store.db.execute(
        "INSERT INTO spaces(id, org_id, title, visibility, position, created_at, updated_at) "
        "VALUES ('spc_blank', 'org_acme', 'Blank', 'private', 99, ?, ?)",
        (now, now),
    )
    revision = (await api.get("/spaces/spc_blank/content")).json()
    assert revision["pages"] == []
    assert revision["files"] == []
    assert (await api.get("/spaces/spc_blank/content/pages")).json() == {"pages": []}
    assert (await api.get("/spaces/spc_blank/links")).json()["stats"]["total"] == 0


async def test_duplicating_a_space_copies_its_pages_with_their_ids(
    api: httpx2.AsyncClient,
) -> None:
    copy = (await api.post(f"{SPACE}/duplicate")).json()
    copied = _paths((await api.get(f"/spaces/{copy['id']}/content/pages")).json()["pages"])
    original = _paths((await api.get(f"{SPACE}/content/pages")).json()["pages"])
    assert copied == original
    page = (await api.get(f"/spaces/{copy['id']}/content/page/{PAGE_INSTALL}")).json()
    assert page["id"] == PAGE_INSTALL
    assert (await api.get(f"/spaces/{copy['id']}/content")).json()["id"] != (
        await api.get(f"{SPACE}/content")
    ).json()["id"]


async def test_a_tree_read_renders_each_pages_markdown_once_and_follows_moves(
    api: httpx2.AsyncClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A git-synced tree shows every page's blob: rendered once per content, not per read; a
    page moved elsewhere changes the blob of the pages linking to it (relative links)."""
    from gitbook_mcp.local.store.content import revisions

    store.db.execute(
        "UPDATE spaces SET data = ? WHERE id = 'spc_handbook'",
        ('{"gitSync": {"repoName": "acme/handbook"}}',),
    )
    rendered: list[int] = []
    real = revisions.render_body

    def counting(*args: Any, **kwargs: Any) -> str:
        rendered.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(revisions, "render_body", counting)

    def oids(tree: list[dict[str, Any]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for page in tree:
            out[page["id"]] = page["git"]["oid"]
            out |= oids(page.get("pages") or [])
        return out

    first = oids((await api.get(f"{SPACE}/content")).json()["pages"])
    once = len(rendered)
    again = oids((await api.get(f"{SPACE}/content")).json()["pages"])
    assert len(first) > 1
    assert (len(rendered), again) == (once, first)  # nothing rendered again
    store.db.execute(
        "UPDATE pages SET path = 'elsewhere/install', slug = 'install' WHERE id = ? "
        "AND revision_id = (SELECT revision_id FROM spaces WHERE id = 'spc_handbook')",
        (PAGE_INSTALL,),
    )
    moved = oids((await api.get(f"{SPACE}/content")).json()["pages"])
    assert moved != first  # at least one page links to the moved one: its markdown changed
