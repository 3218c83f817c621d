"""Ordering of siblings by a REAL ``position``: a move lands between its new neighbours."""

from __future__ import annotations

from collections.abc import Sequence

from gitbook_mcp.local.errors import Invalid

__all__ = ["position_between"]


def position_between(
    siblings: Sequence[tuple[str, float]],
    *,
    moving: str,
    before: str | None = None,
    after: str | None = None,
    field: str = "position",
) -> float:
    """The position that puts ``moving`` just before ``before`` or just after ``after``.

    ``siblings`` are (id, position) of the items in the target container; the moving item is
    ignored among them. With neither anchor, the item goes last. An anchor that is not among
    the siblings is a 400 naming ``field``.
    """
    ordered = sorted((p, i) for i, p in siblings if i != moving)
    ids = [i for _, i in ordered]
    if before is None and after is None:
        return (ordered[-1][0] + 1.0) if ordered else 0.0
    anchor = before if before is not None else after
    if anchor not in ids:
        raise Invalid(field, f"{anchor!r} is not an item of the target container")
    index = ids.index(anchor)
    here = ordered[index][0]
    if before is not None:
        low = ordered[index - 1][0] if index > 0 else here - 2.0
        return (low + here) / 2.0 if low < here else here - 0.5
    high = ordered[index + 1][0] if index + 1 < len(ordered) else here + 2.0
    return (here + high) / 2.0 if high > here else here + 0.5
