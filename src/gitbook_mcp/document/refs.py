"""Content refs and their string forms (reference section 6.2): the API's stable forms
(``/pages/<id>``, ``/files/<id>``, ``/spaces/<s>/pages/<p>``, ``#anchor``…), app URLs and plain
URLs both ways. Relative ``.md`` paths need the page tree, so callers resolve them with a callback."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

__all__ = [
    "APP_HOSTS",
    "HrefWriter",
    "RefResolver",
    "href_to_ref",
    "is_external",
    "parse_stable",
    "ref_to_href",
    "stable_href",
]

ContentRef = dict[str, Any]
RefResolver = Callable[[str], "ContentRef | None"]
"""``href -> ref``: the caller's resolution of a string the stable forms do not cover (relative
``.md`` paths, slugs); ``None`` = unresolvable."""
HrefWriter = Callable[[Mapping[str, Any]], "str | None"]
"""``ref -> href``: the caller's string for a ref (e.g. a relative path); ``None`` = use the
stable form."""

APP_HOSTS = frozenset({"app.gitbook.com"})

_KINDS_BY_SEGMENT = {
    "pages": ("page", "page"),
    "files": ("file", "file"),
    "reusable-content": ("reusable-content", "reusableContent"),
    "tags": ("tag", "tag"),
}
_SPACELESS = {"users": ("user", "user"), "collections": ("collection", "collection")}


def _is_id(value: str) -> bool:
    """Stable ids are letters, digits, ``_`` and ``-`` (legacy ids may start with ``-``)."""
    return bool(value) and all(c.isalnum() or c in "_-" for c in value) and value.isascii()


def is_external(href: str) -> bool:
    """Whether ``href`` is an absolute URL with a scheme (``https:``, ``mailto:``…)."""
    scheme, colon, _ = href.partition(":")
    return (
        bool(colon)
        and scheme[:1].isalpha()
        and scheme.isascii()
        and all(c.isalnum() or c in "+.-" for c in scheme)
    )


def _split_anchor(href: str) -> tuple[str, str | None]:
    if "#" in href:
        head, anchor = href.split("#", 1)
        return head, anchor
    return href, None


def _with_anchor(ref: ContentRef, anchor: str | None) -> ContentRef:
    if anchor is None or ref.get("kind") != "page":
        return ref
    out: ContentRef = {"kind": "anchor", "anchor": anchor, "page": ref["page"]}
    if "space" in ref:
        out["space"] = ref["space"]
    return out


def parse_stable(href: str) -> ContentRef | None:
    """The ref of one of the API's stable string forms, or ``None`` when ``href`` is not one
    (``/pages/<id>[#a]``, ``/spaces/<s>[/pages|files|reusable-content|tags/<id>]``, ``/files/<id>``,
    ``/users/<id>``, ``/collections/<id>``, ``/reusable-content/<id>``, ``/tags/<slug>``,
    ``/openapi/<slug>``, ``#anchor``)."""
    if href.startswith("#"):
        return {"kind": "anchor", "anchor": href[1:]} if len(href) > 1 else None
    head, anchor = _split_anchor(href)
    parts = head.split("/")
    if len(parts) < 3 or parts[0] != "":
        return None
    parts = parts[1:]
    space: str | None = None
    if parts[0] == "spaces":
        if not _is_id(parts[1]):
            return None
        space = parts[1]
        if len(parts) == 2:
            return {"kind": "space", "space": space} if anchor is None else None
        parts = parts[2:]
    if len(parts) == 2 and parts[0] == "openapi" and space is None and parts[1]:
        return {"kind": "openapi", "spec": parts[1]} if anchor is None else None
    if len(parts) != 2 or not _is_id(parts[1]):
        return None
    segment, ident = parts
    if segment in _SPACELESS and space is None and anchor is None:
        kind, field = _SPACELESS[segment]
        return {"kind": kind, field: ident}
    if segment not in _KINDS_BY_SEGMENT or (anchor is not None and segment != "pages"):
        return None
    kind, field = _KINDS_BY_SEGMENT[segment]
    ref: ContentRef = {"kind": kind, field: ident}
    if space is not None:
        ref["space"] = space
    return _with_anchor(ref, anchor)


def _app_ref(href: str) -> ContentRef | None:
    """A space given by its app URL (``https://app.gitbook.com/[o/<org>/]s/<space>/``)."""
    parts = urlsplit(href)
    if parts.hostname not in APP_HOSTS or parts.query or parts.fragment:
        return None
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) == 4 and segments[0] == "o":
        segments = segments[2:]
    if len(segments) == 2 and segments[0] == "s" and _is_id(segments[1]):
        return {"kind": "space", "space": segments[1]}
    return None


def href_to_ref(href: str, resolve: RefResolver | None = None) -> ContentRef | None:
    """The ref a markdown link target stands for: stable forms and app space URLs first, then
    the caller's ``resolve`` (relative paths), then any absolute URL as ``{kind: url}``.
    ``None`` = unresolvable (the API leaves such a link as plain text)."""
    href = href.strip()
    if not href:
        return None
    stable = parse_stable(href)
    if stable is not None:
        return stable
    if is_external(href):
        return _app_ref(href) or {"kind": "url", "url": href}
    if resolve is not None:
        return resolve(href)
    return None


def stable_href(ref: Mapping[str, Any]) -> str | None:
    """The stable string form of a ref (``format.markdown.refs=stable``); ``None`` for a
    malformed ref."""
    kind = ref.get("kind")
    space = ref.get("space")
    prefix = f"/spaces/{space}" if isinstance(space, str) and space else ""
    simple = {
        "url": ref.get("url"),
        "page": f"{prefix}/pages/{ref.get('page')}" if ref.get("page") else None,
        "file": f"{prefix}/files/{ref.get('file')}" if ref.get("file") else None,
        "space": f"/spaces/{space}" if space else None,
        "user": f"/users/{ref.get('user')}" if ref.get("user") else None,
        "collection": f"/collections/{ref.get('collection')}" if ref.get("collection") else None,
        "tag": f"{prefix}/tags/{ref.get('tag')}" if ref.get("tag") else None,
        "openapi": f"/openapi/{ref.get('spec')}" if ref.get("spec") else None,
    }
    if kind == "reusable-content" and ref.get("reusableContent"):
        return f"{prefix}/reusable-content/{ref['reusableContent']}"
    if kind == "anchor" and isinstance(ref.get("anchor"), str):
        page = ref.get("page")
        return f"{prefix}/pages/{page}#{ref['anchor']}" if page else f"#{ref['anchor']}"
    value = simple.get(str(kind))
    return value if isinstance(value, str) else None


def ref_to_href(ref: Mapping[str, Any], write: HrefWriter | None = None) -> str:
    """The markdown link target of a ref: the caller's ``write`` when it answers, else the stable
    form, else ``broken-reference`` (GitBook's export of a ref it cannot write)."""
    if write is not None:
        written = write(ref)
        if written is not None:
            return written
    return stable_href(ref) or "broken-reference"
