"""The link checker against the oracle on real GitBook repositories (issue 35, item 1).

Both vendored corpora are imported once, as folders, into one workspace file; the checker then
reads each through the API in process (``LocalTransport``, as ``--local``) and over HTTP (a
``gitbook-mcp local-api`` process on that file). Its broken links must be the oracle's
(`tests/support/oracle.py`, computed from the files), link for link, both ways. What still
differs is listed below with its reason: a new difference, or a listed one that disappears,
fails the test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

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
def scans(tmp_path_factory: pytest.TempPathFactory) -> Scans:
    """Each corpus checked in process and over HTTP, from one import of both."""
    folder = tmp_path_factory.mktemp("corpora")
    imported = _build(folder / "api.db")
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
