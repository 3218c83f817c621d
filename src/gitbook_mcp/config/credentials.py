"""The options shared by the commands that reach the API: its token (flag or file) and the
local workspace's database. A token file keeps the token out of ``ps``, where ``--token`` shows.
"""

from __future__ import annotations

from pathlib import Path

from gitbook_mcp.config.data_paths import SHOWN_DEFAULT, default_local_db
from gitbook_mcp.config.options import PATH, TEXT, option, optional

__all__ = [
    "ReadsTokenFile",
    "api_token_option",
    "default_local_db",
    "local_db_option",
    "read_token_file",
    "token_file_option",
]


def api_token_option() -> str | None:
    """The API token, one option for every command that calls the API."""
    return option(
        None,
        optional(TEXT),
        "API token",
        flag="--token",
        secret=True,
        shown="none: required unless --local",
    )


def token_file_option() -> Path | None:
    """A file holding the API token (kept out of ``ps``, unlike ``--token``)."""
    return option(
        None,
        optional(PATH),
        "File holding the API token, read at start (`--token` or its variable win over it)",
    )


def read_token_file(path: Path | None) -> str | None:
    """The token in ``path`` (surrounding whitespace dropped), or None when unset or unreadable."""
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


class ReadsTokenFile:
    """A settings class with ``--token`` and ``--token-file``: the file fills an absent token."""

    api_token: str | None
    token_file: Path | None

    def __post_init__(self) -> None:
        if not self.api_token and self.token_file is not None:
            object.__setattr__(self, "api_token", read_token_file(self.token_file))

    def token_file_problems(self) -> list[str]:
        """A ``--token-file`` that gave no token."""
        if self.token_file is None or self.api_token:
            return []
        return [f"--token-file {self.token_file}: the file could not be read or is empty"]


def local_db_option() -> Path:
    """The local workspace's database, one option for every command that can run it."""
    return option(
        factory=default_local_db,
        parser=PATH,
        help="Database of `--local`",
        shown=SHOWN_DEFAULT,
    )
