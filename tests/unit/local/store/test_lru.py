"""The store's bounded memo (`local.store.lru.Memo`): built once per key, least recently used out
past its weight, the newest always kept, and racing builds keep one value."""

from __future__ import annotations

import threading

from gitbook_mcp.local.store.lru import Memo


def test_values_are_built_once_and_the_least_recently_used_go_first() -> None:
    memo: Memo[str, str] = Memo(10, len)
    built: list[str] = []

    def build(text: str) -> str:
        built.append(text)
        return text

    assert memo.get("a", lambda: build("aaaa")) == "aaaa"
    assert memo.get("b", lambda: build("bbbb")) == "bbbb"
    assert memo.get("a", lambda: build("never")) == "aaaa"  # kept, now the most recent
    assert memo.get("c", lambda: build("cccc")) == "cccc"  # 12 characters: b goes
    assert memo.get("b", lambda: build("BBBB")) == "BBBB"
    assert built == ["aaaa", "bbbb", "cccc", "BBBB"]
    assert memo.weight <= 10
    assert len(memo) == 2


def test_counted_by_entries_by_default() -> None:
    memo: Memo[int, int] = Memo(3)
    for key in range(5):
        memo.get(key, lambda key=key: key * key)
    assert len(memo) == 3
    assert memo.weight == 3
    assert memo.get(0, lambda: -1) == -1  # 0 was dropped, so it is built again


def test_an_entry_heavier_than_the_limit_stays_until_the_next() -> None:
    memo: Memo[str, str] = Memo(2, len)
    assert memo.get("big", lambda: "x" * 100) == "x" * 100
    assert len(memo) == 1
    assert memo.get("big", lambda: "rebuilt") == "x" * 100
    memo.get("small", lambda: "y")
    assert len(memo) == 1
    assert memo.weight == 1


def test_racing_builds_of_one_key_keep_the_first_value() -> None:
    memo: Memo[str, object] = Memo(10)
    started = threading.Barrier(2)
    answers: list[object] = []

    def build() -> object:
        started.wait(timeout=5)
        return object()

    def reader() -> None:
        answers.append(memo.get("k", build))

    threads = [threading.Thread(target=reader) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=5)
    assert len(answers) == 2
    assert answers[0] is answers[1]  # the second build's value was not kept nor answered
    assert memo.get("k", object) is answers[0]
    assert len(memo) == 1
    assert memo.weight == 1


def test_clear_empties_the_memo() -> None:
    memo: Memo[str, str] = Memo(10, len)
    memo.get("a", lambda: "aaa")
    memo.clear()
    assert len(memo) == 0
    assert memo.weight == 0
