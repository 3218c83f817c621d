"""The collector's policy: the young generation collected every 2,000 allocations (never more
often than the interpreter would), start-up's objects frozen before a server serves, and the
command line applying both; and the interpreter's switch interval the server serves with."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator

import anyio
import pytest

from gitbook_mcp.cli import command as cli
from gitbook_mcp.cli import serve
from gitbook_mcp.cli.collector import YOUNG_THRESHOLD, freeze_start_up, tune_collector


@pytest.fixture
def switch_interval() -> Iterator[None]:
    """The interpreter's default switch interval during the test, the one before it after."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.fixture
def thresholds() -> Iterator[None]:
    before = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*before)


@pytest.mark.usefixtures("thresholds")
@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ((700, 10, 10), (YOUNG_THRESHOLD, 10, 10)),  # CPython 3.11's default: raised
        ((700, 3, 7), (YOUNG_THRESHOLD, 3, 7)),  # the older generations' are kept
        ((50_000, 10, 10), (50_000, 10, 10)),  # rarer already: kept
        ((0, 10, 10), (0, 10, 10)),  # collection turned off: left off
    ],
)
def test_the_young_generation_is_collected_no_more_often_than_the_policy_says(
    given: tuple[int, int, int], expected: tuple[int, int, int]
) -> None:
    gc.set_threshold(*given)
    tune_collector()
    assert gc.get_threshold() == expected


def test_start_up_objects_leave_the_collectors_sight() -> None:
    built = [{"a": [1]} for _ in range(100)]  # containers the collector tracks
    gc.unfreeze()
    try:
        freeze_start_up()
        assert gc.get_freeze_count() >= len(built)
    finally:
        gc.unfreeze()


@pytest.mark.usefixtures("switch_interval")
def test_the_server_freezes_what_start_up_built_before_serving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events: list[str] = []
    monkeypatch.setattr(cli, "tune_collector", lambda: events.append("tuned"))
    monkeypatch.setattr(serve, "freeze_start_up", lambda: events.append("frozen"))

    def server_for(settings: object) -> object:
        events.append("built")
        return object()

    monkeypatch.setattr("gitbook_mcp.cli.wiring.server_for", server_for)
    monkeypatch.setattr(anyio, "run", lambda *args, **kwargs: events.append("serving"))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--local"], environ={})
    assert exit_.value.code == 0
    assert events == ["tuned", "built", "frozen", "serving"]


@pytest.mark.usefixtures("switch_interval")
def test_the_server_serves_with_a_switch_interval_a_tenth_of_the_interpreters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 36: the event loop waited up to 5 ms for the interpreter at each of its hand-offs
    # while a worker thread parsed another caller's markdown.
    seen: list[float] = []
    monkeypatch.setattr(cli, "tune_collector", lambda: None)
    monkeypatch.setattr("gitbook_mcp.cli.wiring.server_for", lambda settings: object())
    monkeypatch.setattr(anyio, "run", lambda *args, **kwargs: seen.append(sys.getswitchinterval()))
    with pytest.raises(SystemExit):
        cli.main(["--local"], environ={})
    assert seen == [0.0005]
