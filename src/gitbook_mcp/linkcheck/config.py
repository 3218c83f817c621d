"""``check-links``'s link options, and the configuration file they may also come from.

`LinkOptions` declares the options in lychee's names (``--include``, ``--exclude``,
``--exclude-path``, ``--accept``, ``--max-retries``, ``--retry-wait-time``, ``--cache``,
``--max-cache-age``, ``--host-concurrency``, ``--host-request-interval``), mixed into the command's
settings; lychee's ``--timeout`` and ``--max-concurrency`` are ``--external-timeout`` and
``--external-max-concurrency`` here (the bare names were the API's first). `load_config` reads them from ``gitbook-linkcheck.toml`` or the
``[tool.gitbook-mcp.check-links]`` table of ``pyproject.toml`` in the current directory (or
``--config FILE``); a flag wins over the file, the file over the default. The file may set only
`CONFIG_KEYS`: never the API URL, a token, the workspace or a file to read or write, which a
pull request could otherwise point elsewhere.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gitbook_mcp.config.options import (
    BOOL,
    PATH,
    ConfigError,
    Configured,
    Parser,
    integer,
    number,
    option,
    optional,
)
from gitbook_mcp.linkcheck.external.checker import (
    HOST_CONCURRENCY,
    HOST_RATE,
    MAX_CONCURRENCY,
    MAX_URLS,
    MAX_URLS_PER_HOST,
    TIMEOUT,
)
from gitbook_mcp.linkcheck.external.retries import MAX_RETRIES, RETRY_WAIT
from gitbook_mcp.linkcheck.external.urlcache import DEFAULT_MAX_CACHE_AGE
from gitbook_mcp.linkcheck.external.urlrules import (
    DEFAULT_ACCEPT,
    IGNORE_FILE,
    PatternError,
    compile_pattern,
    parse_accept,
    parse_duration,
)
from gitbook_mcp.linkcheck.pathglob import PathGlobError, compile_glob
from gitbook_mcp.linkcheck.untrusted_files import UnsafeFile, read_untrusted

__all__ = [
    "CONFIG_FILE",
    "CONFIG_KEYS",
    "MAX_CONFIG_BYTES",
    "PYPROJECT_TABLE",
    "LinkOptions",
    "load_config",
]

CONFIG_FILE = "gitbook-linkcheck.toml"
PYPROJECT_TABLE = ("tool", "gitbook-mcp", "check-links")
MAX_CONFIG_BYTES = 1024 * 1024
"""A larger configuration file is refused."""
CONFIG_KEYS = frozenset(
    {
        "include",
        "exclude",
        "exclude_path",
        "accept",
        "max_retries",
        "retry_wait_time",
        "cache",
        "max_cache_age",
        "external",
        "format",
        "git_sync_root",
        "external_timeout",
        "external_max_concurrency",
        "host_concurrency",
        "host_request_interval",
        "max_urls",
        "max_urls_per_host",
        "fail_on_timeouts",
    }
)
"""What a configuration file may set (dashes or underscores): link options and the report's
format. Not the files the command reads or writes (``--ignore-file``, ``--output``), nor the
API connection: a pull request that changes the file cannot point those elsewhere."""


def _patterns(value: str) -> tuple[str, ...]:
    found = tuple(value.split())
    for index, pattern in enumerate(found, 1):
        try:
            compile_pattern(pattern)
        except PatternError as exc:  # a ValueError: named with its flag or key
            raise PatternError(f"pattern {index}: {exc}") from None
    return found


def _globs(value: str) -> tuple[str, ...]:
    found = tuple(value.split())
    for index, glob in enumerate(found, 1):
        try:
            compile_glob(glob)
        except PathGlobError as exc:
            raise PathGlobError(f"path {index}: {exc}") from None
    return found


def _accept(value: str) -> str:
    return parse_accept(value).describe()


def _duration(value: str) -> str:
    parse_duration(value)
    return value.strip()


def _repository_folder(value: str) -> str:
    """A folder of the repository: relative, never climbing out of it (``..``), in ``/``
    form. SARIF locations are built on it, so a pull request could otherwise move or hide
    code-scanning alerts by pointing it outside (``../../../etc``, ``/etc``)."""
    text = value.strip()
    if text.startswith(("/", "~")) or "\\" in text or ":" in text:
        raise ValueError("must be a relative path inside the repository (like docs)")
    if any(not c.isprintable() for c in text):
        raise ValueError("must be a relative path inside the repository (like docs)")
    if ".." in PurePosixPath(text).parts:
        raise ValueError("must stay inside the repository (no '..')")
    return text


PATTERNS: Parser[tuple[str, ...]] = Parser("patterns", _patterns, repeated=True)
GLOBS: Parser[tuple[str, ...]] = Parser("globs", _globs, repeated=True)
REPOSITORY_FOLDER: Parser[str] = Parser("text", _repository_folder)
ACCEPT: Parser[str] = Parser("accept", _accept)
DURATION: Parser[str] = Parser("duration", _duration)


@dataclass(frozen=True)
class LinkOptions:
    """The options of outside-link checks, in lychee's names (flags, or the configuration)."""

    config: Path | None = option(
        None,
        optional(PATH),
        f"Configuration file (default: `{CONFIG_FILE}`, else `[tool.gitbook-mcp.check-links]` "
        "in `pyproject.toml`, in the current directory); flags win over it",
        env=False,
    )
    include: tuple[str, ...] = option(
        (),
        PATTERNS,
        "Outside URLs to check: regular expressions, separated by spaces or the flag repeated; "
        "an include wins over every exclude",
        env=False,
    )
    exclude: tuple[str, ...] = option(
        (),
        PATTERNS,
        "Outside URLs not to check: regular expressions, separated by spaces or the flag repeated",
        env=False,
    )
    exclude_path: tuple[str, ...] = option(
        (),
        GLOBS,
        "Files (a folder's) or page paths (a space's) not to check: globs (`*`, `?`, `**`), "
        "a folder excluding all under it; the flag repeated or separated by spaces",
        env=False,
    )
    ignore_file: Path = option(
        Path(IGNORE_FILE),
        PATH,
        "More `--exclude` patterns, one a line, `#` comments (read when it exists)",
        env=False,
    )
    accept: str = option(
        DEFAULT_ACCEPT,
        ACCEPT,
        "HTTP statuses of a working outside URL, as `200..=204,403,429`",
        env=False,
    )
    max_retries: int = option(
        MAX_RETRIES,
        integer(0, 10),
        "Tries after the first on a timeout, a broken connection, 429 or 5xx",
        env=False,
    )
    retry_wait_time: float = option(
        RETRY_WAIT,
        number(0.0, 60.0),
        "Seconds before the first retry (doubling each time; `Retry-After` wins)",
        env=False,
    )
    cache: bool = option(
        False,
        BOOL,
        "Keep outside-URL verdicts across runs in `.gitbook-linkcache` (lasting ones only)",
        env=False,
    )
    max_cache_age: str = option(
        DEFAULT_MAX_CACHE_AGE,
        DURATION,
        "Age past which a cached verdict is checked again (`1d`, `12h`, `30m`)",
        env=False,
    )
    external_timeout: float = option(
        TIMEOUT,
        number(1.0, 60.0),
        "Seconds one request to an outside URL may take (lychee's `--timeout`)",
        env=False,
    )
    external_max_concurrency: int = option(
        MAX_CONCURRENCY,
        integer(1, 64),
        "Outside URLs checked at once (lychee's `--max-concurrency`)",
        env=False,
    )
    host_concurrency: int = option(
        HOST_CONCURRENCY, integer(1, 16), "Requests in flight to one outside host", env=False
    )
    host_request_interval: float = option(
        1 / HOST_RATE,
        number(0.01, 60.0),
        "Seconds between two requests to one outside host",
        env=False,
    )
    max_urls: int = option(
        MAX_URLS,
        integer(1, 10000),
        "Distinct outside URLs checked in one run (the rest: unchecked, `limit:`)",
        env=False,
    )
    max_urls_per_host: int = option(
        MAX_URLS_PER_HOST,
        integer(1, 1000),
        "Distinct URLs requested from one host in one run, redirect hops included",
        env=False,
    )
    fail_on_timeouts: bool = option(
        False,
        BOOL,
        "Exit 1 on outside URLs that timed out or stayed rate limited: reported as broken, "
        "not as warnings (lychee fails on them unless `--accept-timeouts`)",
        env=False,
    )
    git_sync_root: str | None = option(
        None,
        optional(REPOSITORY_FOLDER),
        "Repository folder the space is synced to with Git Sync (e.g. `docs`): report "
        "locations become its files (`docs/getting-started/install.md`)",
        env=False,
    )


def _text(key: str, value: object, where: str) -> str:
    """A TOML value as the flag would read it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        if key in ("include", "exclude", "exclude_path"):
            for item in value:
                if len(str(item).split()) != 1:
                    hint = "?" if key == "exclude_path" else "\\s"
                    raise ConfigError(f"{where}: a pattern holds a space ({item!r}): use {hint}")
            return " ".join(str(v) for v in value)
        return ",".join(str(v) for v in value)
    raise ConfigError(f"{where}: {type(value).__name__} is not a value this key takes")


def _read(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(read_untrusted(path, MAX_CONFIG_BYTES))
    except UnsafeFile as exc:
        raise ConfigError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.__class__.__name__})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None


def _table(path: Path, data: Mapping[str, object]) -> Mapping[str, object] | None:
    """The ``[tool.gitbook-mcp.check-links]`` table of a pyproject, if any."""
    current: object = data
    for key in PYPROJECT_TABLE:
        if not isinstance(current, Mapping) or key not in current:
            return None
        current = current[key]
    if not isinstance(current, Mapping):
        raise ConfigError(f"{path}: [{'.'.join(PYPROJECT_TABLE)}] is not a table")
    return current


def load_config(explicit: object, folder: Path) -> Configured:
    """The configured values by field name, from ``explicit`` (``--config``) or the files of
    ``folder``; `ConfigError` for a file or a key that cannot be used."""
    if explicit not in (None, ""):
        path = Path(str(explicit))
        if not path.is_file() and not path.is_symlink():
            raise ConfigError(f"--config: no file {path}")
        candidates = [path]
    else:
        # A link is a candidate too, so that it is refused rather than passed over.
        found = (folder / CONFIG_FILE, folder / "pyproject.toml")
        candidates = [p for p in found if p.is_file() or p.is_symlink()]
    for path in candidates:
        data = _read(path)
        table = _table(path, data) if path.name == "pyproject.toml" else data
        if table is None:
            continue
        where = (
            str(path) if path.name != "pyproject.toml" else f"{path} [tool.gitbook-mcp.check-links]"
        )
        values: dict[str, tuple[str, str]] = {}
        for raw_key, value in table.items():
            key = raw_key.replace("-", "_")
            if key not in CONFIG_KEYS:
                known = ", ".join(sorted(k.replace("_", "-") for k in CONFIG_KEYS))
                raise ConfigError(f"{where}: unknown key {raw_key!r} (known: {known})")
            values[key] = (_text(key, value, f"{where} {raw_key}"), f"{where} {raw_key}")
        return values
    return {}
