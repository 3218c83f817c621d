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
    REPORT_FORMATS,
    SECONDS,
    CommonSettings,
    Settings,
)
from gitbook_mcp.linkcheck.config import LinkOptions

__all__ = ["CheckLinksSettings"]


@dataclass(frozen=True)
class CheckLinksSettings(ReadsTokenFile, LinkOptions, CommonSettings):
    """The options of ``check-links``: one link check for CI, its report on stdout (the link
    options of `LinkOptions` may come from a configuration file too)."""

    COMMAND: ClassVar[str] = CHECK_LINKS_COMMAND
    SUMMARY: ClassVar[str] = CHECK_LINKS_SUMMARY

    space: str | None = option(None, optional(TEXT), "Space to check", flag="SPACE", env=False)
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

    def problems(self) -> list[str]:
        """What is missing: the space, and a token unless local."""
        issues = [] if self.space else ["check-links: name the SPACE to check"]
        issues += self.token_file_problems()
        if not self.local and not self.api_token:
            issues.append("No API token: set GITBOOK_API_TOKEN (or pass --token), or use --local.")
        if self.local and self.local_token not in DEMO_TOKENS:
            issues.append(f"--local-token must be one of {', '.join(DEMO_TOKENS)}")
        return issues

    def server_settings(self) -> Settings:
        """The same API connection as the server's settings (for its client factory)."""
        return carry(self, Settings)
