"""A vendored Git Sync corpus imported into a local workspace, and the link checker run on it.

The corpus is imported as a folder (``importContentInChangeRequest``, seed profile, ``file://``)
into a change request of a new, empty space of the demo organization; the checker then reads
that change request through the live profile, in process (`LocalTransport`) or over HTTP.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.models.content import ImportContentResult
from gitbook_mcp.document.gitsync import file_segment
from gitbook_mcp.linkcheck.model import ScanResult
from gitbook_mcp.linkcheck.run import CheckRequest, run_check
from gitbook_mcp.local import LocalTransport, Store, create_app
from tests.support.oracle import Space, Verdict

__all__ = [
    "CORPORA",
    "TOKEN",
    "ImportedCorpus",
    "check",
    "checker_broken",
    "import_corpus",
    "local_client",
    "oracle_broken",
    "page_path",
]

CORPORA = Path(__file__).resolve().parent.parent / "corpora"
TOKEN = "gb_local_admin"


@dataclass(frozen=True)
class ImportedCorpus:
    name: str
    space_id: str
    change_request_id: str
    answer: ImportContentResult | None = field(default=None, compare=False)
    """What the import answered."""


def local_client(store: Store, profile: str = "live") -> GitBookClient:
    return GitBookClient(
        token=TOKEN,
        base_url="http://local.test/v1",
        transport=LocalTransport(create_app(store, profile=profile)),
        profile=profile,
        timeout=600.0,
        attempt_deadline=600.0,  # a corpus import is one long request on a shared machine
    )


async def import_corpus(store: Store, name: str) -> ImportedCorpus:
    """A new space with one change request holding the corpus ``name`` imported as a folder."""
    org = str(store.db.scalar("SELECT org_id FROM spaces ORDER BY position LIMIT 1"))
    space_id = f"spc_corpus_{name.replace('-', '_')}"
    now = store.clock.stamp()
    with store.db.transaction():
        store.db.execute(
            "INSERT INTO spaces(id, org_id, parent_id, title, emoji, visibility, position, "
            "created_at, updated_at) VALUES (?, ?, NULL, ?, NULL, 'private', 99.0, ?, ?)",
            (space_id, org, name, now, now),
        )
    user = str(
        store.db.scalar(
            "SELECT user_id FROM members WHERE org_id = ? AND role = 'admin' LIMIT 1", (org,)
        )
    )
    cr_id, _ = store.change_requests.rows.create(
        space_id, subject=f"Import {name}", created_by=user
    )
    store.import_root = CORPORA
    async with local_client(store, "seed") as client:
        answer = await client.change_request_content.import_content(
            space_id, cr_id, url=(CORPORA / name).as_uri(), source="markdown"
        )
    return ImportedCorpus(name, space_id, cr_id, answer)


async def check(client: GitBookClient, corpus: ImportedCorpus) -> ScanResult:
    request = CheckRequest(corpus.space_id, corpus.change_request_id, content_format="document")
    return await run_check(client, request)


def page_path(file: str, top_path: str, readme: str) -> str:
    """The page path the import gives a page file (relative to the root)."""
    if file == readme:
        return top_path
    segments = file.removesuffix(".md").split("/")
    if segments[-1].lower() == "readme":
        segments.pop()
    return "/".join(file_segment(s) for s in segments)


def oracle_broken(space: Space, verdicts: list[Verdict], top_path: str) -> Counter[tuple[str, str]]:
    """The oracle's broken links as (linking page path, target) pairs, named as the checker names
    them (targets: ``page:<path>[#anchor]``, ``file:<name>``, ``url:<as written>``)."""
    found: Counter[tuple[str, str]] = Counter()
    for verdict in verdicts:
        if verdict.status != "broken":
            continue
        source = page_path(verdict.link.source, top_path, space.readme)
        if verdict.page is None and verdict.asset is None:
            target = f"url:{verdict.link.target}"
        elif verdict.asset is not None:
            target = f"file:{verdict.asset.rsplit('/', 1)[-1]}"
        else:
            path = (
                ""
                if verdict.page == space.readme
                else page_path(verdict.page or "", "", space.readme)
            )
            target = f"page:{path}" + (f"#{verdict.anchor}" if verdict.anchor else "")
        found[(source, target)] += 1
    return found


def checker_broken(result: ScanResult) -> Counter[tuple[str, str]]:
    """The checker's broken links as (linking page path, target) pairs (see `oracle_broken`)."""
    found: Counter[tuple[str, str]] = Counter()
    for finding in result.broken:
        target = finding.link.target
        if target.kind == "file":
            key = f"file:{target.file_name}"
        elif target.kind in ("page", "anchor"):
            key = f"page:{target.page_path}" + (
                f"#{unquote(target.anchor)}" if target.anchor else ""
            )
        else:
            key = f"url:{target.url}"
        found[(finding.page_path, key)] += 1
    return found
