"""The changes of a content batch, checked before anything is written (pure functions).

Every problem is an `Invalid` naming the change's index and field (``changes[2].page``), so a
caller knows which change of the batch to fix. Markdown frontmatter (``title``,
``description``) and a leading ``# heading`` give a page's metadata, as Git Sync reads them.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from typing import Any

from gitbook_mcp.document.scan import heading as atx_heading
from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid, an_object, one_of
from gitbook_mcp.local.store.content.pagedoc import checked_tree

__all__ = ["MAX_CHANGES", "MAX_FILE_BYTES", "Change", "FileUpload", "parse_changes"]

MAX_CHANGES = 50
MAX_FILES = 20
MAX_FILE_BYTES = 1024 * 1024
OPERATIONS = ("update_page", "insert_page", "delete_page", "revert_page", "insert_files")
META_STRINGS = ("title", "slug", "emoji", "icon", "description", "condition")
META_FLAGS = ("hidden", "noIndex", "noRobotsIndex")
_FRONTMATTER = re.compile(r"\A---\n(.*?)\n---\n?", re.DOTALL)


@dataclass
class FileUpload:
    """One file of an ``insert_files`` change, decoded."""

    name: str
    content_type: str
    size: int
    ref: str | None


@dataclass
class Change:
    """One checked change; ``markdown`` and ``tree`` are None when the change sets no document
    (``tree``: a node tree sent as ``{document: {document}}``, checked and keyed)."""

    index: int
    operation: str
    page: str | None = None
    markdown: str | None = None
    tree: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    into: Any = ABSENT
    at: int | None = None
    ref: str | None = None
    revision: str | None = None
    files: list[FileUpload] = field(default_factory=list)

    def field(self, name: str) -> str:
        """The name of one of this change's fields in a 400."""
        return f"changes[{self.index}].{name}"


def _string(raw: dict[str, Any], name: str, where: str, *, required: bool = False) -> Any:
    value = raw.get(name, ABSENT)
    if value is ABSENT:
        if required:
            raise Invalid(f"{where}.{name}", "is required")
        return None
    if not isinstance(value, str):
        raise Invalid(f"{where}.{name}", "must be a string")
    return value


def _body(change: Change, raw: dict[str, Any], where: str) -> dict[str, Any]:
    """Set the change's markdown or node tree from its ``document``; the metadata the
    markdown's frontmatter gives."""
    document = raw.get("document", ABSENT)
    if document is ABSENT:
        return {}
    document = an_object(f"{where}.document", document)
    if "document" in document and "markdown" not in document:
        change.tree = checked_tree(document["document"], f"{where}.document.document")
        return {}
    change.markdown, meta = _markdown(document, where)
    return meta


def _markdown(document: dict[str, Any], where: str) -> tuple[str, dict[str, Any]]:
    """The page markdown of a change's ``{markdown}`` (frontmatter cut) and its metadata."""
    if "markdown" in document:
        text = _string(document, "markdown", f"{where}.document")
    elif not document:
        text = ""
    else:
        raise Invalid(f"{where}.document", "must have markdown or a JSON document")
    meta: dict[str, Any] = {}
    front = _FRONTMATTER.match(text)
    if front:
        for line in front.group(1).splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("title", "description") and value.strip():
                meta[key.strip()] = value.strip().strip("\"'")
        text = text[front.end() :]
    return text, meta


def _meta(raw: dict[str, Any], where: str) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    for name in META_STRINGS:
        value = _string(raw, name, where)
        if value is not None:
            meta[name] = value
    if meta.get("title") == "":
        raise Invalid(f"{where}.title", "must not be empty")
    if len(meta.get("slug", "")) > 100:
        raise Invalid(f"{where}.slug", "must be at most 100 characters")
    for name in META_FLAGS:
        if name in raw and not isinstance(raw[name], bool):
            raise Invalid(f"{where}.{name}", "must be a boolean")
        if name in raw:
            meta[name] = raw[name]
    return meta


def _position(raw: dict[str, Any], where: str) -> int | None:
    at = raw.get("at")
    if at is None:
        return None
    if isinstance(at, bool) or not isinstance(at, int) or at < 0:
        raise Invalid(f"{where}.at", "must be an integer of at least 0")
    return at


def _files(raw: dict[str, Any], where: str) -> list[FileUpload]:
    files = raw.get("files")
    if not isinstance(files, list) or not 1 <= len(files) <= MAX_FILES:
        raise Invalid(f"{where}.files", f"must be an array of 1 to {MAX_FILES} files")
    out = []
    for number, item in enumerate(files):
        at = f"{where}.files[{number}]"
        item = an_object(at, item)
        name = _string(item, "name", at, required=True)
        if not 1 <= len(name) <= 256:
            raise Invalid(f"{at}.name", "must be 1 to 256 characters")
        if ("url" in item) == ("base64" in item):
            raise Invalid(at, "must have exactly one of url and base64")
        if "url" in item:
            raise Invalid(f"{at}.url", "the local workspace fetches no URLs; send base64 instead")
        content_type = _string(item, "contentType", at, required=True)
        try:
            data = base64.b64decode(_string(item, "base64", at), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise Invalid(f"{at}.base64", "is not valid base64") from exc
        if len(data) > MAX_FILE_BYTES:
            raise Invalid(f"{at}.base64", "must decode to at most 1 MB")
        out.append(FileUpload(name, content_type, len(data), _string(item, "ref", at)))
    return out


def _one(raw: Any, index: int) -> Change:
    where = f"changes[{index}]"
    raw = an_object(where, raw)
    operation = one_of(f"{where}.operation", raw.get("operation"), OPERATIONS)
    change = Change(index, operation)
    if operation == "insert_files":
        change.files = _files(raw, where)
        return change
    change.page = _string(raw, "page", where, required=operation != "insert_page")
    if operation in ("update_page", "insert_page"):
        if operation == "insert_page" and "document" not in raw:
            raise Invalid(f"{where}.document", "is required")
        front = _body(change, raw, where)
        change.meta = {**_meta(raw, where), **front}
        change.at = _position(raw, where)
        change.into = raw.get("into", ABSENT)
        if (
            change.into is not ABSENT
            and change.into is not None
            and not isinstance(change.into, str)
        ):
            raise Invalid(f"{where}.into", "must be a page id or null")
    if operation == "insert_page":
        change.ref = _string(raw, "ref", where)
        first_line = (change.markdown or "").lstrip().partition("\n")[0]
        heading = atx_heading(first_line)
        if "title" not in change.meta and heading and heading[0] == 1:
            change.meta["title"] = heading[1]
    if operation == "revert_page":
        change.revision = _string(raw, "revision", where)
        if "block" in raw:
            raise Invalid(f"{where}.block", "the local workspace reverts whole pages only")
    return change


def parse_changes(raw: Any) -> list[Change]:
    """The checked changes of a batch: 1 to 50, refs unique within it."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CHANGES:
        raise Invalid("changes", f"must be an array of 1 to {MAX_CHANGES} changes")
    changes = [_one(item, index) for index, item in enumerate(raw)]
    seen: set[str] = set()
    for change in changes:
        refs = [(change.field("ref"), change.ref)] + [
            (change.field(f"files[{n}].ref"), f.ref) for n, f in enumerate(change.files)
        ]
        for where, ref in refs:
            if ref is None:
                continue
            if ref in seen:
                raise Invalid(where, f"the ref {ref!r} is used twice in the batch")
            seen.add(ref)
    return changes
