"""Constrained string types shared by request bodies: URLs, icons, conditions, emoji.

Each carries the contract's limits, so a value the API would refuse fails before sending.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

__all__ = ["URL_PATTERN", "Condition", "Icon", "Id", "URLString"]

URL_PATTERN = r"^[A-Za-z][A-Za-z0-9+.\-]*:\S+$"
"""An absolute URI: a scheme, a colon, then no whitespace (``format: uri`` in the contract)."""

URLString = Annotated[str, Field(max_length=2048, pattern=URL_PATTERN)]
"""The contract's ``URL``: an absolute URI of at most 2048 characters."""

Icon = Annotated[str, Field(max_length=50)]
"""An icon name."""

Condition = Annotated[str, Field(min_length=1, max_length=1024)]
"""An expression deciding whether a site space or section is shown to a visitor."""

Id = Annotated[str, Field(min_length=1)]
"""The id of another object, as a body names it (never empty)."""
