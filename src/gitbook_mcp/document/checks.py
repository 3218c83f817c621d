"""Checks of what an edit would send: ``{% %}`` markers that are escaped or unbalanced in GitBook
markdown, and placeholder text standing for content left out. Linear scans, no regex."""

from __future__ import annotations

from gitbook_mcp.document.tags import MAX_VOID_BODY_LINES, all_rows, row_of

__all__ = ["PAIRED_TAGS", "PLACEHOLDERS", "marker_problems", "placeholder"]

PAIRED_TAGS = frozenset(row.tag for row in all_rows() if row.end == "required")
"""Tags that need their ``{% end... %}`` (from the table of block tags: ``embed``, ``file``,
page links and OpenAPI blocks may omit theirs, ``include`` and integrations have none)."""
PLACEHOLDERS = (
    "rest unchanged",
    "rest of the page",
    "rest of the content",
    "rest of page",
    "(unchanged)",
    "[unchanged]",
    "unchanged content",
    "content unchanged",
    "remaining content",
    "existing content",
    "same as before",
    "[...]",
    "(...)",
    "[…]",
    "(…)",
)
"""Phrases an author uses for content left out; never text to write into a page."""


def marker_problems(markdown: str) -> list[str]:
    """What is wrong with the ``{% %}`` markers of GitBook markdown, read as the parser reads
    them: escaped markers (``\\{%``, which GitBook shows as text), a tag whose end is required
    that never closes, an end tag that closes nothing or another tag (an optional end closes its
    tag only as the next marker, within ``MAX_VOID_BODY_LINES`` lines), a ``{%`` without
    ``%}``. Empty when every marker is sound."""
    problems: list[str] = []
    if "\\{%" in markdown or "%\\}" in markdown:
        problems.append("an escaped {% %} marker (\\{%): it would show as text, not render")
    open_tags: list[tuple[str, int]] = []
    at = markdown.find("{%")
    while at != -1:
        end = markdown.find("%}", at + 2)
        if end == -1:
            problems.append("a {% marker without its %}")
            break
        words = markdown[at + 2 : end].split(None, 1)
        name = words[0] if words else ""
        if at == 0 or markdown[at - 1] != "\\":
            _track(markdown, at, name, open_tags, problems)
        at = markdown.find("{%", end + 2)
    problems += [
        f"{{% {name} %}} is never closed ({{% end{name} %}})"
        for name, _ in open_tags
        if name in PAIRED_TAGS
    ]
    return problems


def _track(
    markdown: str, at: int, name: str, open_tags: list[tuple[str, int]], problems: list[str]
) -> None:
    closing = name.startswith("end") and row_of(name[3:]) is not None
    if open_tags and open_tags[-1][0] not in PAIRED_TAGS:
        # A tag whose end is optional is closed by the next marker or stands alone.
        optional, opened = open_tags.pop()
        lines = markdown.count("\n", opened, at)
        if closing and name[3:] == optional and lines <= MAX_VOID_BODY_LINES:
            return
    if closing:
        if not open_tags or open_tags[-1][0] != name[3:]:
            inside = f"inside {{% {open_tags[-1][0]} %}}" if open_tags else "with nothing open"
            problems.append(f"{{% {name} %}} {inside}")
        else:
            open_tags.pop()
        return
    row = row_of(name)
    if row is not None and row.end != "none":
        open_tags.append((name, at))


def placeholder(text: str) -> str | None:
    """The placeholder ``text`` holds in place of content ("rest unchanged", a line of "..."),
    or None. Prose may use "..." inside a line; alone on a line it stands for something left out."""
    lowered = text.lower()
    for phrase in PLACEHOLDERS:
        if phrase in lowered:
            return phrase
    for line in lowered.splitlines() or [lowered]:
        bare = line.strip().strip("<>!-/#*` ")
        if bare in ("...", "…", "etc.", "etc..."):
            return line.strip()
    return None
