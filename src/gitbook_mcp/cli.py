"""Entry point placeholder; the full CLI (serve, local-api) lands with the server."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> None:
    del argv
    sys.stderr.write("gitbook-mcp: not yet wired\n")
