"""Checks of what an edit would send: ``{% %}`` markers that are escaped or unbalanced in GitBook
markdown, and placeholder text standing for content left out. Linear scans, no regex."""

from __future__ import annotations

__all__ = ["PAIRED_TAGS", "PLACEHOLDERS", "marker_problems", "placeholder"]

PAIRED_TAGS = frozenset(
    {"hint", "tabs", "tab", "stepper", "step", "columns", "column", "updates", "update", "code"}
    | {"if", "content-ref", "swagger", "openapi"}
)
"""Tags that need their ``{% end... %}`` (``embed`` and ``file`` may omit theirs)."""
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
    """What is wrong with the ``{% %}`` markers of GitBook markdown: escaped markers (``\\{%``,
    which GitBook shows as text), a tag that never closes, an end tag that closes nothing or
    another tag, a ``{%`` without ``%}``. Empty when every marker is sound."""
    problems: list[str] = []
    if "\\{%" in markdown or "%\\}" in markdown:
        problems.append("an escaped {% %} marker (\\{%): it would show as text, not render")
    open_tags: list[str] = []
    at = markdown.find("{%")
    while at != -1:
        end = markdown.find("%}", at + 2)
        if end == -1:
            problems.append("a {% marker without its %}")
            break
        words = markdown[at + 2 : end].split(None, 1)
        name = words[0] if words else ""
        if at == 0 or markdown[at - 1] != "\\":
            _track(name, open_tags, problems)
        at = markdown.find("{%", end + 2)
    problems += [f"{{% {name} %}} is never closed ({{% end{name} %}})" for name in open_tags]
    return problems


def _track(name: str, open_tags: list[str], problems: list[str]) -> None:
    if name.startswith("end") and name[3:] in PAIRED_TAGS:
        if not open_tags or open_tags[-1] != name[3:]:
            inside = f"inside {{% {open_tags[-1]} %}}" if open_tags else "with nothing open"
            problems.append(f"{{% {name} %}} {inside}")
        else:
            open_tags.pop()
    elif name in PAIRED_TAGS:
        open_tags.append(name)


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
