"""Files a pull request may have written are never followed through a symbolic link, their
errors name a line by number (never its text), and the URL cache is written through an
exclusive temporary file and refuses entries dated in the future (red team, issue 36)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gitbook_mcp.config.options import ConfigError
from gitbook_mcp.linkcheck.config import load_config
from gitbook_mcp.linkcheck.external.retries import UrlVerdict
from gitbook_mcp.linkcheck.external.urlcache import UrlCache
from gitbook_mcp.linkcheck.external.urlrules import (
    PatternError,
    UrlFilter,
    parse_accept,
    read_ignore_file,
)

SECRET = "GITBOOK_API_TOKEN=gb_secret_value"


def _secret(tmp_path: Path) -> Path:
    target = tmp_path / "environ"
    target.write_text(f"{SECRET}\n(a+)+$\n", encoding="utf-8")
    return target


def test_an_ignore_file_that_is_a_link_is_refused_without_reading_it(tmp_path: Path) -> None:
    ignore = tmp_path / ".gitbook-linkignore"
    ignore.symlink_to(_secret(tmp_path))
    with pytest.raises(PatternError) as refused:
        read_ignore_file(ignore)
    assert "is a symbolic link; refused" in str(refused.value)
    assert "gb_secret_value" not in str(refused.value)


def test_a_bad_line_of_the_ignore_file_is_named_by_number_never_by_its_text(
    tmp_path: Path,
) -> None:
    ignore = tmp_path / ".gitbook-linkignore"
    ignore.write_text("# comment\nexample\\.org\n[gb_secret_value\n", encoding="utf-8")
    with pytest.raises(PatternError) as refused:
        read_ignore_file(ignore)
    message = str(refused.value)
    assert f"{ignore}, line 3: the pattern is not a regular expression" in message
    assert "gb_secret_value" not in message
    ignore.write_text("a\n(?=gb_secret_value)\n", encoding="utf-8")
    with pytest.raises(PatternError, match="line 2: the pattern is not a regular expr") as slow:
        read_ignore_file(ignore)
    assert "gb_secret_value" not in str(slow.value)


def test_a_refused_flag_pattern_is_named_by_position() -> None:
    with pytest.raises(PatternError, match=r"^exclude pattern 2: the pattern is not a regular"):
        UrlFilter.of(exclude=["ok", "(?!x)"])


@pytest.mark.parametrize("name", ["gitbook-linkcheck.toml", "pyproject.toml"])
def test_a_configuration_file_that_is_a_link_is_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / name).symlink_to(_secret(tmp_path))
    with pytest.raises(ConfigError, match="is a symbolic link; refused") as refused:
        load_config(None, tmp_path)
    assert "gb_secret_value" not in str(refused.value)


def test_a_dangling_configuration_link_is_refused_not_passed_over(tmp_path: Path) -> None:
    (tmp_path / "gitbook-linkcheck.toml").symlink_to(tmp_path / "nowhere")
    with pytest.raises(ConfigError, match="is a symbolic link; refused"):
        load_config(None, tmp_path)
    with pytest.raises(ConfigError, match="is a symbolic link; refused"):
        load_config(str(tmp_path / "gitbook-linkcheck.toml"), tmp_path)


def _cache_file(path: Path, at: float) -> None:
    entry = {"at": at, "status": "ok", "reason": "", "code": 200}
    path.write_text(json.dumps({"version": 1, "urls": {"https://a.test/": entry}}), "utf-8")


def test_a_cache_that_is_a_link_is_not_read(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.json"
    _cache_file(real, 1000.0)
    path = tmp_path / ".gitbook-linkcache"
    path.symlink_to(real)
    assert len(UrlCache.load(path, 86400, now=lambda: 1000.0)) == 0
    assert len(UrlCache.load(real, 86400, now=lambda: 1000.0)) == 1  # the same file, direct


def test_the_cache_is_never_written_through_a_planted_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep me", encoding="utf-8")
    path = tmp_path / ".gitbook-linkcache"
    # Where the temporary file used to be written, and the cache itself: both links.
    (tmp_path / f".gitbook-linkcache.{os.getpid()}.tmp").symlink_to(victim)
    path.symlink_to(victim)
    cache = UrlCache.load(path, 86400, now=lambda: 1000.0)
    cache.put("https://a.test/", UrlVerdict("ok", category="ok", lasting=True))
    cache.save()
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not path.is_symlink()
    assert len(UrlCache.load(path, 86400, now=lambda: 1000.0)) == 1
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == [
        f".gitbook-linkcache.{os.getpid()}.tmp"  # the planted link, untouched; no leftovers
    ]


def test_a_cache_entry_dated_in_the_future_is_refused(tmp_path: Path) -> None:
    path = tmp_path / ".gitbook-linkcache"
    _cache_file(path, 1e12)
    cache = UrlCache.load(path, 86400, now=lambda: 1000.0)
    assert cache.get("https://a.test/", parse_accept("200")) is None
    _cache_file(path, 1000.0 + 60)  # a minute ahead: a runner's clock, accepted
    cache = UrlCache.load(path, 86400, now=lambda: 1000.0)
    assert cache.get("https://a.test/", parse_accept("200")) is not None
