"""Which links of a GitBook Git Sync folder are broken, computed from its files and GitBook's rules.

An oracle for the link checker, written from `reference/gitbook-markdown.md` (§6.2 string forms,
§8.1 Git Sync paths, §9 anchors, §10 files, §3 blocks) and `.gitbook.yaml`/`SUMMARY.md`, never
from the checker's code: a verdict here is what GitBook would make of the link, so that the
checker can be measured against it on real repositories nobody here wrote.

Verdicts: `ok`; `broken` (certainly: missing page, folder README, asset, or an anchor matching no
heading, custom id, tab title or summary of the target); `unsure` (the rules are not known well
enough to say: e.g. an anchor matching a heading only once punctuation is ignored, or a
duplicate heading's suffix); `external`/`skipped` (not the link checker's business here).
"""

# Over 400 lines: the oracle is one reading of GitBook's rules (links, anchors, paths), kept in
# one module so that it can be reviewed against the reference in one sitting.

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Literal
from urllib.parse import unquote

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token

__all__ = [
    "Link",
    "Space",
    "Verdict",
    "check_space",
    "links_of",
    "load_space",
    "near_slugs",
    "page_anchors",
    "plain_slug",
]

Status = Literal["ok", "broken", "unsure", "external", "skipped"]

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
# One Liquid tag, as GitBook writes them: `{% name attr="value" ... %}` on one line.
_LIQUID = re.compile(r"\{%\s*([A-Za-z@][\w@/-]*)([^%\n]*)%\}")
_ATTR = re.compile(r'([\w-]+)="([^"\n]*)"')
_INCLUDE = re.compile(r'^\s*"([^"\n]*)"')
# Blocks whose inner markdown link is display only: their tag attribute is authoritative (§7.3).
_DISPLAY_ONLY = (
    "content-ref",
    "openapi",
    "openapi-operation",
    "openapi-schemas",
    "openapi-webhook",
    "swagger",
)


@dataclass(frozen=True)
class Space:
    """A Git Sync folder: where its content root is, its pages and its files."""

    root: Path
    readme: str
    summary: str
    pages: frozenset[str]
    redirects: dict[str, str] = field(default_factory=dict)

    def exists(self, path: str) -> bool:
        return (self.root / path).is_file()

    def is_dir(self, path: str) -> bool:
        return path in ("", ".") or (self.root / path).is_dir()


@dataclass(frozen=True)
class Link:
    """One link as written in a page: the page file (relative to the root), line and target."""

    source: str
    line: int
    form: str
    target: str


@dataclass(frozen=True)
class Verdict:
    link: Link
    status: Status
    reason: str
    page: str | None = None
    asset: str | None = None
    anchor: str | None = None


def load_space(folder: Path) -> Space:
    """Read `.gitbook.yaml` (root, structure, redirects) and `SUMMARY.md` (the pages)."""
    config: dict[str, object] = {}
    config_file = folder / ".gitbook.yaml"
    if config_file.is_file():
        loaded = yaml.safe_load(config_file.read_text(encoding="utf-8"))
        config = loaded if isinstance(loaded, dict) else {}
    root = (folder / str(config.get("root") or ".")).resolve()
    structure = config.get("structure")
    structure = structure if isinstance(structure, dict) else {}
    readme = str(structure.get("readme") or "README.md")
    summary = str(structure.get("summary") or "SUMMARY.md")
    raw_redirects = config.get("redirects")
    redirects = (
        {str(k): str(v) for k, v in raw_redirects.items()}
        if isinstance(raw_redirects, dict)
        else {}
    )
    summary_file = root / summary
    pages: set[str] = {readme} if (root / readme).is_file() else set()
    if summary_file.is_file():
        for link in links_of(summary_file.read_text(encoding="utf-8"), summary):
            path = _path_part(link.target)
            if path and not _SCHEME.match(path) and path.endswith(".md"):
                pages.add(posixpath.normpath(unquote(path)))
    else:
        pages |= {
            p.relative_to(root).as_posix() for p in root.rglob("*.md") if ".gitbook" not in p.parts
        }
    return Space(
        root=root, readme=readme, summary=summary, pages=frozenset(pages), redirects=redirects
    )


# -- anchors -------------------------------------------------------------------------------


def plain_slug(text: str) -> str:
    """GitBook's heading id from its text (§9): lower case, spaces to `-`, letters, digits, `-`,
    `_` and `.` kept, everything else dropped, `id-` before a leading digit; capitals never
    spelled out."""
    out = []
    for char in text.strip().lower():
        if char.isspace():
            out.append("-")
        elif char.isalnum() or char in "-_.":
            out.append(char)
    slug = "".join(out)
    return "id-" + slug if slug[:1].isdigit() else slug


# Characters whose treatment §9 shows: kept (`-`, `_`, `.`) or dropped (`'`, `(`, `)`, `?`, `:`).
_KNOWN = frozenset("-_.'()?:")


def near_slugs(text: str) -> frozenset[str]:
    """What the id of a heading could be under the parts of GitBook's rule nobody has shown:
    runs of `-` collapsed or not, `-`/`.` trimmed at the ends or not, other punctuation dropped
    or turned into `-`. A link matching one of these but not the plain slug is `unsure`."""
    dashed = "".join(c if c.isalnum() or c.isspace() or c in _KNOWN else " " for c in text)
    found: set[str] = set()
    for slug in (plain_slug(text), plain_slug(dashed)):
        for form in (slug, re.sub(r"-{2,}", "-", slug)):
            found |= {form, form.strip("-."), form.rstrip("-.")}
    return frozenset(found)


@dataclass(frozen=True)
class Anchors:
    ids: frozenset[str]
    near: frozenset[str]
    duplicates: frozenset[str]


def page_anchors(markdown: str) -> Anchors:
    """The anchor ids of a page: headings (custom id when one is written in the heading, else
    the plain slug), tab titles and expandable summaries."""
    ids: list[str] = []
    near: set[str] = set()

    def add(text: str, custom: str | None = None) -> None:
        ids.append(custom if custom is not None else plain_slug(text))
        near.update(near_slugs(text))

    tokens = _parser().parse(_without_frontmatter(markdown))
    title_seen = False
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            if token.tag == "h1" and not title_seen:
                title_seen = True
                continue
            inline = tokens[index + 1]
            custom = _html_ids(inline)
            add(_inline_text(inline), custom[-1] if custom else None)
        if token.type == "inline":
            for name, attrs in _liquid_tags(token.content):
                if name == "tab" and "title" in attrs:
                    add(attrs["title"])
            html = "".join(c.content for c in token.children or [] if c.type == "html_inline")
        elif token.type == "html_block":
            html = token.content
        else:
            continue
        for summary in _Html.read(html).summaries:
            add(summary)
    counts: dict[str, int] = {}
    for anchor in ids:
        counts[anchor] = counts.get(anchor, 0) + 1
    duplicates = frozenset(a for a, n in counts.items() if n > 1)
    return Anchors(frozenset(ids), frozenset(near), duplicates)


def _html_ids(inline: Token) -> list[str]:
    found: list[str] = []
    for child in inline.children or []:
        if child.type == "html_inline":
            found.extend(_Html.read(child.content).ids)
    return found


def _inline_text(inline: Token) -> str:
    parts: list[str] = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "html_inline":
            parts.append(_Html.read(child.content).text)
    return "".join(parts)


# -- links ---------------------------------------------------------------------------------


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table").enable("strikethrough")


def _without_frontmatter(markdown: str) -> str:
    """Blank the YAML frontmatter (keeping its lines, so that line numbers stay right)."""
    lines = markdown.split("\n")
    if lines and lines[0].strip() == "---":
        for end in range(1, len(lines)):
            if lines[end].strip() == "---":
                return "\n" * end + "\n" + "\n".join(lines[end + 1 :])
    return markdown


def _liquid_tags(text: str) -> list[tuple[str, dict[str, str]]]:
    tags = []
    for match in _LIQUID.finditer(text):
        name, rest = match.group(1), match.group(2)
        attrs = dict(_ATTR.findall(rest))
        included = _INCLUDE.match(rest)
        if name == "include" and included:
            attrs["src"] = included.group(1)
        tags.append((name, attrs))
    return tags


def links_of(markdown: str, source: str) -> list[Link]:
    """Every link of a page, in order: markdown links and images, HTML `href`/`src`/`srcset`,
    and the link attributes of GitBook's tags (`content-ref url`, `file src`, `embed url`,
    `include`, `openapi src`). Code (fenced, indented, inline) is not read."""
    found: list[Link] = []
    display_only = False
    for token in _parser().parse(_without_frontmatter(markdown)):
        line = (token.map[0] + 1) if token.map else 0
        if token.type == "html_block":
            for attr, value in _Html.read(token.content).links:
                found.append(Link(source, line, f"html-{attr}", value))
            continue
        if token.type != "inline":
            continue
        for name, attrs in _liquid_tags(token.content):
            if name.startswith("end") and name[3:] in _DISPLAY_ONLY:
                display_only = False
            elif name in _DISPLAY_ONLY:
                display_only = True
            for attr in ("url", "src"):
                if attr in attrs and name in (
                    "content-ref",
                    "file",
                    "embed",
                    "include",
                    "openapi",
                    "swagger",
                ):
                    found.append(Link(source, line, f"{name}-{attr}", attrs[attr]))
        closes_here = any(
            n.startswith("end") and n[3:] in _DISPLAY_ONLY for n, _ in _liquid_tags(token.content)
        )
        skip_inner = display_only or closes_here
        for child in token.children or []:
            if child.type == "link_open" and not skip_inner:
                found.append(Link(source, line, "markdown", str(child.attrs.get("href", ""))))
            elif child.type == "image":
                found.append(Link(source, line, "image", str(child.attrs.get("src", ""))))
            elif child.type == "html_inline":
                for attr, value in _Html.read(child.content).links:
                    found.append(Link(source, line, f"html-{attr}", value))
    return found


class _Html(HTMLParser):
    """The links, ids, summaries and text of a piece of HTML."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self.ids: list[str] = []
        self.summaries: list[str] = []
        self.text_parts: list[str] = []
        self._summary: list[str] | None = None

    @classmethod
    def read(cls, html: str) -> _Html:
        parser = cls()
        parser.feed(html)
        parser.close()
        return parser

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "a" and "href" in values:
            self.links.append(("href", values["href"]))
        if tag == "img" and "src" in values:
            self.links.append(("src", values["src"]))
        if tag == "source" and "srcset" in values:
            self.links.append(("srcset", values["srcset"]))
        if "id" in values and tag == "a":
            self.ids.append(values["id"])
        if tag == "summary":
            self._summary = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary" and self._summary is not None:
            self.summaries.append("".join(self._summary))
            self._summary = None

    def handle_data(self, data: str) -> None:
        self.text_parts.append(data)
        if self._summary is not None:
            self._summary.append(data)


# -- resolution ----------------------------------------------------------------------------


def _path_part(target: str) -> str:
    return target.split("#", 1)[0]


def resolve(space: Space, link: Link, anchors: dict[str, Anchors]) -> Verdict:
    """What GitBook makes of one link (§6.2, §7.3, §8.1, §9, §10)."""
    target = link.target.strip()
    if not target:
        return Verdict(link, "skipped", "empty target")
    if target.startswith("//") or _SCHEME.match(target):
        return Verdict(link, "external", "a URL")
    if target == "broken-reference" or target.startswith(("/broken/", "broken://")):
        return Verdict(link, "broken", "exported by GitBook as broken")
    if target.startswith("#user-content-fn-"):
        return Verdict(link, "skipped", "annotation plumbing")
    if target.startswith("/"):
        return Verdict(link, "unsure", "an absolute path: not a Git Sync relative link")
    raw_path, _, raw_anchor = target.partition("#")
    raw_path = raw_path.split("?", 1)[0]
    path = unquote(raw_path)
    anchor = unquote(raw_anchor) if raw_anchor else None
    if not path:
        page = link.source
    else:
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(link.source), path))
        if joined == ".." or joined.startswith("../"):
            return _above_root(space, link, joined, raw_anchor, anchors)
        if path.endswith("/") or (not joined.endswith(".md") and space.is_dir(joined)):
            page = posixpath.normpath(posixpath.join(joined, "README.md"))
            if page not in space.pages:
                return Verdict(
                    link, "broken", "a folder with no README page", page=page, anchor=anchor
                )
        elif joined.endswith(".md"):
            page = joined
            if page not in space.pages:
                why = "a file not listed in SUMMARY.md" if space.exists(page) else "no such page"
                return Verdict(link, "broken", why, page=page, anchor=anchor)
        elif space.exists(joined):
            return Verdict(link, "ok", "an existing file", asset=joined)
        else:
            return Verdict(link, "broken", "no such file", asset=joined)
    if anchor is None:
        return Verdict(link, "ok", "an existing page", page=page)
    return _check_anchor(link, page, anchor, _anchors_of(space, page, anchors))


def _above_root(
    space: Space, link: Link, joined: str, anchor: str, anchors: dict[str, Anchors]
) -> Verdict:
    """A path that climbs above the root: broken as a file path, yet a URL resolver stops at the
    root (``/a/../../b`` is ``/b``). Whether GitBook does is not known: unsure when the path
    resolves so, broken when nothing is there either."""
    while joined == ".." or joined.startswith("../"):
        joined = joined[3:] if joined.startswith("../") else ""
    clamped = Link(
        space.readme, link.line, link.form, (joined or ".") + (f"#{anchor}" if anchor else "")
    )
    if joined and not joined.endswith(".md") and not space.is_dir(joined):
        clamped = Link(space.readme, link.line, link.form, joined)
    found = resolve(space, clamped, anchors)
    if found.status == "ok":
        return Verdict(
            link, "unsure", "climbs above the root: resolves only if GitBook stops there"
        )
    return Verdict(link, "broken", "climbs above the root, and nothing is there either")


def _check_anchor(link: Link, page: str, anchor: str, found: Anchors) -> Verdict:
    if anchor in found.ids:
        return Verdict(link, "ok", "a heading, custom id, tab or summary", page=page, anchor=anchor)
    base = re.sub(r"-\d+$", "", anchor)
    if base != anchor and base in found.duplicates:
        return Verdict(
            link, "unsure", "a duplicate heading's suffix (rule unknown)", page=page, anchor=anchor
        )
    if anchor in found.near:
        return Verdict(
            link,
            "unsure",
            "a heading's id under an unknown part of the rule",
            page=page,
            anchor=anchor,
        )
    return Verdict(
        link,
        "broken",
        "no heading, custom id, tab or summary has this id",
        page=page,
        anchor=anchor,
    )


def _anchors_of(space: Space, page: str, cache: dict[str, Anchors]) -> Anchors:
    if page not in cache:
        cache[page] = page_anchors((space.root / page).read_text(encoding="utf-8"))
    return cache[page]


def check_space(space: Space) -> list[Verdict]:
    """A verdict for every link of every page of the space."""
    cache: dict[str, Anchors] = {}
    verdicts: list[Verdict] = []
    for page in sorted(space.pages):
        markdown = (space.root / page).read_text(encoding="utf-8")
        verdicts.extend(resolve(space, link, cache) for link in links_of(markdown, page))
    return verdicts
