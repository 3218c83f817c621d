"""``gitbook-mcp check-links``: one link check for CI, its report on stdout, its verdict the exit
code.

Quiet by default, as lychee: warnings-only logs, the findings in the chosen format, and one
summary line at the end (the text report's last line; on stderr when the report is another
format or goes to ``--output``). Progress goes to stderr on a terminal or with ``-v``, which also
shows the INFO logs. SPACE may be the path of a Git Sync folder, checked on disk with no API and no token
(`gitbook_mcp.linkcheck.folder_source`). Exit codes (README, "Check links in CI"): 0 no broken link (unchecked links, DNS failures,
timeouts and rate limits are warnings), 1 a broken link, 2 a usage or API error, 3 a
configuration error (the configuration file, the ignore file or a pattern in them). A check whose
call failed after the page tree was read still writes its report, marked partial, and exits 1
when it found a broken link, else 2 (what was not checked cannot pass). lychee
exits 2 on broken links and 1 on other errors; ours kept 1 and 2 as they were, for the
workflows already written against them.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import anyio

from gitbook_mcp.config.check_links_settings import CheckLinksSettings
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.external.urlcache import CACHE_FILE, UrlCache
from gitbook_mcp.linkcheck.external.urlrules import (
    Accept,
    PatternError,
    UrlFilter,
    parse_accept,
    parse_duration,
    read_ignore_file,
)
from gitbook_mcp.linkcheck.model import PageNode, Progress, ScanResult
from gitbook_mcp.linkcheck.pathglob import PathFilter, PathGlobError
from gitbook_mcp.linkcheck.report.base import ReportScope
from gitbook_mcp.logs import configure_logging, get_logger

__all__ = ["EXIT_BROKEN", "EXIT_CONFIG", "EXIT_OK", "EXIT_USAGE", "run"]

EXIT_OK = 0
EXIT_BROKEN = 1
EXIT_USAGE = 2
EXIT_CONFIG = 3
_NAME = "gitbook-mcp check-links"
_FAILS_WHEN_ASKED = frozenset({"timeout", "rate-limited"})
"""The categories of unchecked outside URLs that ``--fail-on-timeouts`` counts as broken."""


def _log_level(settings: CheckLinksSettings) -> str:
    """The level asked, or INFO with ``-v`` when the level asked is quieter."""
    levels = logging.getLevelNamesMapping()
    if settings.verbose and levels[settings.log_level] > logging.INFO:
        return "INFO"
    return settings.log_level


def _progress(settings: CheckLinksSettings, stream: TextIO) -> Progress | None:
    """Pages read so far on ``stream``: one line rewritten on a terminal, a line per page with
    ``-v`` elsewhere; None (nothing shown) otherwise, as in CI."""
    from gitbook_mcp.linkcheck.report.formats import clean

    terminal = stream.isatty()
    if not terminal and not settings.verbose:
        return None

    async def show(done: int, total: int, message: str) -> None:
        if terminal:
            stream.write(f"\r\x1b[Kchecking links: {done}/{total} pages")
            if done >= total:
                stream.write("\r\x1b[K")
        else:
            stream.write(f"{done}/{total} pages: {clean(message)}\n")
        stream.flush()

    return show


def _fail_on_timeouts(result: ScanResult) -> None:
    """``--fail-on-timeouts``: an outside URL that timed out or stayed rate limited is broken
    (its category kept, so every format still says why)."""
    result.findings = [
        replace(f, status="broken")
        if f.status == "unchecked" and f.category in _FAILS_WHEN_ASKED
        else f
        for f in result.findings
    ]


def _rules(settings: CheckLinksSettings) -> tuple[Accept, UrlFilter]:
    """The accepted statuses and the URL filter (the ignore file's patterns added to
    ``--exclude``); `PatternError` for a pattern or an ignore file that cannot be used."""
    excludes = [*settings.exclude, *read_ignore_file(settings.ignore_file)]
    return parse_accept(settings.accept), UrlFilter.of(settings.include, excludes)


def _checker(
    settings: CheckLinksSettings, rules: tuple[Accept, UrlFilter], store: UrlCache | None
) -> ExternalChecker:
    """The outside-link checker the options describe."""
    accept, url_filter = rules
    return ExternalChecker(
        accept=accept,
        url_filter=url_filter,
        max_retries=settings.max_retries,
        retry_wait=settings.retry_wait_time,
        store=store,
        timeout=settings.external_timeout,
        concurrency=settings.external_max_concurrency,
        per_host=settings.host_concurrency,
        host_rate=1 / settings.host_request_interval,
        max_urls=settings.max_urls,
        max_urls_per_host=settings.max_urls_per_host,
    )


def run(settings: CheckLinksSettings) -> int:
    """One link check: the report on stdout (or ``--output``), the exit code of the table."""
    from gitbook_mcp.client.errors import GitBookError
    from gitbook_mcp.document.gitsync import FolderError
    from gitbook_mcp.linkcheck.report.formats import clean

    configure_logging(level=_log_level(settings), json=settings.log_json)
    try:
        rules = _rules(settings)  # refused before anything is read
        paths = PathFilter.of(settings.exclude_path)
    except (PatternError, PathGlobError) as exc:
        sys.stderr.write(f"{_NAME}: configuration: {clean(exc)}\n")
        return EXIT_CONFIG
    store = None
    if settings.cache and settings.external:
        store = UrlCache.load(Path(CACHE_FILE), parse_duration(settings.max_cache_age))
    progress = _progress(settings, sys.stderr)
    try:
        report, summary, broken, partial = anyio.run(
            _check_report, settings, lambda: _checker(settings, rules, store), paths, progress
        )
    except (GitBookError, LookupError, FolderError) as exc:
        # One line: an upstream message must not forge a CI workflow command on stderr either.
        sys.stderr.write(f"{_NAME}: {clean(exc)}\n")
        return EXIT_USAGE
    try:
        if settings.output is not None:
            settings.output.write_text(report, encoding="utf-8")
        else:
            sys.stdout.write(report)  # this command's output is its report (it is not MCP)
            sys.stdout.flush()
    except OSError as exc:
        sys.stderr.write(f"{_NAME}: cannot write the report: {exc}\n")
        return EXIT_USAGE
    if settings.format != "text" or settings.output is not None:
        sys.stderr.write(summary + "\n")  # the text report ends with it already
    if store is not None:
        try:
            store.save()
        except OSError as exc:  # a cache that cannot be written costs time, not the verdict
            get_logger("gitbook_mcp.linkcheck").warning("linkcheck.cache_unsaved", why=str(exc))
    if broken:
        return EXIT_BROKEN
    if partial:
        sys.stderr.write(f"{_NAME}: partial: {partial} parts of the check did not run (report)\n")
        return EXIT_USAGE
    return EXIT_OK


def _rendered(
    settings: CheckLinksSettings, result: ScanResult, scope: ReportScope
) -> tuple[str, str, int, int]:
    """The report, its summary line, how many links are broken and how many parts of the
    check did not run."""
    from gitbook_mcp.linkcheck.report.base import summary_line
    from gitbook_mcp.linkcheck.report.formats import render_report

    if settings.fail_on_timeouts:
        _fail_on_timeouts(result)
    report = render_report(result, scope, settings.format)
    return report, summary_line(result, scope), len(result.broken), len(result.missing)


async def _check_report(
    settings: CheckLinksSettings,
    checker: Callable[[], ExternalChecker],
    paths: PathFilter,
    progress: Progress | None,
) -> tuple[str, str, int, int]:
    """The report's text, its summary line, how many links are broken and how many parts of
    the check did not run."""
    assert settings.space is not None  # problems() refuses a missing space
    folder = settings.folder()
    if folder is not None:  # before the API client's imports: a folder check needs none
        return await _check_folder(settings, folder, checker, paths, progress)
    from gitbook_mcp.api import operations
    from gitbook_mcp.cli.wiring import client_factory
    from gitbook_mcp.linkcheck.page_cache import page_cache
    from gitbook_mcp.linkcheck.run import CheckRequest, run_check

    # One check per process: nothing is checked again, so pages are not kept for a recheck
    # (packing them cost CPU and, at 50,000 pages, about 50 MB for nothing).
    page_cache().max_entries = 0

    def skip(page: PageNode) -> bool:
        return paths.excludes(page.path)

    request = CheckRequest(
        settings.space,
        settings.change_request,
        external=settings.external,
        site_findings=True,
        content_format="document",
    )
    async with client_factory(settings.server_settings())() as client:
        result = await run_check(
            client,
            request,
            operations=operations(settings.profile),
            external_checker=checker,
            progress=progress,
            skip_page=skip if paths.globs else None,
            keep_links="none",  # the report names the findings (each has its link) and counts
        )
    scope = ReportScope(settings.space, settings.change_request, settings.git_sync_root)
    return _rendered(settings, result, scope)


async def _check_folder(
    settings: CheckLinksSettings,
    folder: Path,
    checker: Callable[[], ExternalChecker],
    paths: PathFilter,
    progress: Progress | None,
) -> tuple[str, str, int, int]:
    """A Git Sync folder checked on disk (no API, no token): as `_check_report`."""
    from gitbook_mcp.linkcheck.folder_source import check_folder

    check = await check_folder(
        folder,
        external=settings.external,
        external_checker=checker,
        skip_file=paths.excludes if paths.globs else None,
        progress=progress,
    )
    scope = ReportScope(check.name, files=check.files)
    return _rendered(settings, check.result, scope)
