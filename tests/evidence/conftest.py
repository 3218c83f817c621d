"""The evidence suites use the server fixtures of the unit suite."""

from tests.unit.server.conftest import mcp

__all__ = ["mcp"]
