"""The resilience suites (faults, durability, fuzzing, benchmark smoke) use the server fixtures
of the unit suite."""

from tests.unit.server.conftest import mcp

__all__ = ["mcp"]
