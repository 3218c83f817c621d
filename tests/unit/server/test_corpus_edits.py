"""Every page of two real GitBook Git Sync repositories (`tests/corpora/`), inserted into a change
request of the local workspace (live profile) with their files, then edited through `edit_pages`
as an agent would: a rewrite of the markdown `get_page` shows changes nothing (nothing is sent,
the stored document stays the same), and a one-sentence replacement changes that block and no
other, keys and content. Each corpus is split between `PARTS` tests (each edits every PARTS-th
page), which parallel workers run side by side; each worker inserts a corpus once, into a
template workspace that its parts copy (SQLite's online backup), and reads its documents once.

Nobody on this project wrote these pages: what the round trip does on them is what it does on a
user's docs.
"""

from __future__ import annotations

import base64
import json
import mimetypes
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.document.edit import find_text
from gitbook_mcp.document.nodes import plain_text
from gitbook_mcp.local import Store, create_app
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.seed.ids import SPACES
from tests.conftest import CANARY, SEED_TIME
from tests.support.fenced import unfenced
from tests.support.local import raw_api
from tests.unit.server.conftest import McpFactory

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.timeout(1200)]

CORPORA = Path(__file__).parents[2] / "corpora"
SPACE = SPACES["handbook"]
BATCH = 50
"""Changes per content batch (the API's cap)."""
FILES_PER_CHANGE = 20
NOT_PAGES = frozenset({"SUMMARY.md"})
PARTS = 2
"""Tests per corpus: each inserts the whole corpus and edits every PARTS-th page of it, so that
parallel workers share a corpus (together they edit every page)."""


@pytest.fixture
def profile() -> Profile:
    return "live"


@pytest.fixture
async def api(app: object) -> AsyncIterator[httpx2.AsyncClient]:
    async with raw_api(app, CANARY, check=False) as client:
        yield client


@dataclass(frozen=True)
class Inserted:
    """A corpus inserted into a change request of a template workspace, which tests never write
    to (they get copies): the change request, page ids by path, and every stored document by
    page id as read after the insertion (tests compare with them, never change them)."""

    store: Store
    cr: str
    ids: dict[str, str]
    before: dict[str, Any]


@pytest.fixture(scope="session")
def _inserted_corpora() -> Iterator[dict[str, Inserted]]:
    """The corpora this worker process has inserted, by name (each at most once: both parts of
    a corpus, on one worker or two, start from a copy of it)."""
    made: dict[str, Inserted] = {}
    yield made
    for corpus in made.values():
        corpus.store.close()


async def _build(demo: Store, name: str) -> Inserted:
    template = Store(":memory:", clock=ManualClock(SEED_TIME), template=demo)
    async with raw_api(create_app(template, profile="live"), CANARY, check=False) as api:
        made = await api.post(
            f"/spaces/{SPACE}/change-requests", json={"subject": f"Corpus {name}"}
        )
        assert made.status_code == 201, made.text[:2000]
        cr = made.json()["id"]
        ids = await _insert(api, cr, name)
        before = await _documents(api, cr, ids[""])
    return Inserted(template, cr, ids, before)


@pytest.fixture
async def inserted(
    _inserted_corpora: dict[str, Inserted], demo_template: Store, name: str
) -> Inserted:
    if name not in _inserted_corpora:
        _inserted_corpora[name] = await _build(demo_template, name)
    return _inserted_corpora[name]


@pytest.fixture
def store(clock: ManualClock, inserted: Inserted) -> Iterator[Store]:
    """The demo workspace with the corpus inserted: a copy of its template."""
    workspace = Store(":memory:", clock=clock, template=inserted.store)
    yield workspace
    workspace.close()


@dataclass(frozen=True)
class CorpusPage:
    """One page of a corpus: its folder path in the page tree (its file, without ``.md`` and
    ``/README``) and its markdown."""

    path: str
    markdown: str


def _pages(root: Path) -> list[CorpusPage]:
    """The corpus's pages, parents before children (a folder without a README gets an empty
    page, as GitBook shows it)."""
    found: dict[str, str] = {}
    for file in sorted(root.rglob("*.md")):
        relative = file.relative_to(root).as_posix()
        if relative in NOT_PAGES or relative.startswith("."):
            continue
        path = relative.removesuffix(".md")
        path = "" if path == "README" else path.removesuffix("/README")
        found[path] = file.read_text(encoding="utf-8")
    for path in list(found):
        parts = path.split("/")
        for depth in range(1, len(parts)):
            found.setdefault("/".join(parts[:depth]), "")
    ordered = sorted(found, key=lambda p: (p.count("/") if p else -1, p))
    return [CorpusPage(p, found[p]) for p in ordered]


async def _batch(api: httpx2.AsyncClient, cr: str, changes: list[dict[str, Any]]) -> Any:
    answer = await api.post(
        f"/spaces/{SPACE}/change-requests/{cr}/content",
        params={"compat": "false"},
        json={"changes": changes},
    )
    assert answer.status_code == 200, answer.text[:2000]
    return answer.json()


async def _upload_files(api: httpx2.AsyncClient, cr: str, root: Path) -> None:
    assets = sorted(p for p in (root / ".gitbook" / "assets").rglob("*") if p.is_file())
    names = list(dict.fromkeys(p.name for p in assets))
    uploads = [
        {
            "name": name,
            "contentType": mimetypes.guess_type(name)[0] or "application/octet-stream",
            "base64": base64.b64encode(b"\0").decode(),
        }
        for name in names
    ]
    changes = [
        {"operation": "insert_files", "files": uploads[at : at + FILES_PER_CHANGE]}
        for at in range(0, len(uploads), FILES_PER_CHANGE)
    ]
    for at in range(0, len(changes), BATCH):
        await _batch(api, cr, changes[at : at + BATCH])


def _slug(path: str, fallback: str) -> str:
    return path.rpartition("/")[2] or fallback


async def _insert(api: httpx2.AsyncClient, cr: str, name: str) -> dict[str, str]:
    """The corpus ``name`` inserted under a top-level page of its name; page ids by path."""
    root = CORPORA / name
    await _upload_files(api, cr, root)
    ids: dict[str, str] = {}
    pages = _pages(root)
    levels: dict[int, list[CorpusPage]] = {}
    for page in pages:  # a level per batch or more: a page's parent was made before it
        levels.setdefault(page.path.count("/") if page.path else -1, []).append(page)
    parts = [
        level[at : at + BATCH] for level in levels.values() for at in range(0, len(level), BATCH)
    ]
    for part in parts:
        changes = []
        for number, page in enumerate(part):
            parent = page.path.rpartition("/")[0] if "/" in page.path else ""
            change: dict[str, Any] = {
                "operation": "insert_page",
                "ref": f"r{number}",
                "slug": _slug(page.path, name),
                "document": {"markdown": page.markdown},
            }
            if not page.markdown.lstrip().startswith("# "):
                change["title"] = _slug(page.path, name)
            if page.path:
                change["into"] = ids[parent]
            changes.append(change)
        done = await _batch(api, cr, changes)
        made = {c["ref"]: c["page"]["id"] for c in done["changes"] if c.get("ref")}
        for number, page in enumerate(part):
            ids[page.path] = made[f"r{number}"]
    return ids


async def _documents(api: httpx2.AsyncClient, cr: str, top: str) -> dict[str, Any]:
    """Every stored document of the corpus by page id, from one read of its top page: a page's
    answer holds every page below it, each with its document (read once, not once per page and
    again in each of its ancestors' answers)."""
    answer = await api.get(
        f"/spaces/{SPACE}/change-requests/{cr}/content/page/{top}", params={"format": "document"}
    )
    assert answer.status_code == 200, answer.text[:2000]
    found: dict[str, Any] = {}
    below = [answer.json()]
    while below:
        page = below.pop()
        assert page["id"] not in found, page["id"]
        found[page["id"]] = page["document"]
        below.extend(page["pages"])
    return found


async def _revision(api: httpx2.AsyncClient, cr: str) -> str:
    """The change request's current revision."""
    answer = await api.get(f"/spaces/{SPACE}/change-requests/{cr}")
    assert answer.status_code == 200, answer.text[:2000]
    revision: str = answer.json()["revision"]
    return revision


async def _markdown(client: Any, cr: str, page: str) -> str:
    """The whole page as `get_page` shows it, read window by window."""
    parts: list[str] = []
    offset = 0
    while True:
        args = {"space_id": SPACE, "page_id": page, "change_request_id": cr, "max_chars": 50000}
        read = await client.call_tool("get_page", {**args, "offset": offset})
        assert not read.is_error, read.content[0].text
        parts.append(unfenced(read.structured_content["markdown"]))
        offset = read.structured_content.get("next_offset") or 0
        if not offset:
            return "".join(parts)


def _sentence(doc: Any) -> tuple[int, str] | None:
    """A top-level paragraph's text that occurs once in the page, and the paragraph's index."""
    for index, node in enumerate(doc["nodes"]):
        value = plain_text(node).strip() if node.get("type") == "paragraph" else ""
        if len(value) >= 12 and len(find_text(doc, value)) == 1:
            return index, value
    return None


def _chunks(edits: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Edits in calls of at most 50 edits and 900,000 characters (edit_pages's caps)."""
    out: list[list[dict[str, Any]]] = [[]]
    size = 0
    for edit in edits:
        weight = len(json.dumps(edit))
        if len(out[-1]) == BATCH or size + weight > 900_000:
            out.append([])
            size = 0
        out[-1].append(edit)
        size += weight
    return [chunk for chunk in out if chunk]


async def _edit(client: Any, cr: str, edits: list[dict[str, Any]]) -> dict[str, Any]:
    args = {"space_id": SPACE, "change_request_id": cr, "edits": edits}
    result = await client.call_tool("edit_pages", args)
    assert not result.is_error, result.content[0].text[:3000]
    out: dict[str, Any] = result.structured_content
    return out


# The corpora alternate (part 1 of each, then part 2 of each): xdist deals its first tests to
# the workers in turn, so at two workers each gets both parts of one corpus and inserts it alone.
@pytest.mark.parametrize("name", ["cheqd-product-docs", "beefree-sdk-docs"])
@pytest.mark.parametrize("part", range(PARTS), ids=lambda n: f"part{n + 1}of{PARTS}")
async def test_every_corpus_page_survives_a_no_op_rewrite_and_a_one_sentence_replace(
    mcp: McpFactory, api: httpx2.AsyncClient, inserted: Inserted, name: str, part: int
) -> None:
    cr, ids, before = inserted.cr, inserted.ids, inserted.before
    assert len(ids) > 150
    assert before.keys() == set(ids.values())
    mine = {path: page for n, (path, page) in enumerate(ids.items()) if n % PARTS == part}
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        rewrites = [
            {"op": "rewrite", "page_id": page, "markdown": await _markdown(client, cr, page)}
            for page in mine.values()
        ]
        revision = await _revision(api, cr)
        for chunk in _chunks(rewrites):
            out = await _edit(client, cr, chunk)
            assert out["sent"] is False, [p for p in out["pages"] if p["diff"]][:1]
        # a revision never changes, and each write makes a new one: the same revision is the
        # same stored documents, byte for byte
        assert await _revision(api, cr) == revision
        sentences = {page: _sentence(before[page]) for page in ids.values()}
        assert sum(found is not None for found in sentences.values()) > len(ids) // 2
        replaces = [
            {
                "op": "replace",
                "page_id": page,
                "replacements": [{"find": found[1], "replace": found[1] + " Edited."}],
            }
            for page in mine.values()
            if (found := sentences[page]) is not None
        ]
        for chunk in _chunks(replaces):
            out = await _edit(client, cr, chunk)
            assert out["sent"] is True
    edited = await _documents(api, cr, ids[""])
    edited_here = set(mine.values())
    for path, page in ids.items():
        found = sentences[page] if page in edited_here else None
        if found is None:  # no sentence to replace, or another part's page: left as it was
            assert edited[page] == before[page], path
            continue
        index, value = found
        after = edited[page]
        old = before[page]["nodes"]
        assert len(after["nodes"]) == len(old), path
        assert plain_text(after["nodes"][index]).strip() == value + " Edited.", path
        assert after["nodes"][index]["key"] == old[index]["key"], path
        for number, node in enumerate(old):
            if number != index:
                assert json.dumps(after["nodes"][number]) == json.dumps(node), (path, number)
