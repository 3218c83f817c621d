"""The link checker against the oracle on real GitBook repositories (issue 35, item 1).

Both vendored corpora are imported once, as folders, into one workspace file; the checker then
reads each through the API in process (``LocalTransport``, as ``--local``) and over HTTP (a
``gitbook-mcp local-api`` process on that file). Its broken links must be the oracle's
(`tests/support/oracle.py`, computed from the files), link for link, both ways. What still
differs is listed below with its reason: a new difference, or a listed one that disappears,
fails the test.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import anyio
import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck.model import ScanResult
from gitbook_mcp.local import Store, load_demo
from tests.deploy.procs import running_local_api
from tests.support.corpus_space import (
    CORPORA,
    TOKEN,
    ImportedCorpus,
    check,
    checker_broken,
    import_corpus,
    local_client,
    oracle_broken,
    page_path,
)
from tests.support.oracle import check_space, load_space

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(900),
    pytest.mark.xdist_group("test_corpus_links"),
]

NAMES = ("cheqd-product-docs", "beefree-sdk-docs")
Key = tuple[str, str]
Scans = dict[tuple[str, str], ScanResult]

# A folder whose README the summary does not list, while it lists pages inside it, is a page (a
# group) in the workspace, whose pages keep their folder's path; GitBook has no page at
# ``folder/`` then, so the oracle calls a link to it broken.
_FOLDER_WITHOUT_README: dict[str, set[Key]] = {
    "cheqd-product-docs": {
        ("advanced/sdk", "page:advanced/sdk/feemarket-module"),
        ("advanced/sdk/understanding-sdk", "page:advanced/sdk/feemarket-module"),
    },
    "beefree-sdk-docs": set(),
}


@cache
def _oracle(name: str, top: str) -> Counter[Key]:
    """The oracle's broken links of a corpus (computed once per corpus)."""
    space = load_space(CORPORA / name)
    return oracle_broken(space, check_space(space), top)


def _build(db: Path) -> dict[str, ImportedCorpus]:
    async def run() -> dict[str, ImportedCorpus]:
        store = Store(str(db))
        try:
            load_demo(store)
            return {name: await import_corpus(store, name) for name in NAMES}
        finally:
            store.close()

    return anyio.run(run)


def _check_all(
    client_of: Callable[[], GitBookClient], imported: dict[str, ImportedCorpus]
) -> dict[str, ScanResult]:
    async def run() -> dict[str, ScanResult]:
        async with client_of() as client:
            return {name: await check(client, corpus) for name, corpus in imported.items()}

    return anyio.run(run)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, ImportedCorpus]]:
    """Both corpora imported once into one workspace file: its folder, and the imports."""
    folder = tmp_path_factory.mktemp("corpora")
    return folder, _build(folder / "api.db")


@pytest.fixture(scope="module")
def scans(built: tuple[Path, dict[str, ImportedCorpus]]) -> Scans:
    """Each corpus checked in process and over HTTP, from one import of both."""
    folder, imported = built
    found: Scans = {}
    store = Store(str(folder / "api.db"))
    try:
        for name, result in _check_all(lambda: local_client(store), imported).items():
            found[("in process", name)] = result
    finally:
        store.close()
    with running_local_api(folder, "--profile", "live") as proc:

        def over_http() -> GitBookClient:
            return GitBookClient(
                token=TOKEN, base_url=f"{proc.url}/v1", profile="live", timeout=120.0
            )

        for name, result in _check_all(over_http, imported).items():
            found[("over HTTP", name)] = result
    return found


@pytest.mark.parametrize("way", ["in process", "over HTTP"])
@pytest.mark.parametrize("name", NAMES)
def test_the_checker_reports_the_oracles_broken_links(scans: Scans, way: str, name: str) -> None:
    result = scans[(way, name)]
    oracle = _oracle(name, next(iter(result.pages.values())))
    checker = checker_broken(result)
    assert set((checker - oracle).keys()) == set()
    assert set((oracle - checker).keys()) == _FOLDER_WITHOUT_README[name]


@pytest.mark.parametrize("name", NAMES)
def test_in_process_and_over_http_agree(scans: Scans, name: str) -> None:
    local, http = scans[("in process", name)], scans[("over HTTP", name)]
    assert checker_broken(local) == checker_broken(http)
    assert local.pages_scanned == http.pages_scanned
    assert local.links_checked == http.links_checked


@pytest.mark.parametrize("name", NAMES)
def test_only_the_summarys_pages_are_imported(scans: Scans, name: str) -> None:
    paths = set(scans[("in process", name)].pages.values())
    assert not paths & {"SUMMARY", "summary"}
    # advanced/sdk/sdk-setup.md is a file of the cheqd repository that SUMMARY.md does not list
    assert "advanced/sdk/sdk-setup" not in paths


def _on_disk(root: Path) -> set[str]:
    """Every file the repository has outside its hidden folders, from its top."""
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
    }


def _listed(root: Path) -> set[str]:
    """The files SUMMARY.md links to (read here with a plain pattern, not the importer's)."""
    text = (root / "SUMMARY.md").read_text(encoding="utf-8")
    return {unquote(m) for m in re.findall(r"\]\(<?([^)\s>\"]+)", text)}


@pytest.mark.parametrize("name", NAMES)
def test_the_import_names_each_file_it_left_out_and_why(
    built: tuple[Path, dict[str, ImportedCorpus]], name: str
) -> None:
    answer = built[1][name].answer
    assert answer is not None
    root = CORPORA / name
    assert answer.skippedResources == answer.totalResources - answer.importedResources
    assert answer.skippedResources == len(answer.skipped)  # few enough to be listed whole
    skipped = {s.path: s.reason for s in answer.skipped}
    files = _on_disk(root)
    assert set(skipped) <= files
    unlisted = {f for f in files if f.endswith(".md") and f not in _listed(root)}
    assert set(skipped) == unlisted | {f for f in files if not f.endswith(".md")}
    assert "table of contents" in skipped["SUMMARY.md"]
    assert all("not listed in SUMMARY.md" in skipped[f] for f in unlisted - {"SUMMARY.md"})


def _yaml_redirects(root: Path) -> dict[str, str]:
    """``.gitbook.yaml``'s redirects, source -> file (read here with a plain split)."""
    lines = (root / ".gitbook.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index("redirects:")
    pairs = [line.strip().split(": ", 1) for line in lines[start + 1 :] if line.startswith(" ")]
    return {source: target for source, target in pairs}


def test_the_gitbook_yaml_redirects_are_kept_and_lead_to_their_pages(
    built: tuple[Path, dict[str, ImportedCorpus]],
) -> None:
    folder, imported = built
    corpus = imported["beefree-sdk-docs"]
    answer = corpus.answer
    assert answer is not None
    assert answer.redirects is not None
    assert answer.redirectsSkippedCount is not None
    root = CORPORA / corpus.name
    redirects = _yaml_redirects(root)
    assert answer.redirects + answer.redirectsSkippedCount == len(redirects)
    pages = _listed(root) & _on_disk(root)
    skipped = {r.source for r in answer.redirectsSkipped}
    assert answer.redirectsSkippedCount == len(skipped)
    assert all(redirects[source] not in pages for source in skipped)
    kept = {s: f for s, f in redirects.items() if s not in skipped}
    assert len(kept) == answer.redirects
    assert all(file in pages for file in kept.values())

    async def run() -> None:
        where = (corpus.space_id, corpus.change_request_id)
        store = Store(str(folder / "api.db"))
        try:
            async with local_client(store, "seed") as client:
                content = client.change_request_content
                revision = await content.get_revision(*where)
                paths = {page.path for page, _ in revision.walk_pages()}
                for source, file in kept.items():
                    by_source = await content.get_page_by_path(*where, source)
                    if source in paths:  # a page still there wins: GitBook ignores the redirect
                        assert by_source.path == source
                        continue
                    path = page_path(file, revision.pages[0].path, "README.md")
                    by_file = await content.get_page_by_path(*where, path)
                    assert by_source.id == by_file.id, source
                assert any(source not in paths for source in kept)
        finally:
            store.close()

    anyio.run(run)
