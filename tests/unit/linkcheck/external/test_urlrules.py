"""lychee's conventions for outside URLs: include/exclude patterns (compiled by RE2: linear on
a crafted URL, refused only where RE2 cannot express them), the ignore file, ``--accept``
ranges and durations."""

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
    ("pattern", "matched", "missed"),
    [
        (r".*\.github.com\.*", "https://docs.github.com/x", "https://github.io/"),
        (r"https?://(www\.)?example\.com/.*", "http://www.example.com/a", "https://example.org/"),
        (r"github\.com/.+/issues/.+", "https://github.com/o/issues/1", "https://github.com/issues"),
        (r"^https://localhost:\d+/", "https://localhost:8080/", "http://localhost:8080/"),
        (r"example\.(com|org)", "https://example.org/", "https://example.net/"),
        (r"(a+)+$", "https://x.test/aaa", "https://x.test/aaa!"),  # exponential in Python's re
        (r"a.*b.*c", "https://x.test/abc", "https://x.test/cba"),
        (r"\bdocs\b", "https://docs.x.test/", "https://mydocs.x.test/"),
    ],
)
def test_lychee_patterns_are_accepted_and_searched_anywhere(
    pattern: str, matched: str, missed: str
) -> None:
    compiled = compile_pattern(pattern)
    assert compiled.pattern == pattern
    assert compiled.search(matched) is not None
    assert compiled.search(missed) is None


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (r"^https://(?!docs\.)", "invalid perl operator"),  # lookahead
        (r"(?<=a)b", "invalid perl operator"),  # lookbehind
        (r"(a)\1", "invalid escape sequence"),  # backreference
        (r"(?P<x>a)(?P=x)", "invalid perl operator"),
        (r"(unclosed", "missing )"),
        ("a" * (MAX_PATTERN_CHARS + 1), f"over {MAX_PATTERN_CHARS} characters"),
    ],
)
def test_only_what_re2_cannot_express_is_refused_and_never_quoted(pattern: str, why: str) -> None:
    with pytest.raises(PatternError) as refused:
        compile_pattern(pattern)
    assert why in str(refused.value)
    assert pattern not in str(refused.value)


def test_a_pattern_exponential_in_pythons_re_is_linear_here() -> None:
    """``(a+)+$`` on the longest URL matched: RE2 answers at once where ``re`` would not end
    (pytest-timeout fails the test if it ever backtracks)."""
    crafted = "https://x.test/" + "a" * (MAX_MATCHED_URL - 20) + "!"
    assert compile_pattern(r"(a+)+$").search(crafted) is None
    assert compile_pattern(r"(.*a){20}").search(crafted) is not None


def test_a_refused_pattern_is_not_logged_by_re2(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(PatternError):
        compile_pattern("(?=gb_secret_value)")
    out, err = capfd.readouterr()
    assert "gb_secret_value" not in out + err


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
