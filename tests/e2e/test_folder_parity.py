"""Parity of ``check-links PATH`` (issue 35, item 4): a Git Sync folder checked on disk, and the
same folder imported into ``gitbook-mcp local-api`` and checked over HTTP with ``check-links
SPACE --change-request CR --api-url``, give the same findings (page path, link target, kind).

Run on the hand-written fixture and on both real corpora (``tests/corpora/``). The differences
of semantics are listed and tested here, each once: what only the files can say (a
``SUMMARY.md`` entry or a ``.gitbook.yaml`` redirect naming no file) is found on disk only, and a
link to another space is not checked on either side."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from gitbook_mcp.local import Store, load_demo
from gitbook_mcp.local.seed.content import CR_INSTALL
from tests.deploy.ops_support import free_port
from tests.deploy.procs import Proc, _env, _start, api_client, stop
from tests.support.gitsync_repo import OTHER_SPACE, write_repo

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

TOKEN = "gb_local_admin"
CORPORA = Path(__file__).parents[1] / "corpora"
SPACE = "spc_handbook"
Row = tuple[str, str, str]


def _check(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "gitbook_mcp", "check-links", *args, "--format", "json"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=600,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _rows(report: dict[str, Any]) -> set[Row]:
    return {(b["page_path"], b["target"], b["kind"]) for b in report["broken"]}


@pytest.fixture
def workspace(tmp_path: Path) -> Iterator[Proc]:
    """``local-api --profile seed`` on the demo, whose change request holds an empty revision
    (the import then adds only the folder's pages), importing from ``tmp_path``."""
    db = tmp_path / "api.db"
    store = Store(str(db))
    try:
        load_demo(store)
        empty = store.content.revisions.create(SPACE)
        store.change_requests.rows.set_revision(CR_INSTALL, empty)
    finally:
        store.close()
    port = free_port()
    args = ["local-api", "--db", str(db), "--port", str(port), "--profile", "seed"]
    proc = _start([*args, "--import-root", str(tmp_path)], tmp_path / "api.log", port, _env())
    try:
        yield proc
    finally:
        stop(proc)


async def _import(proc: Proc, folder: Path) -> None:
    async with api_client(proc, TOKEN) as api:
        answer = await api.post(
            f"/spaces/{SPACE}/change-requests/{CR_INSTALL}/content/import",
            json={"url": folder.as_uri(), "source": "markdown"},
            timeout=600,
        )
        assert answer.status_code == 201, answer.text


def _both(proc: Proc, folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    on_disk = _check(str(folder))
    anyio.run(_import, proc, folder)
    api = ["--api-url", f"{proc.url}/v1", "--token", TOKEN, "--profile", "seed"]
    over_http = _check(SPACE, "--change-request", CR_INSTALL, *api)
    return on_disk, over_http


def _meta(report: dict[str, Any]) -> set[Row]:
    """Findings of the repository's own files (table of contents, redirects): disk only."""
    meta = {"SUMMARY.md", ".gitbook.yaml"}
    return {
        (b["page_path"], b["target"], b["kind"])
        for b in report["broken"]
        if b["page_path"].rsplit("/", 1)[-1] in meta
    }


def test_the_fixture_gives_the_same_findings_on_disk_and_over_http(
    workspace: Proc, tmp_path: Path
) -> None:
    on_disk, over_http = _both(workspace, write_repo(tmp_path / "repo"))
    disk, http = _rows(on_disk), _rows(over_http)
    assert _meta(on_disk)  # the fixture has such findings: the difference is exercised
    assert disk - _meta(on_disk) == http
    # the link to another space is never called broken: on disk there is no API, and over
    # HTTP the API answers alike for a space that is missing and one this token cannot read
    for report in (on_disk, over_http):
        assert not any("spcOther" in b["target"] for b in report["broken"]), OTHER_SPACE
    assert on_disk["pages_scanned"] == over_http["pages_scanned"]


@pytest.mark.parametrize("corpus", ["cheqd-product-docs", "beefree-sdk-docs"])
def test_a_real_corpus_gives_the_same_findings_on_disk_and_over_http(
    workspace: Proc, tmp_path: Path, corpus: str
) -> None:
    source = CORPORA / corpus
    assert source.is_dir(), f"the corpus {corpus} is vendored under tests/corpora/"
    folder = tmp_path / corpus
    subprocess.run(["cp", "-r", str(source), str(folder)], check=True)
    on_disk, over_http = _both(workspace, folder)
    disk, http = _rows(on_disk), _rows(over_http)
    assert disk - _meta(on_disk) == http
    assert on_disk["pages_scanned"] == over_http["pages_scanned"]
    assert on_disk["links_checked"] > 500
