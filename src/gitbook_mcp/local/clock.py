"""Time for the local workspace, injectable so that tests can move it (7-day space purge)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

__all__ = ["Clock", "ManualClock", "SystemClock", "iso"]


class Clock:
    """Tells the current time in UTC."""

    def now(self) -> datetime:
        raise NotImplementedError  # abstract: SystemClock and ManualClock implement it

    def stamp(self) -> str:
        """The current time as the API writes it."""
        return iso(self.now())


class SystemClock(Clock):
    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock(Clock):
    """A clock that only moves when told to."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 15, 9, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> None:
        self._now += delta


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds and a ``Z``, as the API writes timestamps."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
