"""What a client method takes, read from its own signature: its path ids (positional) and its
keyword options, written out or declared as ``**options: Unpack[SomeTypedDict]``."""

from __future__ import annotations

import inspect
from types import SimpleNamespace
from typing import Any, Unpack, get_args, get_origin, get_type_hints

from gitbook_mcp.client.models._base import required_keys

__all__ = ["id_parameters", "keyword_options", "unpacked"]


def id_parameters(method: Any) -> list[str]:
    """The positional parameters of a bound method: its path ids, in order."""
    params = inspect.signature(method).parameters.values()
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def unpacked(method: Any) -> type | None:
    """The TypedDict of a method's ``**options: Unpack[...]``, if it declares one."""
    fn = inspect.unwrap(method)
    for param in inspect.signature(fn).parameters.values():
        if param.kind is param.VAR_KEYWORD:
            # Only this annotation is resolved: the others may name TYPE_CHECKING imports.
            probe = SimpleNamespace(__annotations__={param.name: param.annotation})
            hint = get_type_hints(probe, globalns=fn.__globals__)[param.name]
            if get_origin(hint) is Unpack:
                return get_args(hint)[0]  # type: ignore[no-any-return]
    return None


def keyword_options(method: Any) -> dict[str, bool]:
    """Every keyword option of a method, with whether it is required."""
    options: dict[str, bool] = {}
    for p in inspect.signature(method).parameters.values():
        if p.kind is p.KEYWORD_ONLY:
            options[p.name] = p.default is inspect.Parameter.empty
    shape = unpacked(method)
    if shape is not None:
        required = required_keys(shape)
        options.update({key: key in required for key in get_type_hints(shape)})
    return options
