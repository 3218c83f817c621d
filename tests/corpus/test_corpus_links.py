"""The link checker against the oracle on real GitBook repositories (issue 35, item 1).

Each vendored corpus is imported once as a folder into a local workspace and checked in process;
the checker's broken links must be the oracle's (`tests/support/oracle.py`, computed from the
files), link for link. What still differs is listed below, each entry with its reason: a new
difference, or a listed one that disappears, fails the test.
"""

from __future__ import annotations

import anyio
import pytest

from gitbook_mcp.linkcheck.model import ScanResult
from gitbook_mcp.local import Store, load_demo
from tests.support.corpus_space import (
    CORPORA,
    check,
    checker_broken,
    import_corpus,
    local_client,
    oracle_broken,
)
from tests.support.oracle import check_space, load_space

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

Key = tuple[str, str]

# A folder with listed pages but no listed README is a page (a group) in the workspace; GitBook
# has no page at ``folder/`` then, so the oracle calls a link to it broken.
_FOLDER_WITHOUT_README: dict[str, set[Key]] = {
    "cheqd-product-docs": {
        ("advanced/sdk", "page:advanced/sdk/feemarket-module"),
        ("advanced/sdk/understanding-sdk", "page:advanced/sdk/feemarket-module"),
    },
    "beefree-sdk-docs": set(),
}


def _scan(name: str) -> ScanResult:
    async def run() -> ScanResult:
        store = Store(":memory:")
        try:
            load_demo(store)
            corpus = await import_corpus(store, name)
            async with local_client(store) as client:
                return await check(client, corpus)
        finally:
            store.close()

    return anyio.run(run)


@pytest.fixture(scope="module", params=["cheqd-product-docs", "beefree-sdk-docs"])
def scanned(request: pytest.FixtureRequest) -> tuple[str, ScanResult]:
    return request.param, _scan(request.param)


def test_the_checker_reports_the_oracles_broken_links(scanned: tuple[str, ScanResult]) -> None:
    name, result = scanned
    space = load_space(CORPORA / name)
    top = next(iter(result.pages.values()))
    oracle = oracle_broken(space, check_space(space), top)
    checker = checker_broken(result)
    assert set((checker - oracle).keys()) == set()
    assert set((oracle - checker).keys()) == _FOLDER_WITHOUT_README[name]


def test_only_the_summarys_pages_are_imported(scanned: tuple[str, ScanResult]) -> None:
    _, result = scanned
    paths = set(result.pages.values())
    assert not paths & {"SUMMARY", "summary"}
    # advanced/sdk/sdk-setup.md is a file of the cheqd repository that SUMMARY.md does not list
    assert "advanced/sdk/sdk-setup" not in paths
