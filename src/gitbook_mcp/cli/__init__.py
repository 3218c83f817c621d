"""The composition root: the ``gitbook-mcp`` command and its sub-commands.

The only package that imports both the server and the local workspace; `wiring` is where the
real API or the local workspace is chosen, for ``serve``, ``check-links`` and ``--auth upstream``.
"""

from gitbook_mcp.cli.command import main

__all__ = ["main"]
