"""Arguments as agents give them: one short line per invalid field, and ids that are not ids.

A refused argument is answered in one format: the field, what was wrong, an example of a
valid value. No pydantic wording (regexes, type names, documentation links) reaches the agent.
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterable, Mapping
from difflib import SequenceMatcher
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from gitbook_mcp.server.rendering import REF_MAX_CHARS, echo

__all__ = [
    "closest_tools",
    "describe_validation",
    "in_tool_terms",
    "misplaced_ids",
    "validate_arguments",
]

A = TypeVar("A", bound=BaseModel)
_LISTER = re.compile(r"\b((?:list|get)_\w+)")
_SIMPLE = {
    "missing": "missing (required)",
    "extra_forbidden": "not an argument of this tool",
    "string_pattern_mismatch": "has the wrong format",
    "string_type": "must be text",
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_parsing": "must be true or false",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be an object",
}


def describe_validation(error: ValidationError, model: type[BaseModel] | None = None) -> str:
    """One line per invalid field: the field by its whole path (``edits[0].op``), what was
    wrong, and an example of a valid value (from the model that holds the field, nested too)."""
    lines = []
    for item in error.errors(include_url=False):
        loc = tuple(item["loc"])
        holder, name = _holder(model, loc) if model is not None else (None, "")
        nested = sum(isinstance(part, str) for part in loc) > 1
        what = (
            "not a key of this object"
            if nested and item["type"] == "extra_forbidden"
            else _what(item)
        )
        example = _example(holder, name) if holder is not None and name else ""
        field = echo(_path(loc))  # an unknown key is the caller's text
        lines.append(f"- {field or 'arguments'}: {what}{f'; e.g. {example}' if example else ''}")
    return "Invalid arguments; fix these and call again:\n" + "\n".join(dict.fromkeys(lines))


def _path(loc: tuple[int | str, ...]) -> str:
    """``('edits', 0, 'op')`` as ``edits[0].op``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f"{'.' if out else ''}{part}"
    return out


def _holder(
    model: type[BaseModel], loc: tuple[int | str, ...]
) -> tuple[type[BaseModel] | None, str]:
    """The model whose field the last name of ``loc`` is (following lists and nested models),
    and that name; no model where the path leaves the models (a union pydantic names by its
    member, a mapping)."""
    names = [part for part in loc if isinstance(part, str)]
    holder: type[BaseModel] | None = model
    for name in names[:-1]:
        info = holder.model_fields.get(name) if holder is not None else None
        holder = _item_model(info.annotation) if info is not None else None
    return holder, names[-1] if names else ""


def _item_model(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds, alone or as the items of a list (``X | None`` unwrapped)."""
    annotation = _unwrap(annotation)
    if get_origin(annotation) is list:
        annotation = _unwrap(get_args(annotation)[0])
    return (
        annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
    )


def _what(item: Mapping[str, Any]) -> str:
    """What was wrong with one value, in plain words."""
    kind, ctx = item["type"], item.get("ctx") or {}
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind in ("literal_error", "enum"):
        return f"must be one of {ctx.get('expected', '')}"
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        return "must not be empty" if least == 1 else f"needs at least {least} characters"
    if kind == "string_too_long":
        return f"is too long (at most {ctx.get('max_length')} characters)"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
        return f"must be {'at least' if kind.startswith('greater') else 'at most'} {bound}"
    message = str(item["msg"])
    return message.removeprefix("Value error, ").removeprefix("Assertion failed, ")


def _example(model: type[BaseModel], field: str) -> str:
    """A valid value of ``field``, written as the agent would pass it."""
    info = model.model_fields.get(field)
    if info is None:
        return f"one of {', '.join(model.model_fields)}"
    annotation = _unwrap(info.annotation)
    if get_origin(annotation) is Literal:
        choices = get_args(annotation)
        # An example is copied: for a role, the least power (never 'admin', listed first).
        safe = "read" if field.endswith("role") and "read" in choices else choices[0]
        return f"{field}={safe!r}"
    if annotation is bool:
        return f"{field}=true"
    if annotation is int:
        default = info.default if isinstance(info.default, int) else 1
        return f"{field}={default}"
    if get_origin(annotation) is list:
        item = _item_model(annotation)
        if item is not None:
            return f"{field}=[{{...}}], each with {', '.join(item.model_fields)}"
        return f'{field}=["..."]'
    lister = _LISTER.search(info.description or "")
    if lister:
        return f"{field}=<an id from {lister.group(1)}>"
    if info.examples:
        return f"{field}={info.examples[0]!r}"
    return _text_example(field) if annotation is str else ""


_TEXT_EXAMPLES = {
    "path": "'getting-started/install'",
    "url": "'https://example.com/page'",
    "markdown": "'# Title\\n\\nText.'",
    "cursor": "<the cursor of the previous answer>",
}
"""Example values of text arguments by name (a description is no value to copy)."""


def _text_example(field: str) -> str:
    """A placeholder for a text argument: by its name, else any text."""
    for name, example in _TEXT_EXAMPLES.items():
        if field == name or field.endswith(f"_{name}"):
            return f"{field}={example}"
    if field.endswith("_id"):
        return f"{field}=<the id>"
    return f"{field}='some text'"


def _unwrap(annotation: Any) -> Any:
    """``X`` for ``X | None``."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [a for a in get_args(annotation) if a is not type(None)]
        return rest[0] if len(rest) == 1 else annotation
    return annotation


def misplaced_ids(model: type[BaseModel], arguments: dict[str, Any]) -> str | None:
    """A refusal when a path or URL is given where an id is expected, saying what to give."""
    for name, value in arguments.items():
        if not _object_id(model, name) or not isinstance(value, str) or "/" not in value:
            continue
        url = "://" in value
        if "path" in model.model_fields and name == "page_id":
            instead = (
                "pass the page's path (the part after the site's address) as path="
                if url
                else f"pass it as path={echo(value, max_chars=REF_MAX_CHARS)!r} instead"
            )
        else:
            instead = f"give the id{_lister_of(model, name)}"
        shown = echo(value, max_chars=REF_MAX_CHARS)
        return f"{name}={shown!r} is {'a URL' if url else 'a path'}, not an id: {instead}."
    return None


_OBJECT_IDS = frozenset(("organization_id", "space_id", "collection_id", "site_id", "page_id"))


def _object_id(model: type[BaseModel], name: str) -> bool:
    """Whether ``name`` holds the id of an API object (not, say, a SAML entity id, a URL)."""
    info = model.model_fields.get(name)
    listed = info is not None and _LISTER.search(info.description or "") is not None
    # A change request may be given by its app URL: resolve_change_request reads its number.
    return name.endswith("_id") and name != "change_request_id" and (name in _OBJECT_IDS or listed)


def _lister_of(model: type[BaseModel], name: str) -> str:
    info = model.model_fields.get(name)
    found = _LISTER.search(info.description or "") if info is not None else None
    return f" (listed by {found.group(1)})" if found else ""


def validate_arguments(model: type[A], arguments: dict[str, Any]) -> A | str:
    """The call's arguments as ``model`` (the one validation of a call), or why they cannot be
    taken, in the agent's terms (never pydantic's wording)."""
    if (why := misplaced_ids(model, arguments)) is not None:
        return why
    try:
        return model.model_validate(arguments)
    except ValidationError as exc:
        return describe_validation(exc, model)


_API_NAMES = {"page": "cursor"}
"""The API's names that the tools spell otherwise (beyond camelCase for snake_case)."""
_LEADING_NAME = re.compile(r"^([A-Za-z]\w*)(?=[:.\[])")
_QUOTED_NAME = re.compile(r"(['\"`])([A-Za-z]\w*)\1")


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def in_tool_terms(message: str, arguments: Iterable[str]) -> str:
    """The API's message with the parameters it names (the field leading the message, or one in
    quotes) spelt as the tool's arguments (``page`` -> ``cursor``, ``spaceId`` -> ``space_id``),
    so that "fix the argument it names" names one the agent can give."""
    names = set(arguments)
    table = {_camel(n): n for n in names}
    table |= {api: ours for api, ours in _API_NAMES.items() if ours in names}

    def leading(match: re.Match[str]) -> str:
        return table.get(match.group(1), match.group(1))

    def quoted(match: re.Match[str]) -> str:
        mark, name = match.group(1), match.group(2)
        return f"{mark}{table.get(name, name)}{mark}"

    return _QUOTED_NAME.sub(quoted, _LEADING_NAME.sub(leading, message, count=1))


_WORD = re.compile(r"[a-z]+")
_NAME_MAX_CHARS = 128
"""The longest tool name MCP allows; no likeness is sought for a longer one."""
LIKE_ENOUGH = 0.75
"""A tool whose name is at least this like the unknown one (difflib's ratio) is proposed."""
SHARED_ENOUGH = 0.6
"""So is a tool whose name and description hold at least this share of the name's words."""


def closest_tools(name: str, described: Mapping[str, str], most: int = 3) -> list[str]:
    """The tools an unknown ``name`` most likely meant (``update_from_main``:
    ``update_change_request``, whose description speaks of the main content): by the name's
    likeness, or by the share of its words found in a tool's name and description, one of them
    in the name."""
    if len(name) > _NAME_MAX_CHARS:  # no tool is named so; a likeness would cost its length
        return []
    words = set(_WORD.findall(name.lower()))
    scored = []
    for tool, description in described.items():
        named = set(tool.split("_"))
        vocabulary = named | set(_WORD.findall(description.lower()))
        # Words shared with the description count only beside one shared with the name.
        shared = len(words & vocabulary) / len(words) if words & named else 0.0
        likeness = SequenceMatcher(None, name.lower(), tool).ratio()
        score = max(likeness if likeness >= LIKE_ENOUGH else 0.0, shared)
        if score >= SHARED_ENOUGH:
            scored.append((-score, tool))
    return [tool for _, tool in sorted(scored)[:most]]
