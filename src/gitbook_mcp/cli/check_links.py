"""``gitbook-mcp check-links``: one link check for CI, its report on stdout, its verdict the exit
code.

SPACE may be the path of a Git Sync folder, checked on disk with no API and no token
(`gitbook_mcp.linkcheck.folder_source`). Exit codes (README, "Check links in CI"): 0 no broken link (unchecked links, DNS failures,
timeouts and rate limits are warnings), 1 a broken link, 2 a usage or API error, 3 a
configuration error (the configuration file, the ignore file or a pattern in them). A check whose
call failed after the page tree was read still writes its report, marked partial, and exits 1
when it found a broken link, else 2 (what was not checked cannot pass). lychee
exits 2 on broken links and 1 on other errors; ours kept 1 and 2 as they were, for the
workflows already written against them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

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
from gitbook_mcp.logs import configure_logging, get_logger

__all__ = ["EXIT_BROKEN", "EXIT_CONFIG", "EXIT_OK", "EXIT_USAGE", "run"]

EXIT_OK = 0
EXIT_BROKEN = 1
EXIT_USAGE = 2
EXIT_CONFIG = 3
_NAME = "gitbook-mcp check-links"


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
    )


def run(settings: CheckLinksSettings) -> int:
    """One link check: the report on stdout (or ``--output``), the exit code of the table."""
    from gitbook_mcp.client.errors import GitBookError
    from gitbook_mcp.document.gitsync import FolderError
    from gitbook_mcp.linkcheck.report.formats import clean

    configure_logging(level=settings.log_level, json=settings.log_json)
    try:
        rules = _rules(settings)  # refused before anything is read
    except PatternError as exc:
        sys.stderr.write(f"{_NAME}: configuration: {clean(exc)}\n")
        return EXIT_CONFIG
    store = None
    if settings.cache and settings.external:
        store = UrlCache.load(Path(CACHE_FILE), parse_duration(settings.max_cache_age))
    try:
        report, broken, partial = anyio.run(
            _check_report, settings, lambda: _checker(settings, rules, store)
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


async def _check_report(
    settings: CheckLinksSettings, checker: Callable[[], ExternalChecker]
) -> tuple[str, int, int]:
    """The report's text, how many links are broken, and how many parts did not run."""
    from gitbook_mcp.api import operations
    from gitbook_mcp.cli.wiring import client_factory
    from gitbook_mcp.linkcheck.report.formats import ReportScope, render_report
    from gitbook_mcp.linkcheck.run import CheckRequest, run_check

    assert settings.space is not None  # problems() refuses a missing space
    folder = settings.folder()
    if folder is not None:
        return await _check_folder(settings, folder, checker)
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
        )
    scope = ReportScope(settings.space, settings.change_request, settings.git_sync_root)
    report = render_report(result, scope, settings.format)
    return report, len(result.broken), len(result.missing)


async def _check_folder(
    settings: CheckLinksSettings, folder: Path, checker: Callable[[], ExternalChecker]
) -> tuple[str, int, int]:
    """A Git Sync folder checked on disk (no API, no token): the report and the broken count."""
    from gitbook_mcp.linkcheck.folder_source import check_folder
    from gitbook_mcp.linkcheck.report.formats import ReportScope, render_report

    check = await check_folder(folder, external=settings.external, external_checker=checker)
    scope = ReportScope(check.name, files=check.files)
    result = check.result
    return render_report(result, scope, settings.format), len(result.broken), len(result.missing)
