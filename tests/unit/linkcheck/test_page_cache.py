"""The page cache between link checks: content-addressed keys, bounds, callers kept apart."""

from __future__ import annotations

import random
import string

from gitbook_mcp.linkcheck.memo import versions_of
from gitbook_mcp.linkcheck.model import PageBody, PageNode, RevisionContent
from gitbook_mcp.linkcheck.page_cache import (
    ENTRY_OVERHEAD,
    CacheKey,
    PageCache,
    body_size,
    pack,
    packed_size,
    unpack,
)


def key(page: str = "pg_1", version: str = "doc:1", caller: str = "alice") -> CacheKey:
    return CacheKey(caller, "document", "spc_1", page, version)


def markdown(size: int, seed: int = 0) -> PageBody:
    """A page of ``size`` letters that do not compress (the cache counts packed bytes)."""
    letters = random.Random(seed).choices(string.ascii_letters + string.digits, k=size)
    return PageBody(markdown="".join(letters))


def kept(body: PageBody) -> int:
    """Bytes the cache counts for ``body``."""
    return packed_size(pack(body))


def test_a_body_is_found_under_its_exact_key_only() -> None:
    cache = PageCache()
    body = PageBody(document={"object": "document", "nodes": []})
    cache.put(key(), body)
    assert cache.get(key()) == (True, body)
    assert cache.get(key(version="doc:2")) == (False, None)  # the page changed
    assert cache.get(key(page="pg_2")) == (False, None)
    assert cache.get(CacheKey("alice", "markdown", "spc_1", "pg_1", "doc:1")) == (False, None)


def test_a_page_known_not_to_exist_is_found_as_none() -> None:
    cache = PageCache()
    cache.put(key(), None)
    assert cache.get(key()) == (True, None)


def test_another_callers_content_is_never_served() -> None:
    cache = PageCache()
    cache.put(key(caller="alice"), PageBody(markdown="alice's page"))
    assert cache.get(key(caller="bob")) == (False, None)


def test_the_entries_bound_drops_the_least_recently_used() -> None:
    cache = PageCache(max_entries=2)
    cache.put(key("a"), markdown(300))
    cache.put(key("b"), markdown(300))
    cache.get(key("a"))  # a is now more recent than b
    cache.put(key("c"), markdown(300))
    assert len(cache) == 2
    assert cache.get(key("b"))[0] is False
    assert cache.get(key("a"))[0]
    assert cache.get(key("c"))[0]


def test_the_bytes_bound_holds_and_counts_what_is_kept() -> None:
    bodies = {name: markdown(900, seed) for seed, name in enumerate("abcdef")}
    cache = PageCache(max_bytes=4 * kept(bodies["a"]) + 50)
    for name, body in bodies.items():
        cache.put(key(name), body)
    assert cache.bytes <= cache.max_bytes
    assert len(cache) == 4
    assert [cache.get(key(n))[0] for n in "abcdef"] == [False, False, True, True, True, True]
    small = markdown(300)
    cache.put(key("f"), small)  # replaced, not counted twice
    assert cache.bytes == sum(kept(bodies[n]) for n in "cde") + kept(small)


def test_a_body_over_a_quarter_of_the_bytes_is_not_kept() -> None:
    cache = PageCache(max_bytes=4000)
    cache.put(key("small"), markdown(500))
    cache.put(key("huge"), markdown(1400))
    assert kept(markdown(1400)) > 1000
    assert cache.get(key("huge"))[0] is False
    assert cache.get(key("small"))[0] is True


def test_a_page_is_kept_packed_and_comes_back_equal() -> None:
    document = {
        "object": "document",
        "data": {},
        "nodes": [{"object": "block", "type": "paragraph", "nodes": [{"text": "é ✓ \u0000"}]}] * 50,
    }
    body = PageBody(document=document, markdown="# é", size=4321)
    packed = pack(body)
    assert isinstance(packed, bytes)
    back = unpack(packed)
    assert back == body
    assert back is not None
    assert back.size == 4321
    assert kept(body) < body_size(PageBody(document=document)) // 4  # the budget counts packed
    cache = PageCache()
    cache.put(key(), body)
    assert cache.get(key()) == (True, body)
    parsed = PageBody(markdown="# a", parsed={"nodes": ()})  # the checker's own parse: as is
    assert unpack(pack(parsed)) is parsed


def test_the_size_counts_the_document_and_the_markdown() -> None:
    assert body_size(None) == ENTRY_OVERHEAD
    assert body_size(PageBody(markdown="é" * 10)) == ENTRY_OVERHEAD + 10
    assert body_size(PageBody(document={"a": "bc"})) == ENTRY_OVERHEAD + len('{"a":"bc"}')
    # read from the API: the answer's bytes (no less than the content), no serialising
    assert body_size(PageBody(document={"a": "bc"}, size=500)) == ENTRY_OVERHEAD + 500


def _content(
    paths: dict[str, str], versions: dict[str, str | None], revision: str
) -> RevisionContent:
    pages = [PageNode(p, p, path, version=versions.get(p)) for p, path in paths.items()]
    return RevisionContent(pages, revision_id=revision)


def test_a_page_is_keyed_by_its_version_else_by_its_revision() -> None:
    content = _content({"a": "a", "b": "b"}, {"a": "doc:x"}, "rev_1")
    assert versions_of(content, "document") == {"a": "doc:x", "b": "rev:rev_1"}
    unknown = _content({"a": "a"}, {}, "")
    assert versions_of(unknown, "document") == {}  # nothing to name it by: never reused


def test_in_markdown_a_moved_page_changes_every_key() -> None:
    before = versions_of(
        _content({"a": "a", "b": "b"}, {"a": "doc:x", "b": "doc:y"}, "r1"), "markdown"
    )
    moved = versions_of(
        _content({"a": "a", "b": "c"}, {"a": "doc:x", "b": "doc:y"}, "r2"), "markdown"
    )
    again = versions_of(
        _content({"a": "a", "b": "b"}, {"a": "doc:x", "b": "doc:y"}, "r3"), "markdown"
    )
    assert before["a"] != moved["a"]  # a's markdown writes b's new path
    assert before == again
    documents = versions_of(
        _content({"a": "a", "b": "c"}, {"a": "doc:x", "b": "doc:y"}, "r2"), "document"
    )
    assert documents["a"] == "doc:x"  # a document links by id: a move changes nothing
