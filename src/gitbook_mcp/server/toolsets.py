"""The toolsets, each declared once, and the one builder that applies selection and read-only.

A `Toolset` is an id, a description and whether it is on by default; its tools live in
``gitbook_mcp.server.tools.<id>`` and register themselves there. Selection takes toolset names
(``default``, ``all``, or names), extra tools by name, excluded tools by name, and read-only
mode, which wins over everything. Permission gating happens later, per token.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gitbook_mcp.api import Profile, operations
from gitbook_mcp.server.tooling import ToolDef, Toolset

__all__ = [
    "ALL_TOOLSETS",
    "BULK_REDIRECTS",
    "CHANGE_REQUESTS",
    "COLLECTIONS",
    "COMMENTS",
    "CONTENT",
    "DEFAULT_TOOLSETS",
    "FIXES",
    "LINKS",
    "NAVIGATE",
    "ORG_ADMIN",
    "REDIRECTS",
    "REVIEW",
    "SEARCH",
    "SITES_ADMIN",
    "SITE_SPACES",
    "SPACES",
    "TOOLSETS",
    "Selection",
    "SelectionError",
    "all_tools",
    "build_tool_list",
    "check_selection",
    "expand_toolsets",
]

NAVIGATE = Toolset("navigate", "Find the ids every other tool takes.", default=True)
SEARCH = Toolset("search", "Full-text search over an organization's content.", default=True)
COMMENTS = Toolset("comments", "Triage the comments of a space or change request.", default=True)
CONTENT = Toolset("content", "Pages as markdown, files and backlinks.", default=True)
LINKS = Toolset("links", "Broken links of a space, change request or page.", default=True)
REDIRECTS = Toolset("redirects", "A site's redirects.", default=True)
SITE_SPACES = Toolset("site_spaces", "The spaces a docs site publishes.", default=True)
SITES_ADMIN = Toolset(
    "sites_admin", "A site's details, sections, section groups and MCP servers.", default=False
)
SPACES = Toolset("spaces", "A space's lifecycle, revisions, imports and access.", default=False)
COLLECTIONS = Toolset("collections", "Collections of spaces and their access.", default=False)
ORG_ADMIN = Toolset(
    "org_admin",
    "An organization's settings, members, invites, teams, SSO, fonts and OpenAPI specs.",
    default=False,
)
CHANGE_REQUESTS = Toolset(
    "change_requests",
    "Open change requests, edit their pages atomically and read what they changed.",
    default=True,
)
REVIEW = Toolset(
    "review",
    "Request reviewers, review, bring a change request up to date and merge it.",
    default=True,
)
BULK_REDIRECTS = Toolset(
    "bulk_redirects",
    "Delete many of a site's redirects in one confirmed step.",
    default=False,
)
FIXES = Toolset(
    "fixes",
    "Plan fixes of broken links and write them in a change request.",
    default=True,
)
TOOLSETS: tuple[Toolset, ...] = (
    NAVIGATE,
    SEARCH,
    COMMENTS,
    CONTENT,
    LINKS,
    REDIRECTS,
    SITE_SPACES,
    SITES_ADMIN,
    SPACES,
    COLLECTIONS,
    ORG_ADMIN,
    CHANGE_REQUESTS,
    REVIEW,
    BULK_REDIRECTS,
    FIXES,
)
"""Every toolset, in the order of ``tools/list`` and of the README."""
DEFAULT_TOOLSETS: tuple[str, ...] = tuple(t.id for t in TOOLSETS if t.default)
ALL_TOOLSETS: tuple[str, ...] = tuple(t.id for t in TOOLSETS)


class SelectionError(ValueError):
    """An unknown toolset or tool name; the message lists the valid ones."""


@dataclass(frozen=True)
class Selection:
    toolsets: tuple[str, ...] = ("default",)
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    read_only: bool = False
    extra: tuple[str, ...] = field(default=())
    profile: Profile | None = "live"
    """The API profile: tools (and methods) it lacks the operations of are left out (None: all)."""


def all_tools() -> list[ToolDef]:
    """Every tool of every toolset, in toolset order."""
    return [tool for toolset in TOOLSETS for tool in toolset.tools()]


def _expand(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        if name == "default":
            out.extend(DEFAULT_TOOLSETS)
        elif name == "all":
            out.extend(ALL_TOOLSETS)
        elif name in ALL_TOOLSETS:
            out.append(name)
        else:
            valid = ", ".join(("default", "all", *ALL_TOOLSETS))
            raise SelectionError(f"unknown toolset {name!r}; valid toolsets: {valid}")
    return list(dict.fromkeys(out))


def expand_toolsets(names: Iterable[str]) -> list[str]:
    """The toolset ids that names (``default``, ``all`` or ids) stand for, in order."""
    return _expand(names)


def build_tool_list(selection: Selection, tools: list[ToolDef] | None = None) -> list[ToolDef]:
    """Apply toolsets, then extra tools, then exclusions, then read-only mode, then the profile."""
    every = tools if tools is not None else all_tools()
    by_name = {t.name: t for t in every}
    for name in (*selection.include, *selection.exclude):
        if name not in by_name:
            raise SelectionError(
                f"unknown tool {name!r}; valid tools: {', '.join(sorted(by_name))}"
            )
    chosen = set(_expand(selection.toolsets))
    names = [t.name for t in every if t.toolset in chosen]
    names += [n for n in selection.include if n not in names]
    excluded = set(selection.exclude)
    picked = [by_name[n] for n in names if n not in excluded]
    if selection.read_only:
        picked = [t for t in picked if t.read_only]
    if selection.profile is None:
        return picked
    from gitbook_mcp.server.calls.offer import for_profile

    available = operations(selection.profile)
    return [offered for t in picked if (offered := for_profile(t, available)) is not None]


def check_selection(selection: Selection) -> None:
    """Fail at start on unknown names, importing the tool modules only when tools are named."""
    _expand(selection.toolsets)
    if selection.include or selection.exclude:
        build_tool_list(selection)
