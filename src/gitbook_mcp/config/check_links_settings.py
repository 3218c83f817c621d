"""The options of ``check-links`` (`CheckLinksSettings`), apart from the other commands': its
link options (`LinkOptions`) import the link checker, which the server's start-up never needs
(`gitbook_mcp.cli.parser` loads this module when the command line names ``check-links``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from gitbook_mcp.client import constants
from gitbook_mcp.config.credentials import (
    ReadsTokenFile,
    api_token_option,
    local_db_option,
    token_file_option,
)
from gitbook_mcp.config.options import BOOL, PATH, TEXT, carry, choice, integer, option, optional
from gitbook_mcp.config.settings import (
    CHECK_LINKS_COMMAND,
    CHECK_LINKS_SUMMARY,
    DEMO_TOKENS,
    LEVELS,
    REPORT_FORMATS,
    SECONDS,
    CommonSettings,
    Settings,
)
from gitbook_mcp.document.gitsync import is_git_sync
from gitbook_mcp.linkcheck.config import LinkOptions

__all__ = ["CheckLinksSettings"]


@dataclass(frozen=True)
class CheckLinksSettings(ReadsTokenFile, LinkOptions, CommonSettings):
    """The options of ``check-links``: one link check for CI, its report on stdout (the link
    options of `LinkOptions` may come from a configuration file too)."""

    COMMAND: ClassVar[str] = CHECK_LINKS_COMMAND
    SUMMARY: ClassVar[str] = CHECK_LINKS_SUMMARY

    space: str | None = option(
        None,
        optional(TEXT),
        "Space to check, or the path of a Git Sync folder (with `.gitbook.yaml` or `SUMMARY.md`)",
        flag="SPACE",
        env=False,
    )
    change_request: str | None = option(
        None, optional(TEXT), "Change request to check (omit: the main content)", env=False
    )
    external: bool = option(False, BOOL, "Also check outside URLs", env=False)
    format: str = option(
        "text", choice(*REPORT_FORMATS), "Report format of `check-links`", env=False
    )
    output: Path | None = option(
        None, optional(PATH), "Write the report to this file (default: stdout)", env=False
    )
    verbose: bool = option(
        False,
        BOOL,
        "Show progress and INFO logs on stderr (default: warnings only; progress on a terminal)",
        env=False,
        short="-v",
    )
    log_level: str = option(
        "WARNING", LEVELS, "Log level of `check-links` (`-v`: INFO); logs go to stderr"
    )
    api_token: str | None = api_token_option()
    token_file: Path | None = token_file_option()
    api_url: str = option(constants.DEFAULT_BASE_URL, TEXT, "API base URL")
    local: bool = option(False, BOOL, "Check the demo local workspace in process")
    local_db: Path = local_db_option()
    local_token: str = option("gb_local_admin", TEXT, "Demo role used by `--local`")
    max_concurrency: int = option(
        constants.DEFAULT_MAX_CONCURRENCY, integer(1), "API requests in flight at once"
    )
    timeout: float = option(constants.DEFAULT_TIMEOUT, SECONDS, "Seconds before an API call fails")
    max_tree_mb: int = option(
        constants.DEFAULT_MAX_TREE_MB,
        integer(1),
        "MiB a space's page tree may take (about 860 bytes a page; other answers: 16 MiB)",
    )

    def folder(self) -> Path | None:
        """The Git Sync folder to check on disk, when SPACE names a folder (a space id never
        holds a ``/`` and is no folder of the working directory)."""
        if not self.space:
            return None
        path = Path(self.space)
        return path if path.is_dir() or "/" in self.space or self.space == "." else None

    def problems(self) -> list[str]:
        """What is missing: the space, and a token unless local or a folder is checked."""
        issues = [] if self.space else ["check-links: name the SPACE to check"]
        folder = self.folder()
        if folder is not None:
            if not is_git_sync(folder):
                issues.append(
                    f"check-links: {self.space} is not a Git Sync folder "
                    "(no .gitbook.yaml or SUMMARY.md in it)"
                )
            if self.change_request:
                issues.append("check-links: a folder has no change request (--change-request)")
            return issues
        issues += self.token_file_problems()
        if not self.local and not self.api_token:
            issues.append("No API token: set GITBOOK_API_TOKEN (or pass --token), or use --local.")
        if self.local and self.local_token not in DEMO_TOKENS:
            issues.append(f"--local-token must be one of {', '.join(DEMO_TOKENS)}")
        return issues

    def server_settings(self) -> Settings:
        """The same API connection as the server's settings (for its client factory)."""
        return carry(self, Settings)
