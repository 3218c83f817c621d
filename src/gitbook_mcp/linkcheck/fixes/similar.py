"""Closest matches by name: pages by slug, title and path; headings; file names (difflib ratios)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from gitbook_mcp.document import slug as slugify
from gitbook_mcp.linkcheck.model import FileNode, PageNode

__all__ = [
    "MIN_SIMILARITY",
    "closest_anchor",
    "closest_file",
    "closest_page",
    "similarity",
    "slug_similarity",
]

MIN_SIMILARITY = 0.6
"""Below this ratio a match is not proposed at all."""


def similarity(a: str, b: str) -> float:
    """How alike two names are, in [0, 1], ignoring case."""
    if not a or not b:
        return 0.0
    return SequenceMatcher(None, a.lower(), b.lower()).ratio()


def _best(scored: Iterable[tuple[float, int]], floor: float) -> tuple[float, int] | None:
    best = max(scored, default=None, key=lambda item: (item[0], -item[1]))
    if best is None or best[0] < floor:
        return None
    return best


@lru_cache(maxsize=4096)
def _title_slug(title: str) -> str:
    """A title as a slug (cached: a large space's plan compares every page for each link)."""
    return slugify(title)


def _page_names(page: PageNode, *, title: bool = True) -> list[str]:
    last = page.path.rsplit("/", 1)[-1]
    return [n for n in {page.slug, last, _title_slug(page.title) if title else ""} if n]


def _names(keys: Sequence[str]) -> list[str]:
    return [slugify(key.rsplit("/", 1)[-1]) for key in keys if key.rsplit("/", 1)[-1]]


def slug_similarity(keys: Sequence[str], page: PageNode) -> float:
    """How close any of ``keys`` is to the page's slug or last path segment (not its title)."""
    names = _names(keys)
    return max(
        (similarity(k, n) for k in names for n in _page_names(page, title=False)), default=0.0
    )


def closest_page(keys: Sequence[str], pages: Sequence[PageNode]) -> tuple[PageNode, float] | None:
    """The page whose slug or title is closest to any of ``keys`` (a path, an id, a text).

    Only the last segment of a path counts: a shared folder says nothing about the page.
    """
    names = [k.lower() for k in _names(keys) if k]
    best: tuple[float, int] | None = None
    for position, page in enumerate(pages):
        if page.type not in ("document", "group") or not names:
            continue
        for name in _page_names(page):
            for key in names:
                # The first page at the best ratio wins, so a later one must do better: the
                # quick upper bounds of difflib skip most pairs without their full ratio.
                need = MIN_SIMILARITY if best is None else best[0]
                matcher = SequenceMatcher(None, key, name.lower())
                if not _may_reach(matcher, need, strictly=best is not None):
                    continue
                score = matcher.ratio()
                if score > need or (best is None and score >= need):
                    best = (score, position)
    return None if best is None else (pages[best[1]], round(best[0], 2))


def _may_reach(matcher: SequenceMatcher[str], need: float, *, strictly: bool) -> bool:
    """Whether the pair's ratio may reach ``need`` (or pass it), by difflib's upper bounds."""
    for bound in (matcher.real_quick_ratio, matcher.quick_ratio):
        upper = bound()
        if upper < need or (strictly and upper <= need):
            return False
    return True


def closest_anchor(anchor: str, anchors: Mapping[str, str]) -> tuple[str, float] | None:
    """The anchor of the heading closest to ``anchor`` (by id or by heading text)."""
    ids = list(anchors)
    scored = (
        (max(similarity(anchor, a), similarity(slugify(anchor), slugify(anchors[a]))), i)
        for i, a in enumerate(ids)
    )
    best = _best(scored, 0.5)
    return None if best is None else (ids[best[1]], round(best[0], 2))


def _file_similarity(a: str, b: str) -> float:
    """Stems compared; a different extension costs a fifth."""
    stem_a, _, ext_a = a.lower().rpartition(".")
    stem_b, _, ext_b = b.lower().rpartition(".")
    score = similarity(stem_a or ext_a, stem_b or ext_b)
    return score if ext_a == ext_b else 0.8 * score


def closest_file(name: str, files: Sequence[FileNode]) -> tuple[FileNode, float] | None:
    """The file whose name is closest to ``name`` (by stem, then extension)."""
    scored = ((_file_similarity(name, f.name), i) for i, f in enumerate(files))
    best = _best(scored, MIN_SIMILARITY)
    return None if best is None else (files[best[1]], round(best[0], 2))
