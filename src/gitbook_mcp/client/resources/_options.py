"""A method's keyword options: written out, or declared once as ``**options: Unpack[TypedDict]``.

The TypedDict form states each option once, for the type checker, for the method's signature
(spelled out here, one keyword option per key) and, for a write, for the request body, whose
model `body_model` derives from it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from types import SimpleNamespace
from typing import Any, Unpack, cast, get_args, get_origin, get_type_hints

from gitbook_mcp.client._types import NOT_GIVEN
from gitbook_mcp.client.models._base import RequestModel, body_model, required_keys, wire_name
from gitbook_mcp.client.paths import argument_name, placeholders

__all__ = ["OperationOptions"]


class OperationOptions:
    """The keyword options of an operation method, and the request body they fill, if any."""

    def __init__(
        self,
        fn: Callable[..., Any],
        *,
        path: str | None = None,
        body: type[RequestModel] | None = None,
        sends_body: bool = False,
    ) -> None:
        shape = _unpacked(fn)
        self.signature = _spelled_out(fn, shape)
        params = list(self.signature.parameters.values())
        self.ids = _ids_by_name(fn, path, params) if path is not None else {}
        self.names = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
        self.body = body
        if body is None and shape is not None and sends_body:
            self.body = body_model(shape)
            self.fields = {name: name for name in self.body.model_fields}
        else:
            self.fields = _body_fields(self.names, body)

    def bind(self, *args: Any, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The path ids, by placeholder name, and every keyword option (defaults filled) of a
        call ``(self, ...)``: ``{siteId}`` is the argument ``site_id``, wherever it stands."""
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given = bound.arguments
        ids = {placeholder: given[name] for placeholder, name in self.ids.items()}
        return ids, {name: given[name] for name in self.names}

    def body_of(self, given: Mapping[str, Any]) -> RequestModel | None:
        """The request body the options fill, checked before anything is sent."""
        if self.body is None:
            return None
        return self.body.model_validate({self.fields[name]: given[name] for name in self.fields})


def _ids_by_name(
    fn: Callable[..., Any], path: str, params: list[inspect.Parameter]
) -> dict[str, str]:
    """Placeholder -> the argument of its name (``siteId`` -> ``site_id``); a placeholder
    without one, or a positional argument no placeholder names, is refused at definition."""
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD][1:]
    ids = {placeholder: argument_name(placeholder) for placeholder in placeholders(path)}
    if sorted(ids.values()) != sorted(positional):
        raise TypeError(
            f"{fn.__qualname__} takes {positional}; {path} needs the ids {list(ids.values())}"
        )
    return ids


def _body_fields(options: list[str], body: type[RequestModel] | None) -> dict[str, str]:
    """Keyword option -> body field, for the options whose camelCase name is, ignoring case, a
    field of ``body`` (``sso_url`` -> ``ssoURL``)."""
    if body is None:
        return {}
    by_key = {field.lower(): field for field in body.model_fields}
    fields = {
        name: by_key[wire_name(name).lower()]
        for name in options
        if wire_name(name).lower() in by_key
    }
    if not fields:
        raise TypeError(f"no option of the method names a field of {body.__name__}")
    return fields


def _unpacked(fn: Callable[..., Any]) -> type | None:
    """The TypedDict of ``fn``'s ``**options: Unpack[TypedDict]`` parameter, if it has one."""
    for param in inspect.signature(fn).parameters.values():
        if param.kind is param.VAR_KEYWORD:
            # Only this annotation is resolved: the others may name TYPE_CHECKING imports.
            probe = SimpleNamespace(__annotations__={param.name: param.annotation})
            hint = get_type_hints(probe, globalns=fn.__globals__)[param.name]
            if get_origin(hint) is Unpack:
                return cast("type", get_args(hint)[0])
    return None


def _spelled_out(fn: Callable[..., Any], shape: type | None) -> inspect.Signature:
    """``fn``'s signature, with ``**options: Unpack[shape]`` spelled out as one keyword option
    per key: required keys without a default, the others defaulting to ``NOT_GIVEN``."""
    signature = inspect.signature(fn)
    if shape is None:
        return signature
    required = required_keys(shape)
    keyword = inspect.Parameter.KEYWORD_ONLY
    options = [
        inspect.Parameter(
            key, keyword, default=inspect.Parameter.empty if key in required else NOT_GIVEN
        )
        for key in get_type_hints(shape)
    ]
    kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    return signature.replace(parameters=[*kept, *options])
