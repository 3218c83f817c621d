"""``gitbook-mcp check-links`` in lychee's conventions, through the command against the local
workspace (``--local``) and a responder on loopback: the configuration file and its precedence,
exit code 3 for a configuration error, include/exclude and the ignore file, ``--accept``,
retries, the persistent cache, DNS failures as their own category, and SARIF for GitHub."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from anyio.from_thread import start_blocking_portal

from gitbook_mcp.cli import check_links
from gitbook_mcp.cli import command as cli
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.local import Store, load_demo
from gitbook_mcp.local.seed.ids import SPACES
from tests.support.logs import kept_logging
from tests.unit.linkcheck.fakes import resolver
from tests.unit.linkcheck.responder import loopback_responder

API = SPACES["api"]  # a clean space: only the links added here can fail
HOST = "docs.example.test"
FLAKY = [503, 200]


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    """The command configures logs to the captured stderr: give later tests theirs back."""
    with kept_logging():
        yield


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current directory of the command (where its configuration and cache files live)."""
    folder = tmp_path / "repo"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    environ = {"XDG_DATA_HOME": str(tmp_path)}
    with pytest.raises(SystemExit) as exited:
        cli.main(
            ["check-links", "--local", "--local-db", str(tmp_path / "local.db"), *args], environ
        )
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


def _page_with_links(tmp_path: Path, port: int) -> str:
    """A change request of the clean space whose one new page links outside; its id."""
    store = Store(tmp_path / "local.db", seed=load_demo)
    try:
        cr, revision = store.change_requests.rows.create(
            API, subject="Outside links", status="open", created_by="usr_admin"
        )
        base = f"http://{HOST}:{port}"
        store.content.revisions.add_page(
            revision,
            page_id="pg_outside",
            title="Outside",
            slug="outside",
            markdown=(
                f"[fine]({base}/ok) [flaky]({base}/flaky) [gone]({base}/gone) "
                f"[forbidden]({base}/forbidden) [skipped]({base}/skipped/x) [busy]({base}/busy) "
                "[no host](http://nowhere.example.test/)\n"
            ),
        )
    finally:
        store.close()
    return cr


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, list[str]]]:
    """A responder on 127.0.0.1 that the command's checker may reach (the guard allows it) and
    whose name resolves there; any other name does not resolve (no lookup leaves the machine)."""
    table: dict[str, int | list[int]] = {
        "/ok": 200,
        "/flaky": list(FLAKY),
        "/forbidden": 403,
        "/skipped/x": 200,
        "/busy": 429,
    }
    checker = functools.partial(
        ExternalChecker, resolver=resolver({HOST: ["127.0.0.1"]}), allow=("127.0.0.1",)
    )
    monkeypatch.setattr(check_links, "ExternalChecker", checker)
    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(loopback_responder(table)) as (port, seen),
    ):
        yield port, seen


@dataclass
class Outside:
    """The command on a change request whose page links to the loopback responder."""

    tmp_path: Path
    capsys: pytest.CaptureFixture[str]
    workdir: Path
    change_request: str
    seen: list[str]

    def run(self, *more: str) -> tuple[int, str, str]:
        args = ("--change-request", self.change_request, "--external", "--retry-wait-time", "0")
        # one host, the responder's: its default pace (2 requests/s) would only make tests wait
        args += ("--host-request-interval", "0.01")
        return _run(self.tmp_path, self.capsys, API, *args, *more)


@pytest.fixture
def outside(
    tmp_path: Path,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    loopback: tuple[int, list[str]],
) -> Outside:
    port, seen = loopback
    return Outside(tmp_path, capsys, workdir, _page_with_links(tmp_path, port), seen)


def test_outside_links_in_lychees_conventions(outside: Outside) -> None:
    (outside.workdir / ".gitbook-linkignore").write_text("# not ours\n/skipped/\n", "utf-8")
    code, out, _ = outside.run("--format", "json", "--accept", "200..=299,403")
    report = json.loads(out)
    assert code == 1  # gone is broken
    assert [(b["text"], b["reason"]) for b in report["broken"]] == [
        ("gone", "the server answered 404")
    ]
    assert [(u["text"], u["category"]) for u in report["unchecked"]] == [
        ("busy", "rate-limited"),
        ("no host", "dns"),
    ]
    assert sorted(outside.seen) == [
        *["HEAD /busy"] * 3,  # 429 on every try
        *["HEAD /flaky"] * 2,  # 503, then 200
        "HEAD /forbidden",
        "HEAD /gone",
        "HEAD /ok",
    ]  # and /skipped/x never


def test_dns_failures_and_rate_limits_alone_exit_0(outside: Outside) -> None:
    code, out, _ = outside.run("--exclude", "/gone", "--exclude", "/forbidden")  # as lychee
    assert code == 0
    rows = out.splitlines()[:-1]  # the summary line is last
    assert [r.split(":", 1)[0] for r in rows] == ["rate-limited", "dns"]


def test_fail_on_timeouts_makes_a_rate_limited_url_broken(outside: Outside) -> None:
    args = ("--exclude", "/gone", "--exclude", "/forbidden")
    code, out, _ = outside.run(*args, "--format", "json", "--fail-on-timeouts")
    report = json.loads(out)
    assert code == 1  # lychee's habit: a timeout or a 429 fails the run, when asked
    assert [(b["text"], b["category"]) for b in report["broken"]] == [("busy", "rate-limited")]
    assert [u["category"] for u in report["unchecked"]] == ["dns"]  # still a warning


def test_outside_url_limits_are_options(outside: Outside) -> None:
    limits = ("--max-urls", "2", "--external-max-concurrency", "1", "--host-concurrency", "1")
    pace = ("--host-request-interval", "0.01", "--external-timeout", "5", "--max-retries", "0")
    code, out, _ = outside.run("--format", "json", *limits, *pace)
    report = json.loads(out)
    limited = [u for u in report["unchecked"] if "more than 2 outside URLs" in u["reason"]]
    assert len(limited) == 5  # 7 outside links, 2 checked
    assert len({line.split()[1] for line in outside.seen}) <= 2
    code, _, err = outside.run("--host-request-interval", "0")
    assert code == 2
    assert "--host-request-interval" in err


def test_exclude_path_and_limits_from_the_configuration_file(outside: Outside) -> None:
    config = 'exclude-path = ["outside"]\nmax-urls = 3\nfail-on-timeouts = true\n'
    (outside.workdir / "gitbook-linkcheck.toml").write_text(config, encoding="utf-8")
    code, out, _ = outside.run()
    assert (code, outside.seen) == (0, [])  # the page is not read: no outside URL requested
    assert out.endswith(f"in 2 pages (space spc_api, change request {outside.change_request}).\n")


def test_the_cache_spares_the_second_run_lasting_answers_only(outside: Outside) -> None:
    first, _, _ = outside.run("--cache")
    cache = json.loads((outside.workdir / ".gitbook-linkcache").read_text(encoding="utf-8"))
    assert first == 1
    kept = {url.rsplit("/", 2)[-1] for url in cache["urls"]}
    assert kept == {"ok", "flaky", "gone", "forbidden", "x"}
    outside.seen.clear()
    second, out, _ = outside.run("--cache", "--format", "json")
    assert second == 1
    assert outside.seen == ["HEAD /busy"] * 3  # only what was transient is asked again
    gone = json.loads(out)["broken"]
    assert [(b["text"], b["reason"]) for b in gone] == [
        ("gone", "the server answered 404 (cached)"),
        ("forbidden", "the server answered 403 (cached)"),  # judged again: 403 is not accepted
    ]


def test_the_configuration_file_and_its_precedence(
    tmp_path: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pyproject = '[tool.gitbook-mcp.check-links]\nformat = "json"\naccept = [200, "300..=399"]\n'
    (workdir / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    code, out, _ = _run(tmp_path, capsys, API)
    assert (code, json.loads(out)["broken"]) == (0, [])  # pyproject.toml: json
    code, out, _ = _run(tmp_path, capsys, API, "--format", "text")
    assert out.startswith("0 broken of ")  # a flag wins over the file
    (workdir / "gitbook-linkcheck.toml").write_text('format = "junit"\n', encoding="utf-8")
    code, out, _ = _run(tmp_path, capsys, API)
    assert out.startswith("<?xml")  # the dedicated file wins over pyproject.toml
    other = workdir / "ci.toml"
    other.write_text('format = "github"\nmax-retries = 0\n', encoding="utf-8")
    code, out, _ = _run(tmp_path, capsys, API, "--config", str(other))
    assert out.startswith("::notice title=check-links::0 broken")


@pytest.mark.parametrize(
    ("file", "text", "message"),
    [
        ("gitbook-linkcheck.toml", 'api-url = "https://evil.test/v1"\n', "unknown key 'api-url'"),
        ("gitbook-linkcheck.toml", 'output = "../x"\n', "unknown key 'output'"),
        ("gitbook-linkcheck.toml", "format = \n", "not valid TOML"),
        ("gitbook-linkcheck.toml", 'accept = "2000"\n', "accept: '2000' is not a status code"),
        ("gitbook-linkcheck.toml", 'exclude = ["(?<=a)b"]\n', "regular expression RE2 can run"),
        ("gitbook-linkcheck.toml", "max_retries = 99\n", "max_retries: must be at most 10"),
        ("gitbook-linkcheck.toml", 'exclude-path = ["a", "../x"]\n', "path 2: a glob climbing"),
        ("gitbook-linkcheck.toml", "host-concurrency = 99\n", "must be at most 16"),
        ("pyproject.toml", "[tool.gitbook-mcp]\ncheck-links = 3\n", "is not a table"),
        (".gitbook-linkignore", "a\\1\n", "line 1: the pattern is not a regular expression"),
        # SARIF locations are built on it: a pull request must not point them outside.
        ("gitbook-linkcheck.toml", 'git-sync-root = "../../../etc"\n', "must stay inside"),
        ("gitbook-linkcheck.toml", 'git-sync-root = "docs/../../x"\n', "must stay inside"),
        ("gitbook-linkcheck.toml", 'git-sync-root = "/etc"\n', "must be a relative path"),
        ("gitbook-linkcheck.toml", 'git-sync-root = "C:\\\\x"\n', "must be a relative path"),
    ],
)
def test_a_configuration_error_exits_3(
    tmp_path: Path,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    text: str,
    message: str,
) -> None:
    (workdir / file).write_text(text, encoding="utf-8")
    code, out, err = _run(tmp_path, capsys, API)
    assert (code, out) == (3, "")
    (line,) = [line for line in err.splitlines() if "configuration" in line]
    assert message in line


def test_a_missing_config_file_exits_3(
    tmp_path: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(tmp_path, capsys, API, "--config", "nowhere.toml")
    assert code == 3
    assert "--config: no file nowhere.toml" in err


def test_a_bad_pattern_on_the_command_line_is_a_usage_error(
    tmp_path: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(tmp_path, capsys, API, "--exclude", "(?=x)y")
    assert code == 2
    assert "--exclude" in err


SARIF_SCHEMA = Path(__file__).resolve().parents[2] / "data" / "sarif-schema-2.1.0.json"
"""The official SARIF 2.1.0 schema (OASIS, errata01), vendored: its validation keywords whole."""


@functools.cache
def _sarif_validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())


def _sarif(out: str) -> dict[str, Any]:
    sarif: dict[str, Any] = json.loads(out)
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in _sarif_validator().iter_errors(sarif)
    ]
    assert errors == []
    return sarif


def test_sarif_for_github_fingerprints_help_and_files_of_the_git_sync_folder(
    tmp_path: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("spc_handbook", "--format", "sarif")
    _, first, _ = _run(tmp_path, capsys, *args)
    _, again, _ = _run(tmp_path, capsys, *args, "--git-sync-root", "docs/")
    runs = [_sarif(first)["runs"][0], _sarif(again)["runs"][0]]
    (driver,) = {json.dumps(run["tool"]["driver"], sort_keys=True) for run in runs}
    rules = json.loads(driver)["rules"]
    assert {"broken-page-link", "url-host-not-found", "url-timeout"} <= {r["id"] for r in rules}
    assert all(r["help"]["markdown"] and r["fullDescription"]["text"] for r in rules)
    prints = [
        {r["ruleId"]: r["partialFingerprints"]["gitbookLink/v1"] for r in run["results"]}
        for run in runs
    ]
    assert prints[0] == prints[1]  # the same alerts across runs, wherever their files are
    assert len(set(prints[0].values())) == len(prints[0]) == 2
    files = {
        r["ruleId"]: r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in runs[1]["results"]
    }
    assert files == {
        "broken-page-link": "docs/getting-started/install.md",
        "broken-file-link": "docs/getting-started/configure.md",
    }
    assert all(
        r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1
        for r in runs[1]["results"]
    )


def test_the_official_schema_refuses_what_code_scanning_would() -> None:
    """The vendored schema is a real check: each of these breaks SARIF 2.1.0."""
    good = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]}
    assert list(_sarif_validator().iter_errors(good)) == []
    result = {"ruleId": "r", "message": {"text": "m"}}
    bad = [
        {**good, "version": "2.0.0"},
        {"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]},  # a driver has a name
        {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{}]}]},
        {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "extra": 1}}}]},
        {
            "version": "2.1.0",
            "runs": [
                {"tool": {"driver": {"name": "x"}}, "results": [{**result, "level": "fatal"}]}
            ],
        },
        {
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {"driver": {"name": "x"}},
                    "results": [
                        {
                            **result,
                            "locations": [{"physicalLocation": {"region": {"startLine": 0}}}],
                        }
                    ],
                }
            ],
        },
    ]
    assert [bool(list(_sarif_validator().iter_errors(b))) for b in bad] == [True] * len(bad)


def test_sarif_of_every_category_and_fail_on_timeouts_is_valid_sarif(outside: Outside) -> None:
    (outside.workdir / ".gitbook-linkignore").write_text("/skipped/\n", "utf-8")
    for more in ((), ("--fail-on-timeouts",)):
        _, out, _ = outside.run("--format", "sarif", *more)
        levels = {r["ruleId"]: r["level"] for r in _sarif(out)["runs"][0]["results"]}
        assert levels["url-host-not-found"] == "warning"
        assert levels["url-rate-limited"] == ("error" if more else "warning")


def test_the_readme_documents_every_exit_code() -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    table = readme.split("| exit code | meaning | lychee |", 1)[1].split("\n\n", 1)[0]
    codes = [line.split("|")[1].strip(" `") for line in table.strip().splitlines()[1:]]
    constants = (
        check_links.EXIT_OK,
        check_links.EXIT_BROKEN,
        check_links.EXIT_USAGE,
        check_links.EXIT_CONFIG,
    )
    assert codes == [str(code) for code in constants] == ["0", "1", "2", "3"]


def test_the_readme_example_configuration_is_accepted(
    tmp_path: Path,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    offline = functools.partial(ExternalChecker, resolver=resolver({}))  # no name resolves
    monkeypatch.setattr(check_links, "ExternalChecker", offline)
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    example = readme.split("```toml\n# gitbook-linkcheck.toml\n", 1)[1].split("```", 1)[0]
    (workdir / "gitbook-linkcheck.toml").write_text(example, encoding="utf-8")
    code, out, _ = _run(tmp_path, capsys, API, "--format", "json")
    assert (code, json.loads(out)["broken"]) == (0, [])
