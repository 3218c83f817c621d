"""lychee's conventions for outside URLs: include/exclude patterns (refused when they could
backtrack badly on a crafted URL), the ignore file, ``--accept`` ranges and durations."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitbook_mcp.linkcheck.external.urlrules import (
    MAX_MATCHED_URL,
    MAX_PATTERN_CHARS,
    MAX_PATTERNS,
    Accept,
    PatternError,
    UrlFilter,
    compile_pattern,
    parse_accept,
    parse_duration,
    read_ignore_file,
)


@pytest.mark.parametrize(
    ("pattern", "searched"),
    [
        (r".*\.github.com\.*", r"\.github.com\.*"),  # lychee.example.toml's own
        (r"https?://(www\.)?example\.com/.*", r"https?://(www\.)?example\.com/"),
        (r"github\.com/.+/issues/.+", r"github\.com/.+/issues/."),
        (r"^https://localhost:\d+/", r"^https://localhost:\d+/"),
        (r"example\.(com|org)", r"example\.(com|org)"),
        (r"^.*$", r"^.*$"),  # anchored: kept as written
        (r"^http(s)?://(?!(docs\.example\.com|(www\.)?acme\.test))", None),
        (r"[a-z]+\.test", None),
        (r"x\.*", None),
    ],
)
def test_usual_patterns_are_accepted_and_searched_the_same(
    pattern: str, searched: str | None
) -> None:
    assert compile_pattern(pattern).pattern == (searched or pattern)


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (r"(a+)+$", "a repeated group that holds a repetition or an alternation"),
        (r"(.*a){20}", "a repeated group that holds a repetition or an alternation"),
        (r"(a|aa)*b", "a repeated group that holds a repetition or an alternation"),
        (r"a.*b.*c", "more than one unbounded repetition"),
        (r"x\d{2,}y\w+", "more than one unbounded repetition"),
        (r"(a)\1", "a backreference"),
        (r"(?P<x>a)(?P=x)", "a backreference"),
        ("a?" * 7 + "a" * 7, "more than 64 ways to match at one place"),
        ("a?a?a?a+$", "more than 4 ways to match at one place"),
        (r"(unclosed", "is not a regular expression"),
        ("a" * (MAX_PATTERN_CHARS + 1), f"over {MAX_PATTERN_CHARS} characters"),
    ],
)
def test_patterns_that_could_backtrack_badly_are_refused_when_read(pattern: str, why: str) -> None:
    with pytest.raises(PatternError, match=why.replace("(", r"\(").replace("?", r"\?")):
        compile_pattern(pattern)


def test_a_refused_shape_would_indeed_be_slow_but_the_accepted_one_is_linear() -> None:
    """What the rule protects: one unbounded repetition searched over the longest URL matched
    finishes (quadratic at worst), on the text that makes ``(a+)+$`` exponential."""
    crafted = "https://x.test/" + "a" * (MAX_MATCHED_URL - 20) + "!"
    assert compile_pattern(r"/a+$").search(crafted) is None


def test_include_wins_over_exclude_as_in_lychee() -> None:
    both = UrlFilter.of(include=[r"gist\.github\.com"], exclude=[r"github\.com"])
    assert both.skip("https://gist.github.com/x") is None
    assert both.skip("https://github.com/x") == r"excluded: it matches 'github\\.com'"
    assert both.skip("https://acme.test/") is None
    only_include = UrlFilter.of(include=[r"acme\.test"])
    assert only_include.skip("https://acme.test/a") is None
    assert only_include.skip("https://b.test/") == "excluded: it matches no --include pattern"
    assert UrlFilter().skip("https://anything.test/" + "a" * 5000) is None


def test_a_url_past_the_matched_length_is_not_matched_but_limited() -> None:
    url = "https://acme.test/" + "a" * MAX_MATCHED_URL
    assert UrlFilter.of(exclude=["zzz"]).skip(url) == (
        f"limit: a URL over {MAX_MATCHED_URL} characters is not matched"
    )


def test_too_many_patterns_are_refused() -> None:
    with pytest.raises(PatternError, match=f"more than {MAX_PATTERNS}"):
        UrlFilter.of(exclude=[f"h{i}" for i in range(MAX_PATTERNS + 1)])


def test_the_ignore_file_has_one_pattern_per_line_and_comments(tmp_path: Path) -> None:
    ignore = tmp_path / ".gitbook-linkignore"
    assert read_ignore_file(ignore) == []  # absent: nothing ignored
    ignore.write_text("# local hosts\nhttps?://localhost\n\n  example\\.org  \n#x\n", "utf-8")
    assert read_ignore_file(ignore) == [r"https?://localhost", r"example\.org"]
    ignore.write_bytes(b"\xff\xfe bad")
    with pytest.raises(PatternError, match="cannot be read"):
        read_ignore_file(ignore)


@pytest.mark.parametrize(
    ("text", "inside", "outside"),
    [
        ("200..=204,403,429", [200, 204, 403, 429], [205, 404, 500]),
        ("200..300", [200, 299], [300]),
        ("..=299", [100, 299], [300]),
        ("500..", [500, 999], [499]),
        ("200, 206", [200, 206], [201]),
    ],
)
def test_accept_reads_lychee_ranges(text: str, inside: list[int], outside: list[int]) -> None:
    accept = parse_accept(text)
    assert all(code in accept for code in inside)
    assert not any(code in accept for code in outside)


def test_accept_from_a_toml_list_and_its_errors() -> None:
    assert parse_accept([200, "300..=399"]).describe() == "200,300..=399"
    assert 302 in Accept()
    assert 404 not in Accept()
    for bad in ("2000", "abc", "300..=200", "", "99"):
        with pytest.raises(PatternError):
            parse_accept(bad)


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("1d", 86400), ("12h", 43200), ("30m", 1800), ("90", 90), ("1d12h", 129600), ("2w", 1209600)],
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("bad", ["", "1y", "d", "-1d"])
def test_bad_durations(bad: str) -> None:
    with pytest.raises(PatternError):
        parse_duration(bad)
