"""Pieces every part of a docs site shares: enums, URLs, paths, and the order of the structure.

A site's top level holds its section groups and the sections outside any group, in one order
by their REAL ``position``; sections inside a group are ordered by ``position`` within it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.ordering import position_between

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.db import Database

__all__ = [
    "SITE_TYPES",
    "SITE_VISIBILITIES",
    "free_path",
    "group_positions",
    "ordered_sections",
    "place",
    "present",
    "section_key",
    "section_url",
    "site_space_url",
    "slugify",
    "spread",
    "top_level",
]

SITE_TYPES: tuple[str, ...] = (
    "basic",
    "premium",
    "ultimate",
    "sponsored",
    "legacy-basic",
    "legacy-premium",
)
SITE_VISIBILITIES: tuple[str, ...] = ("public", "unlisted", "share-link", "visitor-auth")


def slugify(text: str, fallback: str) -> str:
    """A path segment from a title: lower case, unreserved characters, at most 100 long."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:100].strip("-")
    return slug or fallback


def free_path(base: str, taken: Iterable[str]) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever is not taken (at most 100 long)."""
    used = set(taken)
    path, n = base, 2
    while path in used:
        suffix = f"-{n}"
        path = base[: 100 - len(suffix)] + suffix
        n += 1
    return path


def top_level(db: Database, site_id: str) -> list[tuple[str, float]]:
    """(id, position) of the site's top-level items: its groups and its ungrouped sections."""
    rows = db.all(
        "SELECT id, position FROM site_section_groups WHERE site_id = ? "
        "UNION ALL SELECT id, position FROM site_sections "
        "WHERE site_id = ? AND group_id IS NULL",
        (site_id, site_id),
    )
    return [(r["id"], r["position"]) for r in rows]


def group_positions(db: Database, site_id: str) -> dict[str, float]:
    rows = db.all("SELECT id, position FROM site_section_groups WHERE site_id = ?", (site_id,))
    return {r["id"]: r["position"] for r in rows}


def section_key(row: sqlite3.Row, group_positions: dict[str, float]) -> tuple[Any, ...]:
    """The sort key of a section in the site's structure (a group sorts by its position)."""
    group = row["group_id"]
    if group is None:
        return (row["position"], 0, 0.0, row["id"])
    return (group_positions.get(group, 0.0), 1, row["position"], row["id"])


def ordered_sections(db: Database, site_id: str) -> list[sqlite3.Row]:
    """The site's sections in the order of its structure (groups expanded in place)."""
    groups = group_positions(db, site_id)
    rows = db.all("SELECT * FROM site_sections WHERE site_id = ?", (site_id,))
    return sorted(rows, key=lambda r: section_key(r, groups))


def place(
    siblings: Sequence[tuple[str, float]],
    *,
    moving: str,
    before: str | None,
    after: str | None,
) -> float:
    """The position between the neighbours a move names; the end when it names none.

    An anchor that is not among the siblings (another container, another site, the moving
    item itself, or no such item) is a 400 naming ``position``.
    """
    anchor = before if before is not None else after
    if anchor is not None and anchor == moving:
        raise Invalid("position", "an item cannot be placed relative to itself")
    return position_between(siblings, moving=moving, before=before, after=after, field="position")


def spread(low: float, high: float | None, count: int) -> list[float]:
    """``count`` increasing positions strictly between ``low`` and ``high`` (or after ``low``)."""
    if high is None:
        return [low + 1.0 + i for i in range(count)]
    step = (high - low) / (count + 1)
    return [low + step * (i + 1) for i in range(count)]


def present(row: sqlite3.Row, fields: Mapping[str, str]) -> dict[str, Any]:
    """The optional wire fields (field -> column) whose column holds a value: the API leaves
    out the others rather than answer null."""
    return {field: row[column] for field, column in fields.items() if row[column] is not None}


def section_url(base: str, section: sqlite3.Row | None) -> str:
    """A section's published URL: the site's own for the default section (or no section)."""
    if section is None or section["is_default"]:
        return base
    return f"{base}/{section['path']}"


def site_space_url(parent: str, site_space: sqlite3.Row) -> str:
    """A site space's published URL: its section's own when it is the section's default."""
    return parent if site_space["is_default"] else f"{parent}/{site_space['path']}"
